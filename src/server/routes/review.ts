import { errorResponseSchema } from '../../shared/auth';
import { examDateRequestSchema, examDateSchema, reviewDueSchema } from '../../shared/review';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { listDueReviews, setExamDate } from '../services/review';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** Scheduled review (issue 13): the questions due today, and the exam date reviews are scheduled before. */
export function reviewRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.get('/review/due', { onRequest: auth, schema: { response: { 200: reviewDueSchema, ...errors } } }, async (req) =>
    listDueReviews(db, currentUser(req).id),
  );

  app.post(
    '/review/exam-date',
    { onRequest: auth, schema: { body: examDateRequestSchema, response: { 200: examDateSchema, ...errors } } },
    async (req) => setExamDate(db, currentUser(req).id, req.body.examDate),
  );
}
