import { useQuery } from '@tanstack/react-query';
import type { CourseTopicsResponse } from '../../../shared/topics';

/** GET /api/courses/{id}/topics: the topics the paper generators suggest (cached; they change with the bank). */
export function useCourseTopics(courseId: string) {
  return useQuery<CourseTopicsResponse>({ queryKey: ['/api/courses', courseId, 'topics'] });
}
