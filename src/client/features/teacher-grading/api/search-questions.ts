import { useQuery } from '@tanstack/react-query';
import type { QuestionChoice } from '../../../../shared/teacher';
import { apiRequest } from '../../../lib/api-request';

/** GET /api/teacher/questions?q=: the teacher's printed papers' questions, their own questions and the bank's, by text. */
export function useQuestionSearch(query: string) {
  const q = query.trim();
  return useQuery<QuestionChoice[]>({
    queryKey: ['/api/teacher/questions', q],
    queryFn: () => apiRequest<QuestionChoice[]>('GET', `/api/teacher/questions?q=${encodeURIComponent(q)}`),
  });
}
