import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { studentAnswerSchema } from '../../shared/classes';
import { storedFeedbackSchema } from '../../shared/practice';
import { selfAssessRequestSchema, teacherSelfAssessmentRequestSchema } from '../../shared/self-assessment';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { decideSelfAssessment, selfAssessPoint } from '../services/self-assessment';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Honest uncertainty (issue 24): the student marks a point the marker was not sure of; the class teacher confirms
 * or overrides it. No engine work, so no engine limits: signed in, like the other feedback and markbook writes.
 */
export function selfAssessmentRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.post(
    '/questions/:id/self-assessment',
    {
      onRequest: auth,
      schema: { params: z.object({ id: z.string() }), body: selfAssessRequestSchema, response: { 200: storedFeedbackSchema, ...errors } },
    },
    async (req) => selfAssessPoint(db, currentUser(req).id, req.params.id, req.body),
  );

  app.post(
    '/classes/:id/students/:userId/answers/:questionId/self-assessments/:pointId',
    {
      onRequest: auth,
      schema: {
        params: z.object({ id: z.string(), userId: z.string(), questionId: z.string(), pointId: z.string() }),
        body: teacherSelfAssessmentRequestSchema,
        response: { 200: studentAnswerSchema, ...errors },
      },
    },
    async (req) =>
      decideSelfAssessment(
        db,
        currentUser(req).id,
        { classId: req.params.id, studentId: req.params.userId, questionId: req.params.questionId, pointId: req.params.pointId },
        req.body,
      ),
  );
}
