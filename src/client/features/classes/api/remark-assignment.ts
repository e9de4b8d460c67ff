import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RemarkSummary } from '../../../../shared/assignments';
import { apiRequest } from '../../../lib/api-request';
import { assignmentPath, invalidateAssignment } from './update-assignment';

/** POST /api/classes/{id}/assignments/{assignmentId}/remark: every submitted answer marked again; the marks that changed. */
export function useRemarkAssignment(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) => apiRequest<RemarkSummary>('POST', `${assignmentPath(classId, assignmentId)}/remark`, {}),
    onSuccess: () => invalidateAssignment(queryClient),
  });
}
