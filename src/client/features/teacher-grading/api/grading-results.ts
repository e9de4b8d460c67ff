import { useQuery } from '@tanstack/react-query';
import type { GradingResult } from '../../../../shared/teacher';

export const GRADING_RESULTS_KEY = ['/api/teacher/results'] as const;
/** The signed-in teacher's results as a CSV file (the session cookie goes with the link). */
export const GRADING_RESULTS_CSV_URL = '/api/teacher/results.csv';

/** GET /api/teacher/results: the signed-in user's earlier grading results. */
export function useGradingResults() {
  return useQuery<GradingResult[]>({ queryKey: GRADING_RESULTS_KEY });
}
