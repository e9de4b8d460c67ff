import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispute, ResolveDisputeRequest } from '../../../../shared/disputes';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/disputes/{id}/resolve: accept (adds the wording and re-marks) or reject, with a comment. */
export function useResolveDispute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: ResolveDisputeRequest & { id: string }) =>
      apiRequest<Dispute>('POST', `/api/disputes/${encodeURIComponent(id)}/resolve`, body),
    onSuccess: (dispute) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/disputes'] });
      // An accepted dispute re-marked the answer: the question's feedback and the marks lists change.
      void queryClient.invalidateQueries({ queryKey: ['/api/questions', dispute.questionId] });
      void queryClient.invalidateQueries({ queryKey: ['/api/user/answers'] });
    },
  });
}
