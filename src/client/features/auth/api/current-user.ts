import type { User } from '../../../../shared/auth';
import { apiRequest, takeEarly } from '../../../lib/api-request';

/** §9: the current user is cached for 5 minutes (session.tsx asks again after that, when the tab is shown). */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

/** GET /api/users/me with the stored token. */
export function fetchCurrentUser(): Promise<User> {
  // On a reload with a stored token, routes.tsx has already asked (startEarly), ahead of the app's code.
  return takeEarly<User>('/api/users/me') ?? apiRequest<User>('GET', '/api/users/me');
}
