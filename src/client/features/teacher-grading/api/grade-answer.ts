import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradingResult } from '../../../../shared/teacher';
import { apiRequest } from '../../../lib/api-request';
import { GRADING_RESULTS_KEY } from './grading-results';

/** The body sent: the spec's images, optionally the scheme chosen, and maxMarks only for a typed scheme without marks. */
export interface GradeAnswerInput {
  questionImage?: string;
  answerImage: string;
  maxMarks?: number;
  paperCode?: string;
  questionId?: string;
  markScheme?: string;
  questionText?: string;
}

/** POST /api/teacher/grade-answer; the new result joins the earlier ones. A 422 with needsScheme asks for a scheme. */
export function useGradeAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GradeAnswerInput) => apiRequest<GradingResult>('POST', '/api/teacher/grade-answer', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GRADING_RESULTS_KEY }),
  });
}
