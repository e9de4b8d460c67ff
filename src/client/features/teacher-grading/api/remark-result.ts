import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GradingResult } from '../../../../shared/teacher';
import { apiRequest } from '../../../lib/api-request';
import { GRADING_RESULTS_KEY } from './grading-results';

/** POST /api/teacher/results/{id}/remark {answerText}: the corrected transcript marked again against the same scheme. */
export function useRemarkResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; answerText: string }) =>
      apiRequest<GradingResult>('POST', `/api/teacher/results/${encodeURIComponent(input.id)}/remark`, { answerText: input.answerText }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GRADING_RESULTS_KEY }),
  });
}
