import { MAX_MARKS } from '../../../shared/teacher-text';

/**
 * §5 Maximum marks (asked only for a typed scheme without marks, issue 26): a whole number from 1 to 100; null when
 * blank or invalid (blank never means 10).
 */
export function parseMaxMarks(text: string, badInput = false): number | null {
  if (badInput) return null;
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isInteger(value) && value >= MAX_MARKS.min && value <= MAX_MARKS.max ? value : null;
}

/** Whole percent of the marks, 0 to 100 (0 when there is nothing to score out of). */
export function percentOf(marksAwarded: number, totalMarks: number): number {
  if (!(totalMarks > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((100 * marksAwarded) / totalMarks)));
}
