import { errorResponseSchema } from '../../shared/auth';
import { z } from 'zod';
import { practicePaperRequestSchema, practicePaperResponseSchema, reprintQuerySchema } from '../../shared/practice-paper';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { generatePracticePaper, reprintPracticePaper } from '../services/practice-paper';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 422: errorResponseSchema, 503: errorResponseSchema };

/** §2 Practice-paper PDF dialog: a printable paper, with answer keys and mark schemes for teachers when asked. */
export function practicePaperRoutes(app: ZodApp, deps: AppDeps) {
  const auth = requireUser(deps);

  app.post(
    '/generate-custom-pdf',
    {
      ...app.engineJobLimits.route(auth, 'practice-paper'),
      schema: { body: practicePaperRequestSchema, response: { 200: practicePaperResponseSchema, ...errors } },
    },
    async (req, reply) => {
      const outcome = await generatePracticePaper(deps.database.db, deps.engine, currentUser(req).id, req.body);
      if (outcome.kind === 'html') return outcome.body;
      // A file, not JSON: sent as bytes, past the JSON response schema.
      if (outcome.code) reply.header('x-paper-code', outcome.code);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${outcome.filename}"`)
        .send(outcome.pdf as never);
    },
  );

  app.get(
    '/practice-papers/:id/pdf',
    {
      onRequest: auth,
      schema: { params: z.object({ id: z.string().max(40) }), querystring: reprintQuerySchema, response: { 404: errorResponseSchema } },
    },
    async (req, reply) => {
      const include = new Set((req.query.include ?? '').split(',').filter(Boolean));
      const file = await reprintPracticePaper(deps.database.db, currentUser(req).id, req.params.id, {
        answers: include.has('answers'),
        scheme: include.has('scheme'),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.pdf as never);
    },
  );
}
