import { useQuery } from '@tanstack/react-query';
import type { Paper } from '../../../shared/practice';

/** GET /api/question-papers/{id}. */
export function usePaper(paperId: string | undefined) {
  return useQuery<Paper>({ queryKey: ['/api/question-papers', paperId], enabled: Boolean(paperId) });
}
