import { analyticsOverviewSchema, overviewQuerySchema, predictionsResponseSchema } from '../../shared/analytics';
import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { generatePaperResponseSchema } from '../../shared/practice';
import { practiseWeakPointsBodySchema, weakPointsResponseSchema } from '../../shared/weak-points';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { subjectPredictions } from '../services/analytics';
import { analyticsOverview } from '../services/analytics-overview';
import { practiseWeakPoints, weakPoints } from '../services/weak-points';

const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

/** Analytics computed on the server with SQL aggregates (issue 13). */
export function analyticsRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.get('/analytics/predictions', { onRequest: auth, schema: { response: { 200: predictionsResponseSchema } } }, async (req) =>
    subjectPredictions(db, currentUser(req).id),
  );

  app.get(
    '/analytics/overview',
    { onRequest: auth, schema: { querystring: overviewQuerySchema, response: { 200: analyticsOverviewSchema } } },
    async (req) => analyticsOverview(db, currentUser(req).id, req.query.tz),
  );

  app.get('/analytics/weak-points', { onRequest: auth, schema: { response: { 200: weakPointsResponseSchema } } }, async (req) =>
    weakPoints(db, currentUser(req).id),
  );

  app.post(
    '/courses/:id/practise-weak-points',
    {
      ...app.engineJobLimits.route(auth, 'paper'),
      schema: { params: idParams, body: practiseWeakPointsBodySchema, response: { 201: generatePaperResponseSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await practiseWeakPoints(db, deps.engine, currentUser(req).id, req.params.id, req.body)),
  );
}
