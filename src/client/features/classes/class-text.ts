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
