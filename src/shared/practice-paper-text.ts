// Plain constants (no zod) of practice-paper.ts: the signed-in screens import these without pulling in the contract's schemas.

import { QUESTION_COUNT } from './practice-text';
/** §2 Practice-paper PDF dialog, §5 validation and §8 error texts. */
export const PRACTICE_PAPER_TEXT = {
  subjectAndTopicRequired: 'Please enter both subject and topic',
  failed: 'Failed to generate PDF',
  /** GET /api/practice-papers/{code}/pdf for a code the caller did not print (issue 26). */
  notYours: 'No practice paper of yours has that code. Check the code printed at the foot of the page.',
  failedAlert: 'Failed to generate PDF. Please try again.',
  questionCount: `Number of questions must be between ${QUESTION_COUNT.min} and ${QUESTION_COUNT.max}`,
  difficulty: 'Difficulty must be easy, medium or hard',
} as const;

/** §9 PDF print delay: the printable window prints this long after it opens. */
export const PDF_PRINT_DELAY_MS = 500;
