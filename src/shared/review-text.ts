// Plain constants (no zod) of review.ts: the signed-in screens import these without pulling in the contract's schemas.

/**
 * Scheduled review (issue 13, item 6): every marked answer updates a spaced-repetition card for its
 * question; the Review page lists the questions due today, scheduled before the student's exam date.
 * The rules live in src/server/services/review-schedule.ts.
 */
export const REVIEW_RATINGS = ['Again', 'Hard', 'Good', 'Easy'] as const;

export const REVIEW_TEXT = {
  title: 'Review',
  description: 'Questions to answer again today, spaced out from how you did on them last time and scheduled before your exam.',
  empty: 'Nothing to review today',
  emptyDetail:
    'Every question you answer is scheduled for review from its marks: low marks come back tomorrow, high marks later. Check back tomorrow, or practise a new paper.',
  examDateLabel: 'Exam date',
  examDateHelp: 'Reviews are scheduled to fall before this date. Leave it empty for plain spaced repetition.',
  examDateInvalid: 'The exam date must be a date written as YYYY-MM-DD.',
  examDatePast: 'The exam date must be today or later.',
  examDateTooFar: 'The exam date must be within the next five years.',
  saveExamDate: 'Save exam date',
  clearExamDate: 'Clear exam date',
  loadFailed: 'Your review list could not be loaded',
} as const;

export const REVIEW_LIST_LIMIT = 100;
