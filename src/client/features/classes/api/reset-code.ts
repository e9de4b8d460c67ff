import { useMutation } from '@tanstack/react-query';
import type { ResetCodeResponse } from '../../../../shared/password-reset';
import { apiRequest } from '../../../lib/api-request';

/** POST /api/classes/{id}/students/{userId}/reset-code: a one-time password reset code for a student (shown once). */
export function useIssueResetCode(classId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<ResetCodeResponse>(
        'POST',
        `/api/classes/${encodeURIComponent(classId)}/students/${encodeURIComponent(userId)}/reset-code`,
        {},
      ),
  });
}
