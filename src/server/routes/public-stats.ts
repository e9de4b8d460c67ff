import { publicStatsSchema } from '../../shared/public-stats';
import type { AppDeps, ZodApp } from '../app-deps';
import { readPublicStats } from '../services/public-stats';

export function publicStatsRoutes(app: ZodApp, deps: AppDeps) {
  app.get('/public/stats', { schema: { response: { 200: publicStatsSchema } } }, async () =>
    readPublicStats(deps.database.db, deps.bankQuestionCount?.() ?? 0),
  );
}
