import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { GRADING_BODY_LIMIT } from '../../shared/limits';
import { GRADING_TEXT, gradeAnswerRequestSchema, gradingResultSchema } from '../../shared/teacher';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { gradeAnswer, listGradingResults } from '../services/teacher';
import { bodyTooLargeAs } from './upload-limits';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  413: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

/** §2 Teacher grading. The call carries two photographed sheets as base64, so it alone gets GRADING_BODY_LIMIT. */
export function teacherRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.post(
    '/teacher/grade-answer',
    {
      // Signed-in users only, checked before a large body is read; then the per-user engine limits.
      ...app.engineJobLimits.route(auth, 'grading'),
      bodyLimit: GRADING_BODY_LIMIT,
      errorHandler: bodyTooLargeAs(GRADING_TEXT.tooLarge),
      schema: { body: gradeAnswerRequestSchema, response: { 200: gradingResultSchema, ...errors } },
    },
    async (req) => gradeAnswer(db, deps.engine, currentUser(req).id, req.body),
  );

  app.get(
    '/teacher/grading-results',
    { onRequest: auth, schema: { response: { 200: z.array(gradingResultSchema), 401: errorResponseSchema } } },
    async (req) => listGradingResults(db, currentUser(req).id),
  );
}
