import type { FastifyReply, FastifyRequest } from 'fastify';
import { authResponseSchema, errorResponseSchema } from '../../shared/auth';
import { OIDC_TEXT } from '../../shared/oidc-text';
import type { AppDeps, ZodApp } from '../app-deps';
import {
  currentUser,
  DEVICE_COOKIE,
  requireUser,
  sessionCookieOptions,
  sessionToken,
  setDeviceCookie,
  setSessionCookie,
} from '../auth-hook';
import { httpError } from '../http-error';
import { oidcSettings } from '../oidc-config';
import { createOidcClient, finishOidcLogin, OIDC_LOGIN_TTL_MS, OidcLoginError, startOidcLogin } from '../services/oidc';

/** The state of this browser's sign-in under way: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), 10 minutes. */
const STATE_COOKIE = 'markwell_oidc_state';
const STATE_COOKIE_PATH = '/api/auth/oidc';
/** Where the browser lands after the callback: the sign-in page takes the session (GET /api/auth/oidc/session) and goes home. */
const SIGNED_IN_PAGE = '/auth?signin=oidc';

/**
 * Sign-in with the school's identity provider (issue 25 item 3): GET /api/auth/oidc/start, GET /api/auth/oidc/callback,
 * and GET /api/auth/oidc/session for the page to take the session the callback made. Without OIDC_ISSUER (and its
 * settings) /start and /callback answer 404.
 */
export function oidcRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const settings = oidcSettings(deps.config);
  const oidc = settings ? createOidcClient(settings) : null;
  const configured = () => {
    if (!oidc) throw httpError(404, OIDC_TEXT.notConfigured);
    return oidc;
  };
  const stateCookieOptions = (request: FastifyRequest) => ({ ...sessionCookieOptions(request, deps.config), path: STATE_COOKIE_PATH });
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: OidcLoginError) => {
    // The reason only (never the code, the state or the provider's tokens); what the provider said when it refused.
    const cause = error.cause as { error?: unknown; code?: unknown; name?: unknown } | undefined;
    request.log.warn({ reason: error.code, provider: cause?.error ?? cause?.code ?? cause?.name }, 'school sign-in refused');
    return reply.redirect(`/auth?error=${error.code}`, 302);
  };

  app.get('/auth/oidc/start', { schema: { response: { 404: errorResponseSchema } } }, async (request, reply) => {
    const client = configured();
    try {
      const { url, state } = await startOidcLogin(db, client);
      reply.setCookie(STATE_COOKIE, state, { ...stateCookieOptions(request), maxAge: OIDC_LOGIN_TTL_MS / 1000 });
      return reply.redirect(url, 302);
    } catch (error) {
      if (error instanceof OidcLoginError) return refuse(request, reply, error);
      throw error;
    }
  });

  app.get('/auth/oidc/callback', { schema: { response: { 404: errorResponseSchema } } }, async (request, reply) => {
    const client = configured();
    const browserState = request.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, stateCookieOptions(request));
    try {
      const { sessionId, device } = await finishOidcLogin(db, deps.config, client, {
        query: new URL(request.url, 'http://callback.invalid').searchParams,
        browserState,
        userAgent: request.headers['user-agent'],
        device: request.cookies[DEVICE_COOKIE],
      });
      setSessionCookie(request, reply, sessionId, deps.config);
      setDeviceCookie(request, reply, device, deps.config);
      return reply.redirect(SIGNED_IN_PAGE, 302);
    } catch (error) {
      if (error instanceof OidcLoginError) return refuse(request, reply, error);
      throw error;
    }
  });

  // The page the callback lands on holds only the (HttpOnly) session cookie; the app sends its bearer token on writes,
  // so it asks for the session it is in. A read of the caller's own session, like GET /api/users/me: another site
  // cannot read the answer (no CORS), and the token is the one the cookie already carries.
  app.get(
    '/auth/oidc/session',
    { onRequest: requireUser(deps), schema: { response: { 200: authResponseSchema, 401: errorResponseSchema } } },
    async (request) => ({ sessionId: sessionToken(request) ?? '', user: currentUser(request) }),
  );
}
