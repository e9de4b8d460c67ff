import { useQuery } from '@tanstack/react-query';
import type { Question } from '../../../../shared/practice';
import type { QueryFreshness } from '../../../lib/api/freshness';

/** GET /api/user/questions: every question the student has, across courses (course and topic of each answer). */
export function useAnalyticsQuestions(freshness: QueryFreshness) {
  return useQuery<Question[]>({ queryKey: ['/api/user/questions'], ...freshness });
}
