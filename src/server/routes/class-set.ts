import { z } from 'zod';
import { errorResponseSchema } from '../../shared/auth';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { classSetPdf } from '../services/class-set';

/**
 * GET /api/classes/{id}/assignments/{assignmentId}/class-set.pdf (issue 26): the class's teacher prints the assigned
 * paper once per student, each page with the student's name and a QR code of paper, student and page.
 */
export function classSetRoutes(app: ZodApp, deps: AppDeps) {
  const auth = requireUser(deps);
  app.get(
    '/classes/:id/assignments/:assignmentId/class-set.pdf',
    {
      onRequest: auth,
      schema: {
        params: z.object({ id: z.string().max(100), assignmentId: z.string().max(100) }),
        response: { 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const file = await classSetPdf(deps.database.db, currentUser(req).id, req.params.id, req.params.assignmentId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.pdf as never);
    },
  );
}
