import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { courseTopicsResponseSchema } from '../../shared/topics';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { courseTopics } from '../services/topics';

const idParams = z.object({ id: z.string() });

/** The generators' topic suggestions (issue 13, item 7). */
export function topicRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.get(
    '/courses/:id/topics',
    { onRequest: auth, schema: { params: idParams, response: { 200: courseTopicsResponseSchema, 404: errorResponseSchema } } },
    async (req) => courseTopics(db, deps.engine, currentUser(req).id, req.params.id),
  );
}
