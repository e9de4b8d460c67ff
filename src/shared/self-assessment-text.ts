// Plain constants and formulas (no zod) of self-assessment.ts: the signed-in screens import these without pulling in the contract's schemas.

/**
 * Honest uncertainty (issue 24): a point the marker decided with confidence below CHECK_YOURSELF_BELOW
 * (src/shared/mark-scheme.ts) is shown as "Check this point yourself", and the student may mark it themselves.
 * Their mark counts as they gave it until their teacher overrides it; a teacher may confirm or override it.
 * Re-marking the answer drops every self-assessment of the old marking.
 */
/** A point decided with less confidence than this is shown as "Check this point yourself" (mark-scheme.ts). */
export const CHECK_YOURSELF_BELOW = 0.65;

export const TEACHER_DECISIONS = ['confirmed', 'overridden'] as const;
export type TeacherDecisionKind = (typeof TEACHER_DECISIONS)[number];

export interface TeacherDecision {
  decision: TeacherDecisionKind;
  marks_awarded: number;
  at: string;
}

/** One self-assessed point, as stored on the feedback row (jsonb `self_assessments`). */
export interface SelfAssessmentEntry {
  point_id: string;
  /** The marks the student gave themselves: 0 or the point's marks. */
  marks_awarded: number;
  at: string;
  teacher?: TeacherDecision;
}

export const SELF_ASSESSMENT_TEXT = {
  notEvaluated: 'This answer has not been evaluated yet. Submit it first.',
  pointNotInScheme: 'That point is not part of this mark scheme.',
  confidentPoint: 'The marker is confident about this point, so it cannot be self-assessed. If you think it is wrong, use "I disagree".',
  levelsMarked: 'This answer is marked by levels, as a whole: its points cannot be self-assessed one by one. Use "I disagree" instead.',
  marksRange: (max: number) => `marks_awarded must be 0 or ${max} for this point`,
  noSelfAssessment: 'The student has not self-assessed that point.',
  teacherDecided: 'Your teacher has already marked this point, so it cannot be self-assessed again.',
  overrideMarksRequired: 'Give the marks for the point when you override it.',
} as const;

/** The marks an entry counts for: the teacher's when they overrode it, otherwise the student's own. */
export function countedSelfAssessedMarks(entry: SelfAssessmentEntry): number {
  return entry.teacher?.decision === 'overridden' ? entry.teacher.marks_awarded : entry.marks_awarded;
}

/** What a point of the stored marking earned from the marker (its own figure, or the older rule). */
export function markerPointMarks(point: { status: string; marks_awarded?: number; marks?: number }): number {
  return point.marks_awarded ?? (point.status === 'COVERED' ? (point.marks ?? 1) : 0);
}

/**
 * The question's marks that count: the marker's total with each self-assessed point counted as the student gave
 * it (or as the teacher overrode it) instead of the marker's decision, kept within 0..total.
 */
export function marksWithSelfAssessments(
  markerTotal: number,
  totalMarks: number,
  evaluation: readonly { point_id: string; status: string; marks_awarded?: number; marks?: number }[],
  entries: readonly SelfAssessmentEntry[],
): number {
  let marks = markerTotal;
  for (const entry of entries) {
    const point = evaluation.find((p) => p.point_id === entry.point_id);
    if (!point) continue;
    marks += countedSelfAssessedMarks(entry) - markerPointMarks(point);
  }
  return Math.min(Math.max(marks, 0), totalMarks);
}

/** Marks in the total that rest on the student's own judgement (not overridden by the teacher). */
export function selfAssessedMarksOf(entries: readonly SelfAssessmentEntry[]): number {
  return entries.reduce((n, e) => n + (e.teacher?.decision === 'overridden' ? 0 : e.marks_awarded), 0);
}

/** Self-assessments the teacher has not decided on yet. */
export function pendingSelfAssessments(entries: readonly SelfAssessmentEntry[]): number {
  return entries.filter((e) => !e.teacher).length;
}

/** "1 mark self-assessed" / "2 marks self-assessed". */
export function selfAssessedPhrase(marks: number): string {
  return `${marks} ${marks === 1 ? 'mark' : 'marks'} self-assessed`;
}
