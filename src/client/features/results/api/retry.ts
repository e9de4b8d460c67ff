import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paper } from '../../../../shared/practice';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/question-papers/{id}/retry: a fresh paper on the same topic, difficulty and length. */
export function useRetryPaper(paperId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ paper: Paper }>('POST', `/api/question-papers/${paperId}/retry`, {}),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/courses'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/question-papers', paperId] });
    },
  });
}
