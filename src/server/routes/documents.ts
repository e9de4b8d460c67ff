import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import {
  askDocumentRequestSchema,
  askDocumentResponseSchema,
  documentQuestionsRequestSchema,
  documentQuestionsResponseSchema,
  pdfDocumentSchema,
} from '../../shared/documents';
import { DOCUMENT_TEXT } from '../../shared/documents-text';
import { PDF_BODY_LIMIT } from '../../shared/limits';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { toolsInThisThread } from '../engine/tools/run-tool';
import { askAboutDocument, generateDocumentQuestions, getDocumentFile, listDocuments } from '../services/documents';
import { bodyTooLargeAs } from './upload-limits';

const idParams = z.object({ id: z.string() });
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  413: errorResponseSchema,
  422: errorResponseSchema,
  503: errorResponseSchema,
};

/** §2 PDF Documents. The uploads carry the whole PDF as base64, so they alone get PDF_BODY_LIMIT. */
export function documentRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);
  // Signed-in users only, checked before a large body is read.
  const upload = { onRequest: auth, bodyLimit: PDF_BODY_LIMIT, errorHandler: bodyTooLargeAs(DOCUMENT_TEXT.tooLarge) };

  app.post(
    '/pdf/ask-question',
    {
      ...upload,
      ...app.engineJobLimits.route(auth, 'document-question'),
      schema: { body: askDocumentRequestSchema, response: { 200: askDocumentResponseSchema, ...errors } },
    },
    async (req) => askAboutDocument(db, deps.engine, deps.tools ?? toolsInThisThread, currentUser(req).id, req.body),
  );

  app.post(
    '/pdf/generate-questions',
    {
      ...upload,
      ...app.engineJobLimits.route(auth, 'document-paper'),
      schema: { body: documentQuestionsRequestSchema, response: { 201: documentQuestionsResponseSchema, ...errors } },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await generateDocumentQuestions(db, deps.engine, deps.tools ?? toolsInThisThread, currentUser(req).id, req.body)),
  );

  app.get(
    '/pdf/documents',
    { onRequest: auth, schema: { response: { 200: z.array(pdfDocumentSchema), 401: errorResponseSchema } } },
    async (req) => listDocuments(db, currentUser(req).id),
  );

  // The stored file, for the viewer's download and open-in-new-tab links (a GET: the session cookie is enough).
  app.get('/pdf/documents/:id/file', { onRequest: auth, schema: { params: idParams } }, async (req, reply) => {
    const file = await getDocumentFile(db, currentUser(req).id, req.params.id);
    const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .header('cache-control', 'private, no-store')
      .send(file.data);
  });
}
