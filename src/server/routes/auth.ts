import {
  authResponseSchema,
  changePasswordRequestSchema,
  errorResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  registerRequestSchema,
  revokeOthersResponseSchema,
  sessionListSchema,
  userSchema,
} from '../../shared/auth';
import type { AppDeps, ZodApp } from '../app-deps';
import {
  clearSessionCookie,
  currentUser,
  DEVICE_COOKIE,
  requireUser,
  SESSION_COOKIE,
  sessionToken,
  setDeviceCookie,
  setSessionCookie,
} from '../auth-hook';
import { changePassword, listSessions, loginUser, registerUser, revokeOtherSessions, revokeSession } from '../services/auth';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export function authRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;

  app.post(
    '/auth/register',
    { schema: { body: registerRequestSchema, response: { 201: authResponseSchema, ...errors } } },
    async (request, reply) => {
      const { device, ...result } = await registerUser(
        db,
        deps.config,
        request.body,
        request.ip,
        request.cookies[DEVICE_COOKIE],
        request.headers['user-agent'],
      );
      setSessionCookie(request, reply, result.sessionId, deps.config);
      setDeviceCookie(request, reply, device, deps.config);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema, ...errors } } },
    async (request, reply) => {
      const { device, ...result } = await loginUser(
        db,
        deps.config,
        request.body,
        request.ip,
        request.cookies[DEVICE_COOKIE],
        request.headers['user-agent'],
      );
      setSessionCookie(request, reply, result.sessionId, deps.config);
      setDeviceCookie(request, reply, device, deps.config);
      return result;
    },
  );

  app.post('/auth/logout', { schema: { response: { 200: okResponseSchema } } }, async (request, reply) => {
    // Ends the session of the bearer header and the one of the cookie it clears. Another site cannot send this
    // with the student's cookie: app.ts refuses cross-site writes (403) before it gets here.
    for (const token of new Set([sessionToken(request), request.cookies[SESSION_COOKIE]])) {
      if (token) await revokeSession(db, token, deps.sessionCache);
    }
    clearSessionCookie(request, reply, deps.config);
    return { ok: true as const };
  });

  const auth = requireUser(deps);
  /** The caller's own session token (the bearer header or the cookie requireUser accepted). */
  const ownToken = (request: Parameters<typeof sessionToken>[0]) => sessionToken(request) ?? '';

  app.post(
    '/auth/password',
    { onRequest: auth, schema: { body: changePasswordRequestSchema, response: { 200: revokeOthersResponseSchema, ...errors } } },
    async (request, reply) => {
      const { revoked, device } = await changePassword(
        db,
        deps.config,
        currentUser(request).id,
        ownToken(request),
        request.body,
        request.cookies[DEVICE_COOKIE],
        deps.sessionCache,
      );
      setDeviceCookie(request, reply, device, deps.config);
      return { revoked };
    },
  );

  app.get(
    '/auth/sessions',
    { onRequest: auth, schema: { response: { 200: sessionListSchema, 401: errorResponseSchema } } },
    async (request) => listSessions(db, currentUser(request).id, ownToken(request)),
  );

  app.post(
    '/auth/sessions/revoke-others',
    { onRequest: auth, schema: { response: { 200: revokeOthersResponseSchema, 401: errorResponseSchema } } },
    async (request) => ({ revoked: await revokeOtherSessions(db, currentUser(request).id, ownToken(request), deps.sessionCache) }),
  );

  app.get(
    '/users/me',
    { onRequest: requireUser(deps), schema: { response: { 200: userSchema, 401: errorResponseSchema } } },
    async (request) => currentUser(request),
  );
}
