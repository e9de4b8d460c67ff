// Plain constants (no zod) of attempts.ts: the signed-in screens import these without pulling in the contract's schemas.

/** Finishing a paper and its results (issue 13). */
export const ATTEMPT_TEXT = {
  finish: 'Finish paper',
  finishing: 'Finishing...',
  unanswered: (missing: number, total: number) => `${missing} of ${total} ${total === 1 ? 'question has' : 'questions have'} no answer`,
  notFinished: 'This paper is not finished yet.',
  retry: 'Retry',
  retrying: 'Drawing a fresh paper...',
  noAnswer: 'No answer',
} as const;
