import { CLASSES_TEXT } from '../../../shared/classes-text';

/** What the classes screens say beyond the contract's own messages. */
export const CLASS_TEXT = {
  createFailed: 'The class could not be created. Please try again.',
  joinFailed: 'Could not join the class. Please try again.',
  notFoundDetail: "This class doesn't exist or you are not in it.",
};

/** The same rules as the server's createClassRequestSchema, checked before sending. */
export function validateClassName(name: string): string | null {
  const clean = name.trim();
  if (!clean) return CLASSES_TEXT.nameRequired;
  return clean.length > 100 ? CLASSES_TEXT.nameTooLong : null;
}

export function validateSubject(subject: string): string | null {
  const clean = subject.trim();
  if (!clean) return CLASSES_TEXT.subjectRequired;
  return clean.length > 100 ? CLASSES_TEXT.subjectTooLong : null;
}

export function validateJoinCode(code: string): string | null {
  return code.trim() ? null : CLASSES_TEXT.codeRequired;
}

/** The assignment settings form's field names (the choices' words are the contract's: assignment-text.ts). */
export const SETTINGS_LABEL = {
  due: 'Due date (optional)',
  lateWork: 'Work after the due date or time limit',
  timeLimit: 'Time limit in minutes (optional)',
  timeLimitHint: "The student's clock starts when they first save an answer. Leave empty for no limit.",
  attempts: 'Attempts allowed per question',
  counts: 'Which attempt counts',
  feedback: 'Show marks, feedback and the mark scheme',
  unlimited: 'Unlimited',
};

/** What the assignment's buttons and dialogs say. */
export const ASSIGNMENT_ACTION = {
  edit: 'Edit settings',
  release: 'Release feedback',
  remark: 'Re-mark this assignment',
  releaseTitle: (paper: string) => `Release the feedback on ${paper}?`,
  releaseDescription: 'Your students see their marks, the mark scheme and the feedback on every question of this paper now.',
  remarkTitle: (paper: string) => `Re-mark ${paper}?`,
  remarkDescription:
    'Every submitted answer is marked again against the mark scheme as it is now. The marks you changed yourself stand. This can take a minute.',
  released: 'Feedback released',
  saved: 'Settings saved',
};
