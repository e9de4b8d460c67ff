import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import { DOCUMENT_TEXT } from '../../shared/documents-text';
import {
  assignScanPageRequestSchema,
  gradingJobSchema,
  uploadScansRequestSchema,
  uploadScansResponseSchema,
} from '../../shared/grading-jobs';
import { PDF_BODY_LIMIT } from '../../shared/limits';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import type { JobQueue } from '../jobs/job-queue';
import { assignScanPage, getGradingJob, uploadScans } from '../services/grading-jobs';
import { bodyTooLargeAs } from './upload-limits';

/**
 * Scanned class sets (issue 26): the class's teacher uploads the scans of an assignment's printed class set and is
 * answered at once with a job id (202); the job reads, matches and marks in the background; its progress is the
 * teacher's alone.
 */
export function gradingJobRoutes(app: ZodApp, deps: AppDeps & { jobs: JobQueue }) {
  const auth = requireUser(deps);
  app.post(
    '/classes/:id/assignments/:assignmentId/scans',
    {
      onRequest: auth,
      bodyLimit: PDF_BODY_LIMIT,
      errorHandler: bodyTooLargeAs(DOCUMENT_TEXT.tooLarge),
      schema: {
        params: z.object({ id: z.string().max(100), assignmentId: z.string().max(100) }),
        body: uploadScansRequestSchema,
        response: {
          202: uploadScansResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          413: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      const created = await uploadScans(deps.database.db, deps.jobs, currentUser(req).id, req.params.id, req.params.assignmentId, req.body);
      return reply.status(202).send(created);
    },
  );
  app.get(
    '/grading-jobs/:id',
    {
      onRequest: auth,
      schema: {
        params: z.object({ id: z.string().max(100) }),
        response: { 200: gradingJobSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (req) => getGradingJob(deps.database.db, currentUser(req).id, req.params.id),
  );
  app.post(
    '/grading-jobs/:id/pages/:page/assign',
    {
      // the student's answers are marked again: an engine call, limited per user like the others
      ...app.engineJobLimits.route(auth, 'evaluate'),
      schema: {
        params: z.object({ id: z.string().max(100), page: z.string().max(100) }),
        body: assignScanPageRequestSchema,
        response: {
          200: gradingJobSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (req) => assignScanPage(deps.database.db, deps.engine, currentUser(req).id, req.params.id, req.params.page, req.body),
  );
}
