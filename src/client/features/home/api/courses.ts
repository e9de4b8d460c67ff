import { useQuery } from '@tanstack/react-query';
import type { Course } from '../../../../shared/practice';

export function useCourses() {
  return useQuery<Course[]>({ queryKey: ['/api/courses'] });
}
