import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment, UpdateAssignmentRequest } from '../../../../shared/classes';
import { apiRequest } from '../../../lib/api-request';

export function assignmentPath(classId: string, assignmentId: string): string {
  return `/api/classes/${encodeURIComponent(classId)}/assignments/${encodeURIComponent(assignmentId)}`;
}

/** What changes with an assignment: the class page, the markbook, the students' lists and papers. */
export function invalidateAssignment(queryClient: ReturnType<typeof useQueryClient>) {
  for (const queryKey of [['/api/classes'], ['/api/assignments'], ['/api/question-papers']]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** PATCH /api/classes/{id}/assignments/{assignmentId}: the due date and settings (what is not sent stays). */
export function useUpdateAssignment(classId: string, assignmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAssignmentRequest) => apiRequest<Assignment>('PATCH', assignmentPath(classId, assignmentId), input),
    onSuccess: () => invalidateAssignment(queryClient),
  });
}
