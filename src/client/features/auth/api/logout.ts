import { apiRequest } from '../../../lib/api-request';

/** POST /api/auth/logout: sent only when a token exists; the answer does not matter to the client. */
export function requestLogout(): Promise<unknown> {
  return apiRequest('POST', '/api/auth/logout').catch(() => undefined);
}
