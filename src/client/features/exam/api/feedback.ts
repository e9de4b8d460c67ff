import { useQuery } from '@tanstack/react-query';
import type { StoredFeedback } from '../../../../shared/practice';

/** GET /api/questions/{id}/feedback: only once the answer is submitted (§4). */
export function useFeedback(questionId: string | undefined, submitted: boolean) {
  return useQuery<StoredFeedback | null>({
    queryKey: ['/api/questions', questionId, 'feedback'],
    enabled: Boolean(questionId) && submitted,
  });
}
