import { useQuery } from '@tanstack/react-query';
import type { MarkSchemePointDto } from '../../../../shared/practice';

/** GET /api/questions/{id}/markscheme. */
export function useMarkScheme(questionId: string | undefined, enabled: boolean) {
  return useQuery<MarkSchemePointDto[]>({
    queryKey: ['/api/questions', questionId, 'markscheme'],
    enabled: Boolean(questionId) && enabled,
  });
}
