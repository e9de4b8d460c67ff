import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '../../../../shared/auth';
import { apiRequest } from '../../../lib/api-request';
import { SESSIONS_KEY } from './sessions';

/** POST /api/auth/password: the current password checked; every other session ends. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) => apiRequest<{ revoked: number }>('POST', '/api/auth/password', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
