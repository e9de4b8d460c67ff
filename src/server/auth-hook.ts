import type { FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../shared/auth';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { httpError } from './http-error';
import { findSessionUser } from './services/auth';

export const SESSION_COOKIE = 'markwell_session';
/** The browser's device cookie (services/auth.ts deviceCookie): only the sign-in routes read it. */
export const DEVICE_COOKIE = 'markwell_device';
const DEVICE_COOKIE_PATH = '/api/auth';
const DEVICE_COOKIE_DAYS = 365;

declare module 'fastify' {
  interface FastifyRequest {
    user?: User;
  }
}

/**
 * The session token: the bearer header, or for reads (GET/HEAD) the session cookie, which lets a
 * link opened in a new tab (a PDF, say) be authorised. Writes need the header, so the cookie cannot
 * be used for cross-site request forgery.
 */
export function sessionToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (request.method === 'GET' || request.method === 'HEAD') return request.cookies[SESSION_COOKIE] ?? null;
  return null;
}

/**
 * The session cookie's attributes. Secure when the request came over HTTPS: directly, or through a proxy
 * that says so in X-Forwarded-Proto when TRUST_PROXY is set; COOKIE_SECURE=true makes it Secure always
 * (HTTPS terminated by a proxy that does not send X-Forwarded-Proto).
 */
export function sessionCookieOptions(request: FastifyRequest, config: Pick<Config, 'COOKIE_SECURE'>) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.COOKIE_SECURE || request.protocol === 'https',
  };
}

/** The session cookie, set at login and renewed as the session slides, so cookie-only reads keep working. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  config: Pick<Config, 'COOKIE_SECURE' | 'SESSION_TTL_DAYS'>,
): void {
  reply.setCookie(SESSION_COOKIE, token, { ...sessionCookieOptions(request, config), maxAge: config.SESSION_TTL_DAYS * 86_400 });
}

/** The device cookie, set at sign-up and login: HttpOnly, SameSite=Lax, a year, sent to /api/auth only. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, value: string, config: Pick<Config, 'COOKIE_SECURE'>): void {
  reply.setCookie(DEVICE_COOKIE, value, {
    ...sessionCookieOptions(request, config),
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

/** Removes the session cookie, with the attributes it was set with (a browser keeps a Secure cookie otherwise). */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'COOKIE_SECURE'>): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request, config));
}

/** onRequest hook (before the body is read or validated) for every route that needs a signed-in user: sets request.user or answers 401. */
export function requireUser(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(request);
    const found = token ? await findSessionUser(deps.database.db, deps.config, token, deps.sessionCache) : null;
    if (!token || !found) throw httpError(401, 'Authentication required');
    if (found.renewed) setSessionCookie(request, reply, token, deps.config);
    request.user = found.user;
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw httpError(401, 'Authentication required');
  return request.user;
}
