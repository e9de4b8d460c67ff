import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFeedback } from '../../../../shared/practice';
import type { SelfAssessRequest } from '../../../../shared/self-assessment';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/questions/{id}/self-assessment: the student marks a point the marker was not sure of (issue 24). */
export function useSelfAssess(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SelfAssessRequest) =>
      apiRequest<StoredFeedback>('POST', `/api/questions/${encodeURIComponent(questionId)}/self-assessment`, input),
    onSuccess: (feedback) => {
      queryClient.setQueryData(['/api/questions', questionId, 'feedback'], feedback);
      // the question's marks changed: the lists that show them are stale
      void queryClient.invalidateQueries({ queryKey: ['/api/user/answers'] });
    },
  });
}
