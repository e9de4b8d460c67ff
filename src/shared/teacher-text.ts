// Plain constants (no zod) of teacher.ts: the signed-in screens import these without pulling in the contract's schemas.

import { GRADING_IMAGE_MAX_BYTES } from './limits';
/**
 * §9 Maximum marks input: 1 to 100. Issue 26: never a default of 10; the maximum comes from the scheme (a printed
 * paper's question, a chosen question, a typed scheme's own "[2]"/"M1" marks) and is asked for only for a typed
 * scheme without marks.
 */
export const MAX_MARKS = { min: 1, max: 100 } as const;

/** A typed scheme's line that gives marks: "[2]" or "(2 marks)" at its end, "M1"/"A1"/"B2" in front, or a level. */
const TYPED_MARKS = [/[[(]\s*\d{1,2}\s*(?:marks?)?\s*[\])]\s*$/i, /^(?:M|A|B)\d{1,2}\b/, /^level\s*\d/i];

/** Whether a typed mark scheme gives any marks of its own (else the teacher gives its maximum). */
export function typedSchemeHasMarks(text: string): boolean {
  return text.split(/\r?\n/).some((raw) => {
    const line = raw
      .trim()
      .replace(/^(?:[-*•·]|\d{1,2}[.)]|\(?[a-z]\))\s+/i, '')
      .trim();
    return TYPED_MARKS.some((pattern) => pattern.test(line));
  });
}

/** Issue 26: the maximum marks of a typed scheme without marks. */
export const MAX_MARKS_TEXT = {
  needed: 'This mark scheme gives no marks: enter the maximum marks, or put “[2]” at the end of a point worth 2 marks.',
  tooMany: (points: number, max: number) =>
    `Your mark scheme has ${points} point${points === 1 ? '' : 's'} worth 1 mark each, fewer than ${max} marks: type more points, or give each point its marks (“[2]” at the end of a line).`,
  noScheme: 'Enter the maximum marks for this question: no mark scheme was chosen or found, so the marks cannot come from one.',
} as const;

/** §2 Teacher grading, §5 validation and §8 error texts of the grading call. */
export const GRADING_TEXT = {
  missingImagesTitle: 'Missing Images',
  missingImages: 'Please upload both the question paper image and the answer sheet image.',
  invalidMarksTitle: 'Invalid Marks',
  invalidMarks: `Maximum marks must be between ${MAX_MARKS.min} and ${MAX_MARKS.max}.`,
  invalidFileTitle: 'Invalid File',
  invalidFile: 'Please upload an image file (JPG, PNG, etc.)',
  tooLargeTitle: 'File Too Large',
  tooLarge: `Please upload an image smaller than ${GRADING_IMAGE_MAX_BYTES / (1024 * 1024)}MB`,
  /** The image named (question paper image / answer sheet image) is not an image the server can read. */
  unreadableImage: (which: string) => `The ${which} could not be read as a JPG or PNG image. Please upload an image file (JPG, PNG, etc.)`,
  gradingFailed: 'Failed to grade the answer. Please try again.',
} as const;

/**
 * A printed practice paper's identity: 'MW-' and six letters or digits that cannot be misread for each
 * other (no 0/O, 1/I/L). Printed on every page in words and in a QR code.
 */
export const PAPER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAPER_CODE_PATTERN = /^MW-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;
export const PAPER_CODE_HINT = 'A paper code looks like MW-7K3QXP (it is printed at the foot of every page).';

/** A typed or scanned code as the stored one (upper case, the dash optional), or null when it cannot be one. */
export function normalisePaperCode(text: string): string | null {
  const compact = text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^MW(?=[A-Z0-9]{6}$)/, '');
  const code = `MW-${compact}`;
  return PAPER_CODE_PATTERN.test(code) ? code : null;
}

/** Attaching a grading result to a class's student (issue 16). */
export const ATTACH_TEXT = {
  classRequired: 'Choose the class of the student to attach this result to.',
  studentRequired: 'Choose the student to attach this result to.',
  classNotFound: 'Class not found',
  studentNotFound: 'Student not found',
} as const;

/** POST /api/teacher/grade-answer texts beyond the spec's. */
export const SCHEME_TEXT = {
  needsScheme: (read: string) =>
    `The question${read ? ` (read as “${read}”)` : ''} is not in the built-in question bank or your papers, so there is no mark scheme to grade it against offline. Pick the question, type its mark scheme, or enter the paper code, then grade again.`,
  emptyScheme: 'Type the mark scheme, one point a line (put "[2]" at the end of a point worth 2 marks).',
  questionNotFound: 'No question with that id in your papers, your courses or the question bank.',
  paperNotFound: (code: string) => `No practice paper of yours has the code ${code}. Check the code printed at the foot of the page.`,
  noWriting: 'No writing could be read on the answer sheet. Try a sharper, well-lit photo taken straight on.',
  resultNotFound: 'No grading result of yours has that id.',
  noSchemeToRemark: 'This result was graded without a stored mark scheme; grade the sheet again choosing a scheme to re-mark it.',
} as const;
