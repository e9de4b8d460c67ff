import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFeedback } from '../../../../shared/practice';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/feedback/disagree: the student disputes the marking of one point (kept as a dispute). */
export function useDisagree(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { pointId: string; reason: string }) =>
      apiRequest<StoredFeedback>('POST', '/api/feedback/disagree', { questionId, ...input }),
    onSuccess: (feedback) => {
      queryClient.setQueryData(['/api/questions', questionId, 'feedback'], feedback);
      // The disagreement is also a dispute, listed on the Disputes page.
      void queryClient.invalidateQueries({ queryKey: ['/api/disputes'] });
    },
  });
}
