// Plain constants (no zod): reviewing an assignment question by question (issue 26 item 5).

/** The longest corrected transcript. */
export const TRANSCRIPT_MAX_CHARS = 20_000;

export const REVIEW_ANSWERS_TEXT = {
  transcriptRequired: 'Write the text the answer says.',
  transcriptTooLong: `A transcript can be at most ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-GB')} characters.`,
  notAssigned: 'This question is not on that assignment.',
  /** Client. */
  title: (paperTitle: string) => `Review: ${paperTitle}`,
  question: (n: number) => `Question ${n}`,
  position: (n: number, of: number) => `Student ${n} of ${of}`,
  keys: 'J or → for the next student, K or ← for the previous one.',
  previous: 'Previous student',
  next: 'Next student',
  noStudents: 'No students in this class yet.',
  noAnswer: 'No answer.',
  notMarked: 'Not marked yet',
  loadFailed: 'The answers could not be loaded.',
  correct: 'Correct the transcript',
  correctHint: 'Write what the student wrote: the answer is marked again with this text.',
  saveCorrection: 'Re-mark with this text',
  corrected: (by: string) => `Transcript corrected by ${by}`,
  overridden: 'Mark changed by the teacher',
  override: 'Change the mark',
  backToClass: 'Back to the class',
  review: 'Review answers',
} as const;

/** The review page of an assignment (a question given: that one first). */
export function reviewPath(classId: string, assignmentId: string, questionId?: string): string {
  const base = `/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}/review`;
  return questionId ? `${base}?question=${encodeURIComponent(questionId)}` : base;
}

export function questionAnswersUrl(classId: string, assignmentId: string, questionId: string): string {
  return `/api/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}/questions/${encodeURIComponent(questionId)}/answers`;
}

export function transcriptUrl(classId: string, studentId: string, questionId: string): string {
  return `/api/classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(studentId)}/answers/${encodeURIComponent(questionId)}/transcript`;
}
