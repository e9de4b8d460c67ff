import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { disputeSchema, resolveDisputeRequestSchema } from '../../shared/disputes';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { listDisputes, resolveDispute } from '../services/disputes';

const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** Disputes of the marking (issue 12): the student's list, and accepting or rejecting one. */
export function disputeRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.get('/disputes', { onRequest: auth, schema: { response: { 200: z.array(disputeSchema) } } }, async (req) =>
    listDisputes(db, currentUser(req).id),
  );

  app.post(
    '/disputes/:id/resolve',
    {
      ...app.engineJobLimits.route(auth, 'evaluate'),
      schema: { params: idParams, body: resolveDisputeRequestSchema, response: { 200: disputeSchema, ...errors } },
    },
    async (req) =>
      resolveDispute(db, deps.engine, currentUser(req).id, req.params.id, {
        accept: req.body.accept,
        comment: req.body.comment,
        addWording: req.body.wording,
      }),
  );
}
