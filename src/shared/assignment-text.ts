// Plain constants (no zod) of assignments.ts: the signed-in screens import these without pulling in the contract's schemas.

/**
 * Assessment a teacher can stand behind (issue 30). These settings apply to papers assigned to a class; a
 * student's own practice papers keep the spec's rules (unlimited re-marking, feedback at once).
 */
export const LATE_WORK = ['refuse', 'flag'] as const;
export type LateWork = (typeof LATE_WORK)[number];
export const ATTEMPT_COUNTED = ['first', 'best', 'last'] as const;
export type AttemptCounted = (typeof ATTEMPT_COUNTED)[number];
export const FEEDBACK_RELEASE = ['immediate', 'after_due', 'on_release'] as const;
export type FeedbackRelease = (typeof FEEDBACK_RELEASE)[number];

/** A student's state on one assignment, as the markbook and the class page show it. */
export const ASSIGNMENT_STATUSES = ['not_started', 'in_progress', 'submitted', 'late', 'missing'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

export const ASSIGNMENT_STATUS_LABEL: Record<AssignmentStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  submitted: 'Submitted',
  late: 'Late',
  missing: 'Missing',
};

export const LATE_WORK_LABEL: Record<LateWork, string> = {
  refuse: 'Refuse work after the due date',
  flag: 'Accept late work and flag it',
};
export const ATTEMPT_COUNTED_LABEL: Record<AttemptCounted, string> = {
  first: 'First attempt',
  best: 'Best attempt',
  last: 'Last attempt',
};
export const FEEDBACK_RELEASE_LABEL: Record<FeedbackRelease, string> = {
  immediate: 'After each submission',
  after_due: 'After the due date',
  on_release: 'When I release it',
};

/** Limits of the settings (the forms and the contract share them). */
export const MAX_TIME_LIMIT_MINUTES = 600;
export const MAX_ATTEMPTS = 20;
export const OVERRIDE_COMMENT_MAX = 1000;

/** Grace after a time limit for a submission already on its way (the server's clock decides). */
export const TIME_LIMIT_GRACE_SECONDS = 60;

const dateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }) + ' UTC';

export const ASSIGNMENT_TEXT = {
  dueInPast: 'The due date must be in the future',
  timeLimitInvalid: `The time limit must be a whole number of minutes from 1 to ${MAX_TIME_LIMIT_MINUTES}`,
  attemptsInvalid: `Attempts must be a whole number from 1 to ${MAX_ATTEMPTS}, or null for unlimited`,
  lateWorkInvalid: "lateWork must be 'refuse' or 'flag'",
  countsInvalid: "counts must be 'first', 'best' or 'last'",
  feedbackInvalid: "feedback must be 'immediate', 'after_due' or 'on_release'",
  afterDueNeedsDate: 'Feedback after the due date needs a due date',
  nothingToChange: 'Nothing to change',
  /** 409 on a submission after a due date the teacher refuses work after. */
  pastDue: (dueAt: string) =>
    `This assignment was due on ${dateTime(dueAt)} and your teacher is not accepting late work. Your answer is kept as a draft.`,
  /** 409 on a submission after the time limit (work after it refused). */
  timeUp: (minutes: number) => `The ${minutes}-minute time limit for this paper has passed. Your answer is kept as a draft.`,
  /** 409 on a submission beyond the attempts allowed. */
  noAttemptsLeft: (allowed: number) =>
    `You have used ${allowed === 1 ? 'your one attempt' : `all ${allowed} attempts`} at this question. Your answer is kept as a draft.`,
  /** What a student sees in place of marks and feedback before they are released. */
  withheld: 'Submitted. Your teacher will release the marks and feedback for this paper.',
  withheldAfterDue: (dueAt: string) => `Submitted. Marks and feedback are shown after the due date (${dateTime(dueAt)}).`,
  schemeWithheld: 'The mark scheme is shown once you have submitted your answer and your teacher releases the feedback.',
  tutorWithheld: 'The tutor opens for this question once your teacher releases the feedback.',
  feedbackNotReleased: 'The feedback on this answer has not been released yet.',
  // teacher
  overridePointNotInScheme: 'That point is not part of this mark scheme.',
  overrideTooHigh: (max: number) => `The mark can be at most ${max}`,
  overrideNoMarking: "This student's answer has not been marked yet: set the question's mark instead of a point's.",
  overrideCommentRequired: 'Please add a comment for the student',
  overrideCommentTooLong: `A comment can be at most ${OVERRIDE_COMMENT_MAX} characters`,
  marksInvalid: 'The mark must be a number of 0 or more',
  markedByTeacher: 'your teacher',
  questionNotAssigned: 'Question not found',
} as const;

/** The feedback is shown to the student now: released by the teacher, or immediate, or after a due date that has passed. */
export function feedbackReleased(
  a: { feedback: FeedbackRelease; dueAt: Date | null; releasedAt: Date | null },
  now: Date = new Date(),
): boolean {
  if (a.releasedAt) return true;
  if (a.feedback === 'immediate') return true;
  if (a.feedback === 'after_due') return a.dueAt !== null && now.getTime() >= a.dueAt.getTime();
  return false;
}
