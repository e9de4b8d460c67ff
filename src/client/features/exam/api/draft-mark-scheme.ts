import { useMutation } from '@tanstack/react-query';
import type { SchemeDraftResponse } from '../../../../shared/mark-scheme-view';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/questions/{id}/markscheme/draft: the school's AI provider drafts a scheme for the owner to edit; nothing is saved. */
export function useDraftMarkScheme(questionId: string) {
  return useMutation({
    mutationFn: () => apiRequest<SchemeDraftResponse>('POST', `/api/questions/${encodeURIComponent(questionId)}/markscheme/draft`),
  });
}
