import { useQuery } from '@tanstack/react-query';
import type { SubjectsResponse } from '../../../../shared/topics';

/** GET /api/subjects: the subjects that work offline and the school's AI provider, if one is configured (issue 27). */
export function useSubjects() {
  return useQuery<SubjectsResponse>({ queryKey: ['/api/subjects'], staleTime: Infinity });
}
