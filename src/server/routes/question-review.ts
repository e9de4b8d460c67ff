import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { correctTranscriptRequestSchema, questionAnswersSchema, reviewStudentAnswerSchema } from '../../shared/question-review';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { correctTranscript, questionAnswers } from '../services/question-review';

/**
 * Reviewing an assignment question by question (issue 26 item 5): every student's answer to one question with its
 * marks, and the teacher's correction of a transcript (marked again). The class's teacher only (404 otherwise).
 */
export function questionReviewRoutes(app: ZodApp, deps: AppDeps) {
  const auth = requireUser(deps);
  const db = deps.database.db;
  const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };
  app.get(
    '/classes/:id/assignments/:assignmentId/questions/:questionId/answers',
    {
      onRequest: auth,
      schema: {
        params: z.object({ id: z.string().max(100), assignmentId: z.string().max(100), questionId: z.string().max(100) }),
        response: { 200: questionAnswersSchema, ...errors },
      },
    },
    async (req) => questionAnswers(db, currentUser(req).id, req.params.id, req.params.assignmentId, req.params.questionId),
  );
  app.post(
    '/classes/:id/students/:userId/answers/:questionId/transcript',
    {
      // the answer is marked again: an engine call, limited per user like the others
      ...app.engineJobLimits.route(auth, 'evaluate'),
      schema: {
        params: z.object({ id: z.string().max(100), userId: z.string().max(100), questionId: z.string().max(100) }),
        body: correctTranscriptRequestSchema,
        response: { 200: reviewStudentAnswerSchema, ...errors },
      },
    },
    async (req) =>
      correctTranscript(db, deps.engine, currentUser(req).id, req.params.id, req.params.userId, req.params.questionId, req.body),
  );
}
