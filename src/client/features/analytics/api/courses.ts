import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../../shared/practice';
import type { QueryFreshness } from './freshness';

/** GET /api/courses: the student's courses, which give each answer its subject. */
export function useAnalyticsCourses(freshness: QueryFreshness) {
  return useQuery<Course[]>({ queryKey: ['/api/courses'], ...freshness });
}
