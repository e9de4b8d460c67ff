import type { AuthResponse } from '../../../../shared/auth';
import type { AuthOptions } from '../../../../shared/auth-options';
import { apiRequest } from '../../../lib/api-request';

// Plain requests (no query library): the logged-out pages do without it (docs/benchmarks.md, "Page weight").

/** GET /api/auth/options: the ways of signing in this server offers (the school's provider, with its button text). */
export function fetchAuthOptions(): Promise<AuthOptions> {
  return apiRequest<AuthOptions>('GET', '/api/auth/options');
}

/** GET /api/auth/oidc/session: the session the school sign-in just made (its cookie), as the app keeps it. */
export function fetchSchoolSession(): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('GET', '/api/auth/oidc/session');
}

/** Where the school sign-in starts: a full page load, to the provider and back (GET /api/auth/oidc/start). */
export const SCHOOL_SIGN_IN_URL = '/api/auth/oidc/start';
