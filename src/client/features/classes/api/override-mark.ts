import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OverrideRequest, OverrideResponse } from '../../../../shared/assignments';
import { apiRequest } from '../../../lib/api-request';

/**
 * POST /api/classes/{id}/marks {studentId, questionId, pointId?, marksAwarded, comment} (the class teacher): a
 * question's or one point's mark, with a comment the student sees. The answer dialog and the markbook refresh.
 */
export function useOverrideMark(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OverrideRequest) =>
      apiRequest<OverrideResponse>('POST', `/api/classes/${encodeURIComponent(classId)}/marks`, input),
    onSuccess: (_result, input) => {
      void queryClient.invalidateQueries({ queryKey: ['/api/classes', classId, 'students', input.studentId, 'answers', input.questionId] });
      void queryClient.invalidateQueries({ queryKey: ['/api/classes', classId, 'markbook'] });
    },
  });
}
