import { z } from 'zod';
import { elapsedRequestSchema, finishRequestSchema, paperResultsSchema, retryResponseSchema } from '../../shared/attempts';
import { errorResponseSchema } from '../../shared/auth';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { finishPaper, paperResults, recordElapsed, retryPaper } from '../services/attempts';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

/** Finishing a question paper, its results, "Retry" and the exam timer kept on the server (issue 13). */
export function attemptRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.post(
    '/question-papers/:id/finish',
    {
      ...app.engineJobLimits.route(auth, 'evaluate'),
      schema: { params: idParams, body: finishRequestSchema, response: { 200: paperResultsSchema, ...errors } },
    },
    async (req) => finishPaper(db, deps.engine, currentUser(req).id, req.params.id, req.body ?? {}),
  );

  app.get(
    '/question-papers/:id/results',
    { onRequest: auth, schema: { params: idParams, response: { 200: paperResultsSchema, ...errors } } },
    async (req) => paperResults(db, currentUser(req).id, req.params.id),
  );

  app.post(
    '/question-papers/:id/retry',
    {
      ...app.engineJobLimits.route(auth, 'paper'),
      schema: { params: idParams, response: { 201: retryResponseSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await retryPaper(db, deps.engine, currentUser(req).id, req.params.id)),
  );

  app.post(
    '/question-papers/:id/elapsed',
    {
      onRequest: auth,
      schema: {
        params: idParams,
        body: elapsedRequestSchema,
        response: { 200: z.object({ elapsedSeconds: z.number().int() }), ...errors },
      },
    },
    async (req) => recordElapsed(db, currentUser(req).id, req.params.id, req.body.elapsedSeconds),
  );
}
