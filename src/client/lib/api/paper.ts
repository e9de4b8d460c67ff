import { useQuery } from '@tanstack/react-query';
import type { Paper } from '../../../shared/practice';
import { queryKeys } from './query-keys';

/** GET /api/question-papers/{id}. */
export function usePaper(paperId: string | undefined) {
  return useQuery<Paper>({ queryKey: queryKeys.paper(paperId), enabled: Boolean(paperId) });
}
