import { analyticsOverviewSchema, overviewQuerySchema, predictionsResponseSchema } from '../../shared/analytics';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { subjectPredictions } from '../services/analytics';
import { analyticsOverview } from '../services/analytics-overview';

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
}
