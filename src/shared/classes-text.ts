// Plain constants (no zod) of classes.ts: the signed-in screens import these without pulling in the contract's schemas.

/**
 * Classes (issue 16): a teacher's class with a join code, its students, the papers assigned to it and its
 * markbook. Any signed-in user can create a class (and teaches it) and join others' (as a student).
 */
export const CLASSES_TEXT = {
  notFound: 'Class not found',
  noSuchCode: 'No class has that code',
  ownClass: 'You teach this class, so you cannot join it as a student.',
  paperNotFound: 'Paper not found',
  assignmentNotFound: 'Assignment not found',
  studentNotFound: 'Student not found',
  questionNotFound: 'Question not found',
  alreadyAssigned: 'This paper is already assigned to this class.',
  archived: 'This class is archived: restore it before assigning papers.',
  nameRequired: 'Please enter a class name',
  nameTooLong: 'A class name can be at most 100 characters',
  subjectRequired: 'Please enter a subject',
  subjectTooLong: 'A subject can be at most 100 characters',
  codeRequired: 'Please enter a class code',
  /** A removed student joining again with the code in force when they were removed (decision 011). */
  removed: 'Your teacher removed you from this class. Ask them for a new join code.',
  dueAtInvalid: 'The due date must be an ISO date and time (for example 2026-12-01T17:00:00Z)',
  tooManyJoins: 'Too many attempts to join a class. Please check the code with your teacher and try again in a few minutes.',
} as const;

/** Joining is rate-limited (issue 25: codes must not be guessable at speed), per user and per address. */
export const JOIN_LIMIT_WINDOW_MS = 10 * 60_000;
export const JOIN_LIMIT_PER_USER = 20;
export const JOIN_LIMIT_PER_ADDRESS = 200;

/** Join codes: easy to read aloud and to type, with no 0/O or 1/I to confuse. */
export const JOIN_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const JOIN_CODE_LENGTH = 7;

/** What a student typed, as the code is stored: upper case, without spaces or dashes. */
export function normaliseJoinCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

/** The client's path a student opens to join (the teacher shares it as a link). */
export function joinLinkPath(code: string): string {
  return `/join/${code}`;
}
