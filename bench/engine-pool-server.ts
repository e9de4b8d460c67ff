// For bench/memory.ts: the built-in engine's worker pool alone (ENGINE_WORKERS workers, no database, no Fastify),
// in a process of its own behind a bare node:http server. GET /ready answers 200 once the pool has warmed up (503
// before); GET /mark marks one answer to a Physics question from the bank in the pool.
import http from 'node:http';
import type { QuestionForMarking } from '../src/server/engine/engine';
import { createPooledEngine } from '../src/server/engine/builtin/pool/pooled-engine';

const workers = Number(process.env.ENGINE_WORKERS ?? 1);
const engine = createPooledEngine({ workers, maxQueue: 100, idleStopMs: Number(process.env.ENGINE_WORKER_IDLE_SECONDS ?? 0) * 1000 });

let question: QuestionForMarking | undefined;
let ready = false;
// Ready once the warm-up is done and the workers have started (a call per worker that fails at once: not a PDF).
void engine
  .warmUp?.()
  .then(() => Promise.all(Array.from({ length: workers }, () => engine.tools.run('readPdf', Buffer.from('not a pdf')).catch(() => null))))
  .then(() => (ready = true));

const server = http.createServer((req, res) => {
  const reply = (status: number, body: string) => res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  if (req.url === '/ready') return reply(ready ? 200 : 503, String(ready));
  if (req.url !== '/mark') return reply(404, 'not found');
  void (async () => {
    question ??= (await engine.generatePaper({ subject: 'Physics', difficulty: 'medium', count: 5, seed: 3 })).questions[0];
    const feedback = await engine.evaluateAnswer({ question, answer: question.modelAnswer ?? 'The force increases.' });
    reply(200, String(feedback.marks_awarded));
  })().catch((error: unknown) => reply(500, String(error)));
});
server.listen(Number(process.env.PORT ?? 3931), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void engine.close().then(() => process.exit(0));
});
