import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../../../shared/auth';
import { apiRequest } from '../../../lib/api-request';

export const SESSIONS_KEY = ['/api/auth/sessions'];

/** GET /api/auth/sessions: the signed-in user's live sessions, the current one first. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => apiRequest<SessionInfo[]>('GET', '/api/auth/sessions') });
}

/** POST /api/auth/sessions/revoke-others: every other device signed out. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ revoked: number }>('POST', '/api/auth/sessions/revoke-others'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
