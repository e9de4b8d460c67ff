import { useQuery } from '@tanstack/react-query';
import type { PaperResults } from '../../../../shared/attempts';
import { queryKeys } from '../../../lib/api/query-keys';

/** GET /api/question-papers/{id}/results: the attempt's marks, feedback and time per question. */
export function useResults(paperId: string | undefined) {
  return useQuery<PaperResults>({ queryKey: queryKeys.paperResults(paperId), enabled: Boolean(paperId), staleTime: 0 });
}
