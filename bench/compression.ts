// Bytes on the wire (issue 29 item 3): a finished paper's results, its questions and the course list, sent plain,
// gzip and brotli, with the time each takes in-process (Fastify inject). Prints numbers; asserts nothing.
//   npx tsx bench/compression.ts
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createBuiltinEngine } from '../src/server/engine/builtin/builtin-engine';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);

async function main() {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'memory://', AUTH_RATE_LIMIT_PER_IP: '100000' });
  const database = await openDatabase({ dataDir: 'memory://' });
  const engine = createBuiltinEngine();
  await engine.warmUp?.();
  const app = await buildApp({ config, database, engine, clientDir: '/nonexistent' });
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'bench@example.org', password: 'secret12' },
  });
  const headers = { authorization: `Bearer ${reg.json().sessionId}` };
  const course = (await app.inject({ method: 'POST', url: '/api/courses/direct-create', headers, payload: { subject: 'Biology' } })).json();
  const paperId = course.paper.id as string;
  const questions = (await app.inject({ method: 'GET', url: `/api/question-papers/${paperId}/questions`, headers })).json() as {
    id: string;
  }[];
  for (const q of questions) {
    await app.inject({
      method: 'POST',
      url: '/api/answers/save',
      headers,
      payload: { questionId: q.id, text: 'Enzymes lower the activation energy.' },
    });
  }
  await app.inject({ method: 'POST', url: `/api/question-papers/${paperId}/finish`, headers, payload: {} });
  console.log(`Markwell compression bench — ${ROUNDS} rounds each, node ${process.version}`);
  for (const url of [`/api/question-papers/${paperId}/results`, `/api/question-papers/${paperId}/questions`, '/api/courses']) {
    const row: string[] = [];
    for (const encoding of ['identity', 'gzip', 'br']) {
      let bytes = 0;
      const ms: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': encoding } });
        ms.push(performance.now() - start);
        bytes = res.rawPayload.length;
      }
      ms.sort((a, b) => a - b);
      row.push(`${encoding} ${(bytes / 1024).toFixed(1)} KB p50 ${ms[Math.floor(ms.length / 2)].toFixed(2)} ms`);
    }
    console.log(`${url.replace(/[0-9a-f-]{36}/, ':id').padEnd(36)} ${row.join(' | ')}`);
  }
  await app.close();
  await database.close();
}

void main();
