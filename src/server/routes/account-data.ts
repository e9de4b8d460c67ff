import { z } from 'zod';
import { deleteAccountRequestSchema, exportFileName } from '../../shared/account-data';
import { errorResponseSchema } from '../../shared/auth';
import type { AppDeps, ZodApp } from '../app-deps';
import { clearSessionCookie, currentUser, requireUser, sessionToken } from '../auth-hook';
import { deleteAccount } from '../services/account-deletion';
import { exportAccountData } from '../services/account-export';

/** Delete my account and download my data (issue 25 item 4; docs/data-export.md, docs/security.md). */
export function accountDataRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.delete(
    '/users/me',
    {
      onRequest: auth,
      schema: {
        body: deleteAccountRequestSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const token = sessionToken(request) ?? '';
      await deleteAccount(db, deps.config, currentUser(request).id, token, request.body.password, deps.sessionCache);
      clearSessionCookie(request, reply, deps.config);
      return reply.status(204).send(null);
    },
  );

  app.get('/users/me/export', { onRequest: auth }, async (request, reply) => {
    const now = new Date();
    const data = await exportAccountData(db, currentUser(request).id, now);
    // app.ts sets Cache-Control: no-store on every /api answer; said again here, as this one is a file to keep.
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
}
