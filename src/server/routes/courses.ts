import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import {
  courseSchema,
  createCourseRequestSchema,
  createCourseResponseSchema,
  generatePaperRequestSchema,
  generatePaperResponseSchema,
  paperSchema,
  questionSchema,
} from '../../shared/practice';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { createCourse, getCourse, listCourses } from '../services/courses';
import { generatePaper, getPaper, listPaperQuestions, listPapers } from '../services/papers';
import { listCourseQuestions } from '../services/questions';

const idParams = z.object({ id: z.string() });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 422: errorResponseSchema };

export function courseRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.get('/courses', { onRequest: auth, schema: { response: { 200: z.array(courseSchema) } } }, async (req) =>
    listCourses(db, currentUser(req).id),
  );

  app.post(
    '/courses/direct-create',
    {
      ...app.engineJobLimits.route(auth, 'course'),
      schema: { body: createCourseRequestSchema, response: { 201: createCourseResponseSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createCourse(db, deps.engine, currentUser(req).id, req.body)),
  );

  app.get('/courses/:id', { onRequest: auth, schema: { params: idParams, response: { 200: courseSchema, ...errors } } }, async (req) =>
    getCourse(db, currentUser(req).id, req.params.id),
  );

  app.get(
    '/courses/:id/question-papers',
    { onRequest: auth, schema: { params: idParams, response: { 200: z.array(paperSchema), ...errors } } },
    async (req) => listPapers(db, currentUser(req).id, req.params.id),
  );

  app.get(
    '/courses/:id/questions',
    { onRequest: auth, schema: { params: idParams, response: { 200: z.array(questionSchema), ...errors } } },
    async (req) => listCourseQuestions(db, currentUser(req).id, req.params.id),
  );

  app.get(
    '/question-papers/:id',
    { onRequest: auth, schema: { params: idParams, response: { 200: paperSchema, ...errors } } },
    async (req) => getPaper(db, currentUser(req).id, req.params.id),
  );

  app.get(
    '/question-papers/:id/questions',
    { onRequest: auth, schema: { params: idParams, response: { 200: z.array(questionSchema), ...errors } } },
    async (req) => listPaperQuestions(db, currentUser(req).id, req.params.id),
  );

  app.post(
    '/question-papers/generate',
    {
      ...app.engineJobLimits.route(auth, 'paper'),
      schema: { body: generatePaperRequestSchema, response: { 201: generatePaperResponseSchema, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await generatePaper(db, deps.engine, currentUser(req).id, req.body)),
  );
}
