import { formatLongDate, formatMonth } from '../../lib/format';
import { addDays, dateOfDayKey, formatDuration, localDayKey, plural, type StudyDay } from './analytics-data';

/** §2/§9 Heatmap: today and the previous 364 local days. */
export const HEATMAP_DAYS = 365;
/** §4/§9: intensity is questionsAnswered / 10, capped at 1 — full at 10 or more questions a day. */
export const HEATMAP_FULL_AT = 10;
/** §9 Intensity steps. */
export const HEATMAP_STEPS = [0.2, 0.4, 0.6, 0.8] as const;
/** Levels 0 (no study) to 6 (full). */
export const HEATMAP_MAX_LEVEL = HEATMAP_STEPS.length + 2;

export type HeatmapLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export interface HeatmapCell {
  date: Date;
  /** yyyy-MM-dd, local. */
  key: string;
  questionsAnswered: number;
  timeSpentSeconds: number;
  level: HeatmapLevel;
}

export function heatmapIntensity(questionsAnswered: number): number {
  return Math.min(1, Math.max(0, questionsAnswered) / HEATMAP_FULL_AT);
}

/**
 * The shade of a day: 0 without study; otherwise 1 plus the number of §9 steps (0.2/0.4/0.6/0.8) the
 * intensity has reached, and 6 (full) at an intensity of 1. With 10 for full: 1 question → 1, 2–3 → 2,
 * 4–5 → 3, 6–7 → 4, 8–9 → 5, 10 or more → 6.
 */
export function heatmapLevel(questionsAnswered: number): HeatmapLevel {
  const intensity = heatmapIntensity(questionsAnswered);
  if (intensity <= 0) return 0;
  if (intensity >= 1) return HEATMAP_MAX_LEVEL as HeatmapLevel;
  // compare in whole questions so 0.6 is not lost to floating point (6 / 10 vs 0.6)
  const reached = HEATMAP_STEPS.filter((step) => questionsAnswered >= step * HEATMAP_FULL_AT - 1e-9).length;
  return (1 + reached) as HeatmapLevel;
}

/** The 365 days ending today (local), oldest first, with what was done on each. */
export function heatmapCells(days: Map<string, StudyDay>, now: Date): HeatmapCell[] {
  return Array.from({ length: HEATMAP_DAYS }, (_, i) => {
    const date = addDays(now, i - HEATMAP_DAYS + 1);
    const key = localDayKey(date);
    const day = days.get(key);
    const questionsAnswered = day?.questionsAnswered ?? 0;
    return { date, key, questionsAnswered, timeSpentSeconds: day?.timeSpentSeconds ?? 0, level: heatmapLevel(questionsAnswered) };
  });
}

export interface HeatmapLayout {
  /** rows[weekday][week]: Sunday is row 0; null pads the first and last weeks. */
  rows: (HeatmapCell | null)[][];
  weeks: number;
  /** A month's short name above the week in which its first day falls (and above the first week). */
  months: { week: number; label: string }[];
}

/** Lays the days out as a calendar: one column per week, one row per weekday. */
export function heatmapLayout(cells: HeatmapCell[]): HeatmapLayout {
  const offset = cells.length > 0 ? cells[0].date.getDay() : 0;
  const weeks = Math.ceil((offset + cells.length) / 7);
  const rows: (HeatmapCell | null)[][] = Array.from({ length: 7 }, () => Array.from({ length: weeks }, () => null));
  const months: { week: number; label: string }[] = [];
  cells.forEach((cell, i) => {
    const week = Math.floor((offset + i) / 7);
    rows[cell.date.getDay()][week] = cell;
    if (i === 0 || cell.date.getDate() === 1) {
      const label = formatMonth(cell.date);
      // a month starting in the first week replaces the partial month before it
      if (months.length > 0 && months[months.length - 1].week === week) months[months.length - 1] = { week, label };
      else months.push({ week, label });
    }
  });
  // a partial first month too close to the next label would overlap it
  if (months.length > 1 && months[1].week - months[0].week < 3) months.shift();
  return { rows, weeks, months };
}

/** What a day's cell says to a screen reader (and in its tooltip): the date and the numbers. */
export function heatmapCellLabel(cell: HeatmapCell): string {
  const date = formatLongDate(cell.date);
  if (cell.questionsAnswered === 0) return `${date}: no questions answered`;
  return `${date}: ${plural(cell.questionsAnswered, 'question')} answered, ${formatDuration(cell.timeSpentSeconds)} studied`;
}

export interface StudyStreaks {
  /** Consecutive study days ending today, or ending yesterday while today has no study yet. */
  current: number;
  longest: number;
  activeDays: number;
}

export function studyStreaks(dayKeys: Iterable<string>, now: Date): StudyStreaks {
  const active = new Set(dayKeys);
  let longest = 0;
  for (const key of active) {
    if (active.has(localDayKey(addDays(dateOfDayKey(key), -1)))) continue; // not the start of a run
    let length = 1;
    while (active.has(localDayKey(addDays(dateOfDayKey(key), length)))) length += 1;
    longest = Math.max(longest, length);
  }
  let current = 0;
  let day = active.has(localDayKey(now)) ? now : addDays(now, -1);
  while (active.has(localDayKey(day))) {
    current += 1;
    day = addDays(day, -1);
  }
  return { current, longest, activeDays: active.size };
}
