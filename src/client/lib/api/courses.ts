import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../shared/practice';
import { CACHED, type QueryFreshness } from './freshness';
import { queryKeys } from './query-keys';

/** GET /api/courses: the student's courses (the home page lists them; the analytics give each answer its subject). */
export function useCourses(freshness: QueryFreshness = CACHED) {
  return useQuery<Course[]>({ queryKey: queryKeys.courses(), ...freshness });
}
