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
import { createCourse, getCourse, listCourses, updateCourseBoard } from '../services/courses';
import { getCourseSpecification } from '../services/specification';
import { courseSpecificationSchema, specificationQuerySchema, updateCourseRequestSchema } from '../../shared/specification';
import { generatePaper, getPaper, listPaperQuestions, listPapers } from '../services/papers';
import { listCourseQuestions } from '../services/questions';
import { exportCourse, exportPaper, importQuestions } from '../services/question-import';
import { toolsInThisThread } from '../engine/tools/run-tool';
import { exportQuerySchema, questionImportRequestSchema, questionImportResponseSchema } from '../../shared/question-import';
import { IMPORT_MAX_CHARS, IMPORT_TEXT } from '../../shared/question-import-text';
import { bodyTooLargeAs } from './upload-limits';

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

  // Issue 31: the course's exam board, and that board's specification with question counts and the student's mastery.
  app.patch(
    '/courses/:id',
    { onRequest: auth, schema: { params: idParams, body: updateCourseRequestSchema, response: { 200: courseSchema, ...errors } } },
    async (req) => updateCourseBoard(db, currentUser(req).id, req.params.id, req.body.board),
  );

  app.get(
    '/courses/:id/specification',
    {
      onRequest: auth,
      schema: { params: idParams, querystring: specificationQuerySchema, response: { 200: courseSpecificationSchema, ...errors } },
    },
    async (req) => getCourseSpecification(db, currentUser(req).id, req.params.id, req.query.board),
  );

  app.get('/courses/:id', { onRequest: auth, schema: { params: idParams, response: { 200: courseSchema, ...errors } } }, async (req) =>
    getCourse(db, currentUser(req).id, req.params.id),
  );

  // Bring your own questions: a preview of what a file would import, then the import (issue 18).
  for (const [path, preview] of [
    ['/courses/:id/import/preview', true],
    ['/courses/:id/import', false],
  ] as const) {
    app.post(
      path,
      {
        ...app.engineJobLimits.route(auth, 'paper'),
        // IMPORT_MAX_CHARS of text, at up to 3 bytes a character in UTF-8; a bigger body gets the same message as a long file
        bodyLimit: IMPORT_MAX_CHARS * 3 + 64 * 1024,
        errorHandler: bodyTooLargeAs(IMPORT_TEXT.tooLarge),
        schema: {
          params: idParams,
          body: questionImportRequestSchema,
          response: { 200: questionImportResponseSchema, 201: questionImportResponseSchema, ...errors },
        },
      },
      async (req, reply) =>
        reply
          .status(preview ? 200 : 201)
          .send(await importQuestions(db, deps.tools ?? toolsInThisThread, currentUser(req).id, req.params.id, req.body, { preview })),
    );
  }

  app.get('/courses/:id/export', { onRequest: auth, schema: { params: idParams, querystring: exportQuerySchema } }, async (req, reply) => {
    const file = await exportCourse(db, deps.tools ?? toolsInThisThread, currentUser(req).id, req.params.id, req.query.format);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .send(file.content);
  });

  app.get(
    '/question-papers/:id/export',
    { onRequest: auth, schema: { params: idParams, querystring: exportQuerySchema } },
    async (req, reply) => {
      const file = await exportPaper(db, deps.tools ?? toolsInThisThread, currentUser(req).id, req.params.id, req.query.format);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.content);
    },
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
