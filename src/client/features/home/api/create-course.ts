import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Course } from '../../../../shared/practice';
import { COURSE_TITLE_SUFFIX } from '../../../../shared/practice-text';
import { apiRequest } from '../../../lib/api-request';

/** §7: the course list is fetched first, then POST /api/courses/direct-create {title, subject}. */
export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subject: string) => {
      await queryClient.fetchQuery({ queryKey: ['/api/courses'], staleTime: 0 });
      const clean = subject.trim();
      return apiRequest<Course>('POST', '/api/courses/direct-create', { title: `${clean}${COURSE_TITLE_SUFFIX}`, subject: clean });
    },
  });
}
