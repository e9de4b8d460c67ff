import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradeAnswerRequest, GradingResult } from '../../../../shared/teacher';
import { apiRequest } from '../../../lib/api-client';
import { GRADING_RESULTS_KEY } from './grading-results';

/** POST /api/teacher/grade-answer {questionImage, answerImage (base64 JPEG), maxMarks}; the new result joins the earlier ones. */
export function useGradeAnswer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GradeAnswerRequest) => apiRequest<GradingResult>('POST', '/api/teacher/grade-answer', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GRADING_RESULTS_KEY }),
  });
}
