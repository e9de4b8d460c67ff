import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../shared/practice';

/** GET /api/courses/{id}. */
export function useCourse(courseId: string | undefined) {
  return useQuery<Course>({ queryKey: ['/api/courses', courseId], enabled: Boolean(courseId) });
}
