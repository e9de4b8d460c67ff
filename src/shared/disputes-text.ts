// Plain constants (no zod) of disputes.ts: the signed-in screens import these without pulling in the contract's schemas.

/**
 * Disputes (issue 12): "I disagree" on a point of the feedback is kept as a record of its own, listed on
 * the Disputes page with its outcome. Accepting one adds the student's wording to the point's accepted
 * wordings for that question and re-marks the answer.
 */
export const DISPUTE_STATUSES = ['open', 'accepted', 'rejected'] as const;

export const DISPUTES_TEXT = {
  notFound: 'Dispute not found',
  alreadyResolved: 'This dispute has already been resolved.',
  pointGone: "That point is no longer part of this question's mark scheme.",
  noWording: 'There is no wording to accept: give the words that should earn the point.',
} as const;
