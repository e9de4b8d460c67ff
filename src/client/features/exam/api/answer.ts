import { useQuery } from '@tanstack/react-query';
import type { Answer } from '../../../../shared/practice';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /api/questions/{id}/answer (null before the first save). */
export function useAnswer(questionId: string | undefined, enabled: boolean) {
  return useQuery<Answer | null>({ queryKey: queryKeys.answer(questionId), enabled: Boolean(questionId) && enabled });
}
