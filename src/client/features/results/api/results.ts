import { useQuery } from '@tanstack/react-query';
import type { PaperResults } from '../../../../shared/attempts';

/** GET /api/question-papers/{id}/results: the attempt's marks, feedback and time per question. */
export function useResults(paperId: string | undefined) {
  return useQuery<PaperResults>({ queryKey: ['/api/question-papers', paperId, 'results'], enabled: Boolean(paperId), staleTime: 0 });
}
