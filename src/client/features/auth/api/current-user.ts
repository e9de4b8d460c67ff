import type { User } from '../../../../shared/auth';
import { apiRequest } from '../../../lib/api-request';

/** §9: the current user is cached for 5 minutes (session.tsx asks again after that, when the tab is shown). */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

/** GET /api/users/me with the stored token. */
export function fetchCurrentUser(): Promise<User> {
  return apiRequest<User>('GET', '/api/users/me');
}
