import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GeneratePaperRequest, GeneratePaperResponse } from '../../../shared/practice';
import { apiRequest } from '../api-request';

export type GeneratePaperInput = GeneratePaperRequest & { courseId: string };

/** POST /api/question-papers/generate; on success the course's paper list is refreshed. */
export function useGeneratePaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneratePaperInput) => apiRequest<GeneratePaperResponse>('POST', '/api/question-papers/generate', input),
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/courses', input.courseId] });
      void queryClient.invalidateQueries({ queryKey: ['/api/courses'] });
    },
  });
}
