import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paper, Question } from '../../../shared/practice';
import { apiRequest } from '../api-client';

export interface GeneratePaperInput {
  courseId: string;
  subject: string;
  topic: string;
  difficultyLevel: string;
  questionCount: number;
}

export interface GeneratePaperResult {
  paper: Paper;
  questions: Question[];
  totalQuestions: number;
  note: string | null;
}

/** POST /api/question-papers/generate; on success the course's paper list is refreshed. */
export function useGeneratePaper() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GeneratePaperInput) => apiRequest<GeneratePaperResult>('POST', '/api/question-papers/generate', input),
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/courses', input.courseId] });
      void queryClient.invalidateQueries({ queryKey: ['/api/courses'] });
    },
  });
}
