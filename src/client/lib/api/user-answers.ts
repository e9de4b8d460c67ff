import { useQuery } from '@tanstack/react-query';
import type { UserAnswer } from '../../../shared/practice';
import { CACHED, type QueryFreshness } from './freshness';
import { queryKeys } from './query-keys';

/** GET /api/user/answers: every answer of the student, with its marks (the exam marks answered questions; the analytics add them up). */
export function useUserAnswers(freshness: QueryFreshness = CACHED) {
  return useQuery<UserAnswer[]>({ queryKey: queryKeys.userAnswers(), ...freshness });
}
