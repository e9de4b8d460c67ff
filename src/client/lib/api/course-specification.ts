import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Course } from '../../../shared/practice';
import type { BoardId, CourseSpecification } from '../../../shared/specification';
import { apiRequest } from '../api-request';
import { queryKeys } from './query-keys';

/** GET /api/courses/{id}/specification: the course board's points with question counts and the student's mastery. */
export function useCourseSpecification(courseId: string | undefined) {
  return useQuery<CourseSpecification>({ queryKey: queryKeys.courseSpecification(courseId), enabled: Boolean(courseId) });
}

/** PATCH /api/courses/{id} {board}: the course's exam board; the course and its specification are read again. */
export function useSetCourseBoard(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (board: BoardId | null) => apiRequest<Course>('PATCH', `/api/courses/${courseId}`, { board }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.course(courseId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.courses() });
    },
  });
}
