import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import {
  markSchemeQuerySchema,
  markSchemeResponseSchema,
  markSchemeViewSchema,
  schemeDraftSchema,
  writeMarkSchemeRequestSchema,
} from '../../shared/mark-scheme-view';
import {
  answerConflictSchema,
  answerSchema,
  disagreeRequestSchema,
  evaluateRequestSchema,
  questionSchema,
  saveAnswerRequestSchema,
  saveFeedbackRequestSchema,
  storedFeedbackSchema,
  tutorMessageRequestSchema,
  tutorMessageSchema,
  tutorReplySchema,
  userAnswerSchema,
} from '../../shared/practice';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { userGoalsSchema } from '../../shared/review';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import {
  confirmFeedback,
  disagreeWithPoint,
  evaluateAnswer,
  getAnswer,
  getOwnFeedback,
  listUserAnswers,
  saveAnswer,
} from '../services/answers';
import { httpError } from '../http-error';
import { asShownToStudent, rulesOver } from '../services/assignment-rules';
import { findQuestion, getMarkScheme, listUserQuestions } from '../services/questions';
import { userGoals } from '../services/review';
import { draftMarkScheme } from '../services/draft-mark-scheme';
import { writeMarkScheme } from '../services/write-mark-scheme';
import { sendTutorMessage, tutorHistory } from '../services/tutor';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

export function answerRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.get(
    '/questions/:id/markscheme',
    {
      onRequest: auth,
      schema: { params: idParams, querystring: markSchemeQuerySchema, response: { 200: markSchemeResponseSchema, ...errors } },
    },
    async (req) => getMarkScheme(db, currentUser(req).id, req.params.id, req.query.format),
  );

  app.put(
    '/questions/:id/markscheme',
    {
      onRequest: auth,
      schema: { params: idParams, body: writeMarkSchemeRequestSchema, response: { 200: markSchemeViewSchema, ...errors } },
    },
    async (req) => writeMarkScheme(db, currentUser(req).id, req.params.id, req.body.text),
  );

  app.post(
    '/questions/:id/markscheme/draft',
    {
      ...app.engineJobLimits.route(auth, 'scheme-draft'),
      schema: { params: idParams, response: { 200: schemeDraftSchema, ...errors, 503: errorResponseSchema } },
    },
    async (req) => draftMarkScheme(db, deps.engine, currentUser(req).id, req.params.id),
  );

  app.get(
    '/questions/:id/answer',
    { onRequest: auth, schema: { params: idParams, response: { 200: answerSchema.nullable(), ...errors } } },
    async (req) => getAnswer(db, currentUser(req).id, req.params.id),
  );

  app.get(
    '/questions/:id/feedback',
    { onRequest: auth, schema: { params: idParams, response: { 200: storedFeedbackSchema.nullable(), ...errors } } },
    async (req) => getOwnFeedback(db, currentUser(req).id, req.params.id),
  );

  app.post(
    '/answers/save',
    {
      onRequest: auth,
      schema: {
        body: saveAnswerRequestSchema,
        response: { 200: answerSchema, ...errors, 409: z.union([answerConflictSchema, errorResponseSchema]) },
      },
    },
    async (req, reply) => {
      const result = await saveAnswer(db, currentUser(req).id, req.body);
      return 'conflict' in result ? reply.status(409).send(result.conflict) : result.saved;
    },
  );

  app.post(
    '/answers/evaluate',
    {
      ...app.engineJobLimits.route(auth, 'evaluate'),
      schema: { body: evaluateRequestSchema, response: { 200: storedFeedbackSchema, ...errors } },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const question = await findQuestion(db, userId, req.body.questionId);
      if (question.needsScheme) {
        // nothing to mark it against yet: the answer is kept (submitted), never lost, and the student told why
        await saveAnswer(db, userId, { questionId: question.id, text: req.body.answer, submitted: true });
        throw httpError(422, PRACTICE_TEXT.needsScheme);
      }
      return asShownToStudent(await evaluateAnswer(db, deps.engine, userId, req.body), await rulesOver(db, userId, question));
    },
  );

  app.post(
    '/feedback/save',
    { onRequest: auth, schema: { body: saveFeedbackRequestSchema, response: { 200: storedFeedbackSchema, ...errors } } },
    async (req) => {
      const userId = currentUser(req).id;
      const question = await findQuestion(db, userId, req.body.questionId);
      return asShownToStudent(await confirmFeedback(db, userId, question.id), await rulesOver(db, userId, question));
    },
  );

  app.post(
    '/feedback/disagree',
    { onRequest: auth, schema: { body: disagreeRequestSchema, response: { 200: storedFeedbackSchema, ...errors } } },
    async (req) => disagreeWithPoint(db, currentUser(req).id, req.body),
  );

  app.get(
    '/questions/:id/tutor',
    { onRequest: auth, schema: { params: idParams, response: { 200: z.array(tutorMessageSchema), ...errors } } },
    async (req) => tutorHistory(db, currentUser(req).id, req.params.id),
  );

  app.post(
    '/tutor/message',
    {
      ...app.engineJobLimits.route(auth, 'tutor'),
      schema: { body: tutorMessageRequestSchema, response: { 200: tutorReplySchema, ...errors } },
    },
    async (req) => sendTutorMessage(db, deps.engine, currentUser(req).id, req.body),
  );

  app.get('/user/answers', { onRequest: auth, schema: { response: { 200: z.array(userAnswerSchema) } } }, async (req) =>
    listUserAnswers(db, currentUser(req).id),
  );

  app.get('/user/questions', { onRequest: auth, schema: { response: { 200: z.array(questionSchema) } } }, async (req) =>
    listUserQuestions(db, currentUser(req).id),
  );

  // §7: the client only refreshes goals (it never reads them): the exam date and the review counts.
  app.get('/user/goals', { onRequest: auth, schema: { response: { 200: userGoalsSchema } } }, async (req) =>
    userGoals(db, currentUser(req).id),
  );
}
