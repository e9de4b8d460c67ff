import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import {
  forgotRequestSchema,
  forgotResponseSchema,
  resetCodeResponseSchema,
  resetOptionsSchema,
  resetRequestSchema,
  resetResponseSchema,
} from '../../shared/password-reset';
import { RESET_TEXT } from '../../shared/password-reset-text';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { createMailer } from '../mailer';
import { issueClassResetCode, requestPasswordReset, resetPassword } from '../services/password-reset';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };

/** Password reset (issue 25 item 2): by an e-mailed link, or by a code from the class's teacher or an administrator. */
export function passwordResetRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const mailer = createMailer(deps.config, app.log);
  app.addHook('onClose', async () => mailer?.close());

  app.get('/auth/password-reset', { schema: { response: { 200: resetOptionsSchema } } }, async () => ({ email: mailer !== null }));

  app.post(
    '/auth/forgot',
    { schema: { body: forgotRequestSchema, response: { 202: forgotResponseSchema, ...errors } } },
    async (request, reply) => {
      // PUBLIC_URL when set (required in production with SMTP_URL: a Host header is the caller's to choose).
      const baseUrl = deps.config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      await requestPasswordReset(db, deps.config, mailer, { email: request.body.email, ip: request.ip, baseUrl });
      return reply.status(202).send({ message: RESET_TEXT.emailSent });
    },
  );

  app.post('/auth/reset', { schema: { body: resetRequestSchema, response: { 200: resetResponseSchema, ...errors } } }, async (request) => ({
    message: await resetPassword(db, deps.config, request.body, request.ip, deps.sessionCache),
  }));

  app.post(
    '/classes/:id/students/:userId/reset-code',
    {
      onRequest: requireUser(deps),
      schema: { params: z.object({ id: z.string(), userId: z.string() }), response: { 201: resetCodeResponseSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await issueClassResetCode(db, currentUser(request).id, request.params.id, request.params.userId)),
  );
}
