import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuestionImportRequest, QuestionImportResponse } from '../../../../shared/question-import';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/courses/{id}/import/preview: what the file would import, changed and skip; nothing stored. */
export function usePreviewImport(courseId: string) {
  return useMutation({
    mutationFn: (input: QuestionImportRequest) =>
      apiRequest<QuestionImportResponse>('POST', `/api/courses/${courseId}/import/preview`, input),
  });
}

/** POST /api/courses/{id}/import: the questions stored as a new paper of the course; the course's lists refreshed. */
export function useImportQuestions(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuestionImportRequest) => apiRequest<QuestionImportResponse>('POST', `/api/courses/${courseId}/import`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/courses', courseId] });
      void queryClient.invalidateQueries({ queryKey: ['/api/courses'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/user/questions'] });
    },
  });
}
