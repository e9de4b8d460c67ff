// What durable saves cost (decision 008): the autosave call's latency on PGlite on disk as Markwell opens it
// (fsync on, the WAL fsynced at every commit) against PGlite's defaults (fsync off, fsync() a no-op), in one
// process, alternating rounds so that the machine's other load falls on both alike. Prints numbers.
//   npx tsx bench/durability-latency.ts [--rounds 6] [--saves 100]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database, type Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';
import { createBuiltinEngine } from '../src/server/engine/builtin/builtin-engine';
import { percentile } from './durability-harness';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '6' }, saves: { type: 'string', default: '100' } } });
const ROUNDS = Number(args.rounds);
const SAVES = Number(args.saves);
const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'server', 'db', 'migrations');

/** PGlite as it was opened before decision 008: `new PGlite(dataDir)`, its defaults. */
async function openWithDefaults(dataDir: string): Promise<Database> {
  const client = new PGlite(dataDir);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

async function setUp(database: Database) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: 'unused' });
  const app = await buildApp({ config, database, engine: createBuiltinEngine(), clientDir: '/nonexistent' });
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email: 'latency@example.org', password: 'correct-horse-battery' },
  });
  const headers = { authorization: `Bearer ${reg.json().sessionId}` };
  const course = (await app.inject({ method: 'POST', url: '/api/courses/direct-create', headers, payload: { subject: 'Biology' } })).json();
  const questions = (await app.inject({ method: 'GET', url: `/api/question-papers/${course.paper.id}/questions`, headers })).json() as {
    id: string;
  }[];
  return { app, headers, questionIds: questions.map((q) => q.id) };
}

async function saves(
  target: { app: FastifyInstance; headers: Record<string, string>; questionIds: string[] },
  round: number,
  out: number[],
) {
  for (let i = 0; i < SAVES; i++) {
    const payload = {
      questionId: target.questionIds[i % target.questionIds.length],
      text: `round ${round} draft ${i} about enzymes and substrates`,
      submitted: false,
      timeSpentSeconds: 1,
    };
    const started = performance.now();
    const res = await target.app.inject({ method: 'POST', url: '/api/answers/save', headers: target.headers, payload });
    out.push(performance.now() - started);
    if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode}`);
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'markwell-durability-latency-'));
  try {
    const durableDb = await openDatabase({ dataDir: path.join(dir, 'durable') });
    const defaultsDb = await openWithDefaults(path.join(dir, 'defaults'));
    const durable = await setUp(durableDb);
    const defaults = await setUp(defaultsDb);
    console.log(
      `Autosave latency, PGlite on disk (${tmpdir()}), in-process, ${ROUNDS} alternating rounds of ${SAVES} sequential saves — node ${process.version}`,
    );
    const times = { 'fsync on, WAL fsynced (Markwell)': [] as number[], 'PGlite defaults (fsync off)': [] as number[] };
    await saves(durable, -1, []); // warm-up of both, not counted
    await saves(defaults, -1, []);
    for (let round = 0; round < ROUNDS; round++) {
      await saves(durable, round, times['fsync on, WAL fsynced (Markwell)']);
      await saves(defaults, round, times['PGlite defaults (fsync off)']);
    }
    for (const [name, ms] of Object.entries(times)) {
      const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
      console.log(
        `${name.padEnd(40)} n=${ms.length}  mean ${mean.toFixed(2)} ms  p50 ${percentile(ms, 50).toFixed(2)}  p95 ${percentile(ms, 95).toFixed(2)}  p99 ${percentile(ms, 99).toFixed(2)}`,
      );
    }
    await durable.app.close();
    await defaults.app.close();
    await durableDb.close();
    await defaultsDb.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
