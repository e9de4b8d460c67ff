import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { GRADING_BODY_LIMIT } from '../../shared/limits';
import {
  attachResultRequestSchema,
  gradeAnswerRequestSchema,
  gradingResultSchema,
  needsSchemeResponseSchema,
  practicePaperSummarySchema,
  questionChoiceSchema,
  questionSearchQuerySchema,
  remarkRequestSchema,
} from '../../shared/teacher';
import { GRADING_TEXT } from '../../shared/teacher-text';
import { toolsInThisThread } from '../engine/tools/run-tool';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import {
  attachResult,
  detachResult,
  exportGradingResultsCsv,
  gradeAnswer,
  listGradingResults,
  listPracticePapers,
  remarkResult,
  searchQuestions,
} from '../services/teacher';
import { bodyTooLargeAs } from './upload-limits';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
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
      schema: {
        body: gradeAnswerRequestSchema,
        response: { 200: gradingResultSchema, 422: z.union([needsSchemeResponseSchema, errorResponseSchema]), ...errors },
      },
    },
    async (req, reply) => {
      const outcome = await gradeAnswer(db, deps.engine, deps.tools ?? toolsInThisThread, currentUser(req).id, req.body);
      if (outcome.kind === 'needsScheme') return reply.status(422).send(outcome.body);
      return outcome.result;
    },
  );

  const listResults = {
    onRequest: auth,
    schema: { response: { 200: z.array(gradingResultSchema), 401: errorResponseSchema } },
  };
  app.get('/teacher/grading-results', listResults, async (req) => listGradingResults(db, currentUser(req).id));
  app.get('/teacher/results', listResults, async (req) => listGradingResults(db, currentUser(req).id));

  app.get('/teacher/results.csv', { onRequest: auth }, async (req, reply) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="grading-results.csv"')
      .send(await exportGradingResultsCsv(db, currentUser(req).id)),
  );

  app.post(
    '/teacher/results/:id/remark',
    {
      ...app.engineJobLimits.route(auth, 'grading'),
      schema: {
        params: z.object({ id: z.string() }),
        body: remarkRequestSchema,
        response: { 200: gradingResultSchema, 409: errorResponseSchema, 422: errorResponseSchema, ...errors },
      },
    },
    async (req) => remarkResult(db, deps.engine, currentUser(req).id, req.params.id, req.body),
  );

  // Issue 16: a result attached to a current student of one of the caller's classes appears in its markbook.
  app.post(
    '/teacher/results/:id/attach',
    {
      onRequest: auth,
      schema: { params: z.object({ id: z.string() }), body: attachResultRequestSchema, response: { 200: gradingResultSchema, ...errors } },
    },
    async (req) => attachResult(db, currentUser(req).id, req.params.id, req.body),
  );

  app.delete(
    '/teacher/results/:id/attach',
    { onRequest: auth, schema: { params: z.object({ id: z.string() }), response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await detachResult(db, currentUser(req).id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/teacher/papers',
    { onRequest: auth, schema: { response: { 200: z.array(practicePaperSummarySchema), 401: errorResponseSchema } } },
    async (req) => listPracticePapers(db, currentUser(req).id),
  );

  app.get(
    '/teacher/questions',
    {
      onRequest: auth,
      schema: {
        querystring: questionSearchQuerySchema,
        response: { 200: z.array(questionChoiceSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (req) => searchQuestions(db, deps.tools ?? toolsInThisThread, currentUser(req).id, req.query.q),
  );
}
