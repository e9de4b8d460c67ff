import { useQuery } from '@tanstack/react-query';
import type { Question } from '../../../shared/practice';

/** GET /api/question-papers/{id}/questions, or GET /api/courses/{id}/questions when there is no paper. */
export function useQuestions(source: { paperId?: string; courseId?: string }) {
  const queryKey = source.paperId ? ['/api/question-papers', source.paperId, 'questions'] : ['/api/courses', source.courseId, 'questions'];
  return useQuery<Question[]>({ queryKey, enabled: Boolean(source.paperId || source.courseId) });
}
