// API latency on the hot paths of the practice loop, in-process (Fastify inject, no sockets), on PGlite
// in memory or on PostgreSQL with BENCH_DATABASE_URL. Prints numbers; asserts nothing.
//   npm run bench:api            (PGlite)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createBuiltinEngine } from '../src/server/engine/builtin/builtin-engine';
import { createScratchDatabase } from '../src/server/testing/scratch-database';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

function summarise(name: string, ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  console.log(
    `${name.padEnd(34)} n=${String(ms.length).padStart(4)}  mean ${mean.toFixed(2).padStart(7)} ms  p50 ${at(50).toFixed(2).padStart(7)}  p95 ${at(95).toFixed(2).padStart(7)}  p99 ${at(99).toFixed(2).padStart(7)}`,
  );
}

async function main() {
  let databaseUrl: string | undefined;
  let drop = async () => {};
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'markwell_bench');
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    AUTH_RATE_LIMIT_PER_IP: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  const engine = createBuiltinEngine();
  await engine.warmUp?.();
  const app = await buildApp({ config, database, engine, clientDir: '/nonexistent' });
  console.log(`Markwell API bench — ${database.kind}, ${ROUNDS} rounds, node ${process.version}`);

  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'bench@example.org', password: 'secret12' },
  });
  const headers = { authorization: `Bearer ${reg.json().sessionId}` };
  const course = (await app.inject({ method: 'POST', url: '/api/courses/direct-create', headers, payload: { subject: 'Biology' } })).json();
  const questions = (await app.inject({ method: 'GET', url: `/api/question-papers/${course.paper.id}/questions`, headers })).json() as {
    id: string;
  }[];

  const time = async (fn: (i: number) => Promise<unknown>, n = ROUNDS) => {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = performance.now();
      await fn(i);
      out.push(performance.now() - start);
    }
    return out;
  };
  summarise('GET /api/users/me', await time(() => app.inject({ method: 'GET', url: '/api/users/me', headers })));
  summarise('GET /api/courses', await time(() => app.inject({ method: 'GET', url: '/api/courses', headers })));
  summarise(
    'GET paper questions',
    await time(() => app.inject({ method: 'GET', url: `/api/question-papers/${course.paper.id}/questions`, headers })),
  );
  summarise(
    'POST /api/answers/save (autosave)',
    await time((i) =>
      app.inject({
        method: 'POST',
        url: '/api/answers/save',
        headers,
        payload: {
          questionId: questions[i % questions.length].id,
          text: `draft ${i} about enzymes and substrates`,
          submitted: false,
          timeSpentSeconds: 5,
        },
      }),
    ),
  );
  summarise(
    'POST /api/answers/evaluate',
    await time((i) =>
      app.inject({
        method: 'POST',
        url: '/api/answers/evaluate',
        headers,
        payload: {
          questionId: questions[i % questions.length].id,
          answer: 'The enzyme active site is complementary to the substrate; the enzyme is denatured at high temperature.',
        },
      }),
    ),
  );
  summarise(
    'POST /api/tutor/message',
    await time(
      (i) =>
        app.inject({
          method: 'POST',
          url: '/api/tutor/message',
          headers,
          payload: { questionId: questions[i % questions.length].id, message: 'Can I have a hint?' },
        }),
      Math.min(ROUNDS, 100),
    ),
  );
  summarise(
    'POST /api/question-papers/generate',
    await time(
      () =>
        app.inject({
          method: 'POST',
          url: '/api/question-papers/generate',
          headers,
          payload: { courseId: course.id, topic: 'cells', difficultyLevel: 'medium', questionCount: 10 },
        }),
      Math.min(ROUNDS, 30),
    ),
  );
  console.log(`peak RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
  await app.close();
  await database.close();
  await drop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
