// Durability under a crash: N simulated students autosave continuously against the real server process; after
// a random delay the process is SIGKILLed and restarted on the same data, and every acknowledged save is read
// back. A save is lost when the stored text is older than the last save the server acknowledged for that
// answer (a later save that was sent but not acknowledged may have landed too; that is fine). Prints numbers.
//   npm run bench:durability                                   (PGlite; PostgreSQL too with DATABASE_URL or TEST_DATABASE_URL)
//   npm run bench:durability -- --runs 20 --students 150 --min-ms 2000 --max-ms 6000
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:durability -- --db postgres
// Exits 1 if any acknowledged save was lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createScratchDatabase } from '../src/server/testing/scratch-database';
import {
  autosave,
  createStudent,
  findLosses,
  freePort,
  killServer,
  mapLimit,
  percentile,
  startServer,
  type Acknowledged,
  type RunningServer,
  type Store,
  waitUntilSettled,
} from './durability-harness';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    students: { type: 'string', default: '150' },
    'min-ms': { type: 'string', default: '2000' },
    'max-ms': { type: 'string', default: '6000' },
    'latency-saves': { type: 'string', default: '300' },
    db: { type: 'string', default: 'all' }, // pglite | postgres | all
  },
});
const RUNS = Number(args.runs);
const STUDENTS = Number(args.students);
const MIN_MS = Number(args['min-ms']);
const MAX_MS = Number(args['max-ms']);
const LATENCY_SAVES = Number(args['latency-saves']);
const adminUrl = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const ms = (n: number) => `${n.toFixed(1)} ms`;

/** One student, one save at a time, nothing else running: what a single autosave costs. */
async function measureLatency(server: RunningServer, run: number) {
  const student = await createStudent(server.baseUrl, 'latency');
  let n = 0;
  const result = await autosave(server.baseUrl, student, run, { stop: () => n >= LATENCY_SAVES, onAck: () => n++ });
  const l = result.latenciesMs;
  console.log(
    `  single-student autosave latency (${l.length} sequential saves): p50 ${ms(percentile(l, 50))}, p95 ${ms(percentile(l, 95))}, p99 ${ms(percentile(l, 99))}`,
  );
  return { p50: percentile(l, 50), p95: percentile(l, 95), p99: percentile(l, 99) };
}

async function benchStore(label: string, store: Store) {
  const port = await freePort();
  console.log(`\n${label}: ${STUDENTS} students, ${RUNS} runs, SIGKILL after ${MIN_MS}–${MAX_MS} ms of autosaving`);
  let server = await startServer(store, port);
  console.log(`  first start ${ms(server.startMs)}`);
  const setupStarted = performance.now();
  const students = await mapLimit(
    Array.from({ length: STUDENTS }, (_, i) => i),
    4,
    (i) => createStudent(server.baseUrl, `student${i}`),
  );
  console.log(`  ${STUDENTS} students signed up with a course each in ${ms(performance.now() - setupStarted)}`);
  // Run 0: the latency of a lone autosave, before any crash.
  const latency = await measureLatency(server, 0);

  const totals = { acks: 0, lost: 0, restartMs: [] as number[] };
  for (let run = 1; run <= RUNS; run++) {
    await waitUntilSettled(server.baseUrl);
    let stopped = false;
    const runStarted = performance.now();
    const savers = students.map((student) => autosave(server.baseUrl, student, run, { stop: () => stopped }));
    const delay = MIN_MS + Math.random() * (MAX_MS - MIN_MS);
    await new Promise((r) => setTimeout(r, delay));
    stopped = true;
    await killServer(server); // the students' saves in flight now fail: they were never acknowledged
    const savingMs = performance.now() - runStarted;
    const results = await Promise.all(savers);
    server = await startServer(store, port);
    const acknowledged: Acknowledged[] = results.map((r) => r.acknowledged);
    const losses = (await mapLimit(students, 8, (student, i) => findLosses(server.baseUrl, student, run, acknowledged[i]))).flat();
    const acks = results.reduce((n, r) => n + r.acks, 0);
    const answers = acknowledged.reduce((n, a) => n + a.size, 0);
    const latencies = results.flatMap((r) => r.latenciesMs);
    totals.acks += acks;
    totals.lost += losses.length;
    totals.restartMs.push(server.startMs);
    console.log(
      `  run ${String(run).padStart(2)}: killed after ${ms(savingMs).padStart(9)}; ${String(acks).padStart(5)} saves acknowledged ` +
        `(${answers} answers, save p50 ${ms(percentile(latencies, 50))} p95 ${ms(percentile(latencies, 95))} under load); ` +
        `lost ${losses.length}; restart ${ms(server.startMs)}`,
    );
    for (const loss of losses.slice(0, 5)) {
      console.log(
        `    lost: answer ${loss.questionId} acknowledged save ${loss.acknowledged}, stored ${loss.stored ? `run ${loss.stored.run} save ${loss.stored.seq}` : 'nothing'}`,
      );
    }
  }
  server.child.kill('SIGTERM');
  await server.exited;
  console.log(
    `  ${label} total: ${RUNS} runs, ${totals.acks} acknowledged saves, ${totals.lost} lost; restart p50 ${ms(percentile(totals.restartMs, 50))}, max ${ms(Math.max(...totals.restartMs))}`,
  );
  return { ...totals, latency };
}

async function main() {
  console.log(`Markwell durability bench — node ${process.version}, ${new Date().toISOString()}`);
  let lost = 0;
  if (args.db === 'all' || args.db === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'markwell-durability-'));
    try {
      lost += (await benchStore('PGlite', { dataDir: path.join(dir, 'data') })).lost;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (args.db === 'all' || args.db === 'postgres') {
    if (!adminUrl) {
      console.log(
        '\nPostgreSQL: skipped (set DATABASE_URL or TEST_DATABASE_URL to an admin URL; a scratch database is created and dropped)',
      );
    } else {
      const scratch = await createScratchDatabase(adminUrl, 'markwell_durability');
      try {
        lost += (await benchStore('PostgreSQL', { databaseUrl: scratch.url })).lost;
      } finally {
        await scratch.drop();
      }
    }
  }
  if (lost > 0) {
    console.log(`\n${lost} acknowledged saves lost`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
