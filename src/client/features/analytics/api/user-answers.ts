import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userAnswerSchema } from '../../../../shared/practice';
import type { QueryFreshness } from './freshness';

/** §3 Answer as the analytics lists carry it: with score (percent, once marked), marks and time. */
export type UserAnswer = z.infer<typeof userAnswerSchema>;

/** GET /api/user/answers: every answer of the student, with its marks. */
export function useAnalyticsAnswers(freshness: QueryFreshness) {
  return useQuery<UserAnswer[]>({ queryKey: ['/api/user/answers'], ...freshness });
}
