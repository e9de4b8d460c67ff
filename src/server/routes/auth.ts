import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  authResponseSchema,
  errorResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  registerRequestSchema,
  userSchema,
} from '../../shared/auth';
import type { AppDeps, ZodApp } from '../app';
import { currentUser, requireUser, SESSION_COOKIE, sessionToken } from '../auth-hook';
import { loginUser, registerUser, revokeSession } from '../services/auth';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

export function authRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const setSessionCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: deps.config.SESSION_TTL_DAYS * 86_400,
    });

  app.post(
    '/auth/register',
    { schema: { body: registerRequestSchema, response: { 201: authResponseSchema, ...errors } } },
    async (request, reply) => {
      const result = await registerUser(db, deps.config, request.body, request.ip);
      setSessionCookie(request, reply, result.sessionId);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: authResponseSchema, ...errors } } },
    async (request, reply) => {
      const result = await loginUser(db, deps.config, request.body, request.ip);
      setSessionCookie(request, reply, result.sessionId);
      return result;
    },
  );

  app.post('/auth/logout', { schema: { response: { 200: okResponseSchema } } }, async (request, reply) => {
    const token = sessionToken(request) ?? request.cookies[SESSION_COOKIE];
    if (token) await revokeSession(db, token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  app.get(
    '/users/me',
    { preHandler: requireUser(deps), schema: { response: { 200: userSchema, 401: errorResponseSchema } } },
    async (request) => currentUser(request),
  );
}
