import { useQuery } from '@tanstack/react-query';
import type { Paper } from '../../../shared/practice';

/** GET /api/courses/{id}/question-papers. */
export function useCoursePapers(courseId: string | undefined) {
  return useQuery<Paper[]>({ queryKey: ['/api/courses', courseId, 'question-papers'], enabled: Boolean(courseId) });
}
