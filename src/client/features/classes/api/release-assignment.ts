import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Assignment } from '../../../../shared/classes';
import { apiRequest } from '../../../lib/api-request';
import { assignmentPath, invalidateAssignment } from './update-assignment';

/** POST /api/classes/{id}/assignments/{assignmentId}/release: the students see their marks, points and the scheme. */
export function useReleaseAssignment(classId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) => apiRequest<Assignment>('POST', `${assignmentPath(classId, assignmentId)}/release`, {}),
    onSuccess: () => invalidateAssignment(queryClient),
  });
}
