import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClassDetail, ClassList } from '../../../../shared/classes';
import type { AttachResultRequest, GradingResult } from '../../../../shared/teacher';
import { apiRequest } from '../../../lib/api-request';
import { GRADING_RESULTS_KEY } from './grading-results';

const attachPath = (id: string) => `/api/teacher/results/${encodeURIComponent(id)}/attach`;

/** The result's attachment changed: the results list and the classes' markbooks are refreshed. */
function useAttachMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: GRADING_RESULTS_KEY });
      void queryClient.invalidateQueries({ queryKey: ['/api/classes'] });
    },
  });
}

/** POST /api/teacher/results/{id}/attach {classId, studentId}: the result appears in that class's markbook. */
export function useAttachResult() {
  return useAttachMutation((input: AttachResultRequest & { id: string }) =>
    apiRequest<GradingResult>('POST', attachPath(input.id), { classId: input.classId, studentId: input.studentId }),
  );
}

/** DELETE /api/teacher/results/{id}/attach: the result leaves the markbook. */
export function useDetachResult() {
  return useAttachMutation((id: string) => apiRequest<unknown>('DELETE', attachPath(id)));
}

/** GET /api/classes: the classes the signed-in user teaches (the ones a result can be attached in). */
export function useTeachingClasses() {
  return useQuery<ClassList, Error, ClassList['teaching']>({ queryKey: ['/api/classes'], select: (list) => list.teaching });
}

/** GET /api/classes/{id}: a taught class's current students. */
export function useClassStudents(classId: string) {
  return useQuery<ClassDetail, Error, NonNullable<ClassDetail['students']>>({
    queryKey: ['/api/classes', classId],
    enabled: Boolean(classId),
    select: (detail) => detail.students ?? [],
  });
}
