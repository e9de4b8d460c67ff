import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudentAnswer } from '../../../../shared/classes';
import type { TeacherSelfAssessmentRequest } from '../../../../shared/self-assessment';
import { apiRequest } from '../../../lib/api-request';

/**
 * POST /api/classes/{id}/students/{userId}/answers/{questionId}/self-assessments/{pointId} (the class teacher):
 * confirm the student's self-assessed mark for a point, or override it (issue 24).
 */
export function useDecideSelfAssessment(classId: string, cell: { userId: string; questionId: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pointId, ...body }: TeacherSelfAssessmentRequest & { pointId: string }) =>
      apiRequest<StudentAnswer>(
        'POST',
        `/api/classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(cell.userId)}/answers/${encodeURIComponent(
          cell.questionId,
        )}/self-assessments/${encodeURIComponent(pointId)}`,
        body,
      ),
    onSuccess: (answer) => {
      queryClient.setQueryData(['/api/classes', classId, 'students', cell.userId, 'answers', cell.questionId], answer);
      // the student's mark may have changed: the markbook's cell, totals and badge
      void queryClient.invalidateQueries({ queryKey: ['/api/classes', classId, 'markbook'] });
    },
  });
}
