import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request';
import type { Assignment, ClassDetail, CreateAssignmentRequest, JoinCodeResponse } from '../../../../shared/classes';

const path = (classId: string) => `/api/classes/${encodeURIComponent(classId)}`;

/** Every change to a class refreshes the class page, the lists and the students' assigned papers. */
function useClassMutation<TInput, TResult>(call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/classes'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/assignments'] });
    },
  });
}

/** PATCH /api/classes/{id} {name?, archived?}. */
export function useUpdateClass(classId: string) {
  return useClassMutation((input: { name?: string; archived?: boolean }) => apiRequest<ClassDetail>('PATCH', path(classId), input));
}

/** POST /api/classes/{id}/code: a new join code; the old one stops working. */
export function useRegenerateCode(classId: string) {
  return useClassMutation(() => apiRequest<JoinCodeResponse>('POST', `${path(classId)}/code`, {}));
}

/** DELETE /api/classes/{id}/students/{userId}. */
export function useRemoveStudent(classId: string) {
  return useClassMutation((userId: string) => apiRequest<unknown>('DELETE', `${path(classId)}/students/${encodeURIComponent(userId)}`));
}

/** POST /api/classes/{id}/assignments {paperId, dueAt?, lateWork, timeLimitMinutes?, attempts?, counts, feedback}. */
export function useAssignPaper(classId: string) {
  return useClassMutation((input: CreateAssignmentRequest) => apiRequest<Assignment>('POST', `${path(classId)}/assignments`, input));
}

/** DELETE /api/classes/{id}/assignments/{assignmentId}. */
export function useRemoveAssignment(classId: string) {
  return useClassMutation((assignmentId: string) =>
    apiRequest<unknown>('DELETE', `${path(classId)}/assignments/${encodeURIComponent(assignmentId)}`),
  );
}
