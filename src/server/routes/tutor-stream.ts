import { PassThrough } from 'node:stream';
import { tutorMessageRequestSchema } from '../../shared/practice';
import { TUTOR_STREAM_FAILED } from '../../shared/practice-text';
import type { AppDeps, ZodApp } from '../app-deps';
import { currentUser, requireUser } from '../auth-hook';
import { isEngineError } from '../engine/engine';
import { isHttpError } from '../http-error';
import { sendTutorMessage } from '../services/tutor';

/** One server-sent event: `delta` {text}, `done` (the spec's tutor reply) or `error` {message}. */
const frame = (event: 'delta' | 'done' | 'error', data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * POST /api/tutor/message/stream: the same body and the same stored conversation as §7's
 * POST /api/tutor/message, but the reply comes as server-sent events while it is written: `delta` events
 * with raw text, then one `done` with the whole reply (HTML, its claims about marks checked), which
 * replaces what was streamed. Anything that fails before the first piece of text is an ordinary HTTP
 * error (401, 404, 429, 503); after it, an `error` event ends the stream.
 */
export function tutorStreamRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps.database;
  const auth = requireUser(deps);

  app.post(
    '/tutor/message/stream',
    { ...app.engineJobLimits.route(auth, 'tutor'), schema: { body: tutorMessageRequestSchema } },
    async (req, reply) => {
      const stream = new PassThrough();
      let firstText!: () => void;
      const started = new Promise<void>((resolve) => (firstText = resolve));
      const work = sendTutorMessage(db, deps.engine, currentUser(req).id, req.body, (text) => {
        stream.write(frame('delta', { text }));
        firstText();
      });
      await Promise.race([work, started]);
      work.then(
        (result) => stream.end(frame('done', result)),
        (error: unknown) => {
          req.log.error({ err: error }, 'tutor stream failed');
          const message = isHttpError(error) || isEngineError(error) ? (error as Error).message : TUTOR_STREAM_FAILED;
          stream.end(frame('error', { message }));
        },
      );
      return reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
}
