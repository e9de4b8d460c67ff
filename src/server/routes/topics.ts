import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { courseTopicsResponseSchema, subjectsResponseSchema, topicMatchRequestSchema, topicMatchSchema } from '../../shared/topics';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { availableSubjects, courseTopics, matchCourseTopic } from '../services/topics';

const idParams = z.object({ id: z.string() });

/** The generators' topic suggestions (issue 13, item 7), the check of a typed topic and the subjects (issue 27). */
export function topicRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.get(
    '/courses/:id/topics',
    { onRequest: auth, schema: { params: idParams, response: { 200: courseTopicsResponseSchema, 404: errorResponseSchema } } },
    async (req) => courseTopics(db, deps.engine, currentUser(req).id, req.params.id),
  );

  // A POST that changes nothing: the typed subject and topic travel in the body, as the generators send them.
  app.post(
    '/topics/match',
    { onRequest: auth, schema: { body: topicMatchRequestSchema, response: { 200: topicMatchSchema, 400: errorResponseSchema } } },
    async (req) => matchCourseTopic(deps.engine, req.body.subject, req.body.topic),
  );

  app.get('/subjects', { onRequest: auth, schema: { response: { 200: subjectsResponseSchema } } }, async () =>
    availableSubjects(deps.engine),
  );
}
