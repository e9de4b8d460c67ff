import { errorResponseSchema } from '../../shared/auth';
import { practicePaperRequestSchema, practicePaperResponseSchema } from '../../shared/practice-paper';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { generatePracticePaper } from '../services/practice-paper';

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
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${outcome.filename}"`)
        .send(outcome.pdf as never);
    },
  );
}
