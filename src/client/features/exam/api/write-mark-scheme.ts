import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkSchemeView } from '../../../../shared/mark-scheme-view';
import { apiRequest } from '../../../lib/api-request';

/** PUT /api/questions/{id}/markscheme: the question's owner writes its scheme; the paper's questions are read again. */
export function useWriteMarkScheme(questionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      apiRequest<MarkSchemeView>('PUT', `/api/questions/${encodeURIComponent(questionId)}/markscheme`, { text }),
    onSuccess: () => {
      for (const queryKey of [['/api/questions', questionId], ['/api/question-papers'], ['/api/courses'], ['/api/user/questions']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
