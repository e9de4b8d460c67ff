import { useQuery } from '@tanstack/react-query';
import type { GradingResult } from '../../../../shared/teacher';

export const GRADING_RESULTS_KEY = ['/api/teacher/grading-results'] as const;

/** GET /api/teacher/grading-results: the signed-in user's earlier grading results. */
export function useGradingResults() {
  return useQuery<GradingResult[]>({ queryKey: GRADING_RESULTS_KEY });
}
