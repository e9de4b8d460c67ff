import { useQuery } from '@tanstack/react-query';
import type { Answer } from '../../../../shared/practice';

/** GET /api/questions/{id}/answer (null before the first save). */
export function useAnswer(questionId: string | undefined, enabled: boolean) {
  return useQuery<Answer | null>({ queryKey: ['/api/questions', questionId, 'answer'], enabled: Boolean(questionId) && enabled });
}
