import { useQuery } from '@tanstack/react-query';
import type { Question } from '../../../shared/practice';
import { queryKeys } from './query-keys';

/** GET /api/question-papers/{id}/questions, or GET /api/courses/{id}/questions when there is no paper. */
export function useQuestions(source: { paperId?: string; courseId?: string }) {
  const queryKey = source.paperId ? queryKeys.paperQuestions(source.paperId) : queryKeys.courseQuestions(source.courseId);
  return useQuery<Question[]>({ queryKey, enabled: Boolean(source.paperId || source.courseId) });
}
