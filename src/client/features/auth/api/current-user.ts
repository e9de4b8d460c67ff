import { useQuery } from '@tanstack/react-query';
import type { User } from '../../../../shared/auth';
import { getQueryFn } from '../../../lib/api-client';

export const CURRENT_USER_KEY = ['/api/users/me'] as const;
/** §9: the current user is cached for 5 minutes. */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

/** GET /api/users/me, only when a token is stored. */
export function useCurrentUser(token: string | null) {
  return useQuery<User | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<User>({ on401: 'throw' }),
    enabled: Boolean(token),
    staleTime: CURRENT_USER_STALE_MS,
  });
}
