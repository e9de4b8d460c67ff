import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../shared/practice';
import { queryKeys } from './query-keys';

/** GET /api/courses/{id}. */
export function useCourse(courseId: string | undefined) {
  return useQuery<Course>({ queryKey: queryKeys.course(courseId), enabled: Boolean(courseId) });
}
