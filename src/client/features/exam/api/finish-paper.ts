import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaperResults } from '../../../../shared/attempts';
import { queryKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/question-papers/{id}/finish: marks every unsubmitted answer and returns the results. */
export function useFinishPaper(paperId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { elapsedSeconds: number }) =>
      apiRequest<PaperResults>('POST', `/api/question-papers/${paperId}/finish`, { elapsedSeconds: input.elapsedSeconds }),
    onSuccess: (results) => {
      queryClient.setQueryData(queryKeys.paperResults(paperId), results);
      for (const queryKey of [['/api/question-papers'], ['/api/questions'], ['/api/courses'], ['/api/user/answers']]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
