import type { ResetOptions } from '../../../../shared/password-reset';
import { apiRequest } from '../../../lib/api-request';

// Plain requests (no query library): the logged-out pages do without it (docs/benchmarks.md, "Page weight").

/** GET /api/auth/password-reset: whether this server can e-mail a reset link (otherwise: a teacher's code). */
export function fetchResetOptions(): Promise<ResetOptions> {
  return apiRequest<ResetOptions>('GET', '/api/auth/password-reset');
}

/** POST /api/auth/forgot {email}: always the same answer, whether or not the address has an account. */
export function requestResetLink(email: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', '/api/auth/forgot', { email });
}

/** POST /api/auth/reset: with the e-mailed link's token, or with the e-mail address and a teacher's code. */
export function resetPassword(body: { token: string; password: string } | { email: string; code: string; password: string }) {
  return apiRequest<{ message: string }>('POST', '/api/auth/reset', body);
}
