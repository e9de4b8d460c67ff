import { useQuery } from '@tanstack/react-query';
import type { ReviewDue } from '../../../../shared/review';
import { LIVE } from '../../../lib/api/freshness';

export const REVIEW_DUE_KEY = ['/api/review/due'];

/**
 * GET /api/review/due: the questions due today, the counts and the exam date. Always fetched afresh when the
 * page opens: answering a question on the exam screen reschedules it.
 */
export function useReviewDue() {
  return useQuery<ReviewDue>({ queryKey: REVIEW_DUE_KEY, ...LIVE });
}
