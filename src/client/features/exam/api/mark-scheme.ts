import { useQuery } from '@tanstack/react-query';

export interface MarkSchemePointView {
  id: string;
  text: string;
  marks: number;
}

/** GET /api/questions/{id}/markscheme. */
export function useMarkScheme(questionId: string | undefined, enabled: boolean) {
  return useQuery<MarkSchemePointView[]>({
    queryKey: ['/api/questions', questionId, 'markscheme'],
    enabled: Boolean(questionId) && enabled,
  });
}
