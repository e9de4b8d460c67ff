import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import {
  assignedPapersSchema,
  assignmentSchema,
  classDetailSchema,
  classListSchema,
  classSummarySchema,
  createAssignmentRequestSchema,
  createClassRequestSchema,
  joinClassRequestSchema,
  joinCodeResponseSchema,
  markbookQuerySchema,
  markbookSchema,
  studentAnswerSchema,
  updateAssignmentRequestSchema,
  updateClassRequestSchema,
} from '../../shared/classes';
import { overrideRequestSchema, overrideResponseSchema, remarkSummarySchema } from '../../shared/assignments';
import { CLASSES_TEXT, JOIN_LIMIT_PER_ADDRESS, JOIN_LIMIT_PER_USER, JOIN_LIMIT_WINDOW_MS } from '../../shared/classes-text';
import { httpError } from '../http-error';
import { overrideMark, releaseAssignment, remarkAssignment, updateAssignment } from '../services/assignments';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import {
  createAssignment,
  createClass,
  deleteAssignment,
  getClass,
  getMarkbook,
  getStudentAnswer,
  joinClass,
  listAssignedPapers,
  listClasses,
  markbookCsv,
  regenerateJoinCode,
  removeStudent,
  updateClass,
} from '../services/classes';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Classes (issue 16): a teacher's class, its join code, students, assigned papers and markbook. */
export function classRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.post(
    '/classes',
    { onRequest: auth, schema: { body: createClassRequestSchema, response: { 201: classDetailSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await createClass(db, currentUser(req).id, req.body)),
  );

  app.get('/classes', { onRequest: auth, schema: { response: { 200: classListSchema, ...errors } } }, async (req) =>
    listClasses(db, currentUser(req).id),
  );

  // Join codes cannot be guessed at speed (issue 25): per user and per address, counted in this instance.
  const joinLimit = (key: 'user' | 'address', max: number) =>
    app.rateLimit({
      max,
      timeWindow: JOIN_LIMIT_WINDOW_MS,
      keyGenerator: (req) => (key === 'user' ? `join:u:${req.user?.id ?? req.ip}` : `join:a:${req.ip}`),
      errorResponseBuilder: (_req, context) => httpError(context.statusCode, CLASSES_TEXT.tooManyJoins),
    });
  app.post(
    '/classes/join',
    {
      onRequest: [auth, joinLimit('user', JOIN_LIMIT_PER_USER), joinLimit('address', JOIN_LIMIT_PER_ADDRESS)],
      schema: { body: joinClassRequestSchema, response: { 200: classSummarySchema, ...errors, 429: errorResponseSchema } },
    },
    async (req) => joinClass(db, currentUser(req).id, req.body.code),
  );

  app.get('/classes/:id', { onRequest: auth, schema: { params: idParams, response: { 200: classDetailSchema, ...errors } } }, async (req) =>
    getClass(db, currentUser(req).id, req.params.id),
  );

  app.patch(
    '/classes/:id',
    { onRequest: auth, schema: { params: idParams, body: updateClassRequestSchema, response: { 200: classDetailSchema, ...errors } } },
    async (req) => updateClass(db, currentUser(req).id, req.params.id, req.body),
  );

  app.post(
    '/classes/:id/code',
    { onRequest: auth, schema: { params: idParams, response: { 200: joinCodeResponseSchema, ...errors } } },
    async (req) => regenerateJoinCode(db, currentUser(req).id, req.params.id),
  );

  app.delete(
    '/classes/:id/students/:userId',
    { onRequest: auth, schema: { params: z.object({ id: z.string(), userId: z.string() }), response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await removeStudent(db, currentUser(req).id, req.params.id, req.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/classes/:id/assignments',
    {
      onRequest: auth,
      schema: { params: idParams, body: createAssignmentRequestSchema, response: { 201: assignmentSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createAssignment(db, currentUser(req).id, req.params.id, req.body)),
  );

  app.delete(
    '/classes/:id/assignments/:assignmentId',
    {
      onRequest: auth,
      schema: { params: z.object({ id: z.string(), assignmentId: z.string() }), response: { 204: z.null(), ...errors } },
    },
    async (req, reply) => {
      await deleteAssignment(db, currentUser(req).id, req.params.id, req.params.assignmentId);
      return reply.status(204).send(null);
    },
  );

  const assignmentParams = z.object({ id: z.string(), assignmentId: z.string() });

  app.patch(
    '/classes/:id/assignments/:assignmentId',
    {
      onRequest: auth,
      schema: { params: assignmentParams, body: updateAssignmentRequestSchema, response: { 200: assignmentSchema, ...errors } },
    },
    async (req) => updateAssignment(db, currentUser(req).id, req.params.id, req.params.assignmentId, req.body),
  );

  app.post(
    '/classes/:id/assignments/:assignmentId/release',
    { onRequest: auth, schema: { params: assignmentParams, response: { 200: assignmentSchema, ...errors } } },
    async (req) => releaseAssignment(db, currentUser(req).id, req.params.id, req.params.assignmentId),
  );

  app.post(
    '/classes/:id/assignments/:assignmentId/remark',
    {
      ...app.engineJobLimits.route(auth, 'evaluate'),
      schema: { params: assignmentParams, response: { 200: remarkSummarySchema, ...errors } },
    },
    async (req) => remarkAssignment(db, deps.engine, currentUser(req).id, req.params.id, req.params.assignmentId),
  );

  app.post(
    '/classes/:id/marks',
    { onRequest: auth, schema: { params: idParams, body: overrideRequestSchema, response: { 201: overrideResponseSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await overrideMark(db, currentUser(req).id, req.params.id, req.body)),
  );

  app.get('/assignments', { onRequest: auth, schema: { response: { 200: assignedPapersSchema, ...errors } } }, async (req) =>
    listAssignedPapers(db, currentUser(req).id),
  );

  app.get(
    '/classes/:id/markbook',
    { onRequest: auth, schema: { params: idParams, querystring: markbookQuerySchema, response: { 200: markbookSchema, ...errors } } },
    async (req) => getMarkbook(db, currentUser(req).id, req.params.id, req.query.assignmentId),
  );

  app.get(
    '/classes/:id/markbook.csv',
    { onRequest: auth, schema: { params: idParams, querystring: markbookQuerySchema } },
    async (req, reply) => {
      const file = await markbookCsv(db, currentUser(req).id, req.params.id, req.query.assignmentId);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
  );

  app.get(
    '/classes/:id/students/:userId/answers/:questionId',
    {
      onRequest: auth,
      schema: {
        params: z.object({ id: z.string(), userId: z.string(), questionId: z.string() }),
        response: { 200: studentAnswerSchema, ...errors },
      },
    },
    async (req) => getStudentAnswer(db, currentUser(req).id, req.params.id, req.params.userId, req.params.questionId),
  );
}
