// One user's burst against everyone else: starts the real server (src/server/index.ts) on a free port, lets
// student A fire 200 concurrent evaluations of a 20,000-character answer, then 200 tutor messages, then 100
// paper generations, while student B keeps loading GET /api/courses. Prints B's latency and what A got back
// (200 / 429 / 503 ...). Prints numbers; asserts nothing.
//   npm run bench:burst                                      (PGlite in a temporary folder)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:burst   (or TEST_DATABASE_URL)
//   BENCH_SERVER_DIR=/tmp/prev npm run bench:burst           (the server of another checkout, e.g. a git worktree)
// Any ENGINE_* variable set for this command is passed on to the server (e.g. ENGINE_WORKERS=0).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../src/server/testing/scratch-database';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverDir = process.env.BENCH_SERVER_DIR ? path.resolve(process.env.BENCH_SERVER_DIR) : root;
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const SENTENCES = [
  'The enzyme has an active site with a specific shape that is complementary to the substrate.',
  'At high temperature the hydrogen bonds break, the tertiary structure changes and the enzyme is denatured.',
  'Fewer enzyme-substrate complexes form, so the rate of reaction decreases.',
  'Osmosis is the net movement of water molecules across a partially permeable membrane from a high to a low water potential.',
];
const LONG_ANSWER = Array.from({ length: 400 }, (_, i) => SENTENCES[i % SENTENCES.length])
  .join(' ')
  .slice(0, 20_000);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The server process's peak resident memory (Linux: /proc/<pid>/status VmHWM), worker threads included. */
function peakRss(pid: number | undefined): string {
  try {
    const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return `${Math.round(kb / 1024)} MiB`;
  } catch {
    return 'unknown';
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: serverDir,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 120_000;
  while (!output.includes('Markwell is serving')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, base: `http://127.0.0.1:${port}` };
}

async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(base + url, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text };
}

async function student(base: string, name: string) {
  const email = `${name}-${Date.now()}@example.org`;
  const reg = await call(base, 'POST', '/api/auth/register', {}, { email, password: 'secret12', firstName: name, lastName: 'Bench' });
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status} ${reg.text}`);
  const headers = { authorization: `Bearer ${(JSON.parse(reg.text) as { sessionId: string }).sessionId}` };
  const course = await call(base, 'POST', '/api/courses/direct-create', headers, { subject: 'Biology' });
  if (course.status !== 201) throw new Error(`course failed: ${course.status} ${course.text}`);
  const parsed = JSON.parse(course.text) as { id: string; paper: { id: string } };
  const questions = JSON.parse((await call(base, 'GET', `/api/question-papers/${parsed.paper.id}/questions`, headers)).text) as {
    id: string;
    type: string;
  }[];
  const prose = questions.filter((q) => q.type !== 'multiple_choice');
  return { headers, courseId: parsed.id, questionIds: (prose.length ? prose : questions).map((q) => q.id) };
}

/** B loads the course list back to back until `done` resolves; returns each load's time in ms. */
async function poll(base: string, headers: Record<string, string>, done: Promise<unknown>): Promise<{ ms: number[]; failed: number }> {
  let finished = false;
  void done.finally(() => (finished = true));
  const ms: number[] = [];
  let failed = 0;
  while (!finished || ms.length < 20) {
    const start = performance.now();
    const res = await call(base, 'GET', '/api/courses', headers);
    ms.push(performance.now() - start);
    if (res.status !== 200) failed += 1;
  }
  return { ms, failed };
}

function report(name: string, b: { ms: number[]; failed: number }, statuses: number[], burstMs: number) {
  const sorted = [...b.ms].sort((x, y) => x - y);
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  const byStatus = [...counts.entries()]
    .sort(([x], [y]) => x - y)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `${name.padEnd(32)} A: ${byStatus.padEnd(18)} (429: ${counts.get(429) ?? 0}) burst ${(burstMs / 1000).toFixed(2)} s | ` +
      `B GET /api/courses n=${sorted.length} p50 ${percentile(sorted, 50).toFixed(1)} ms p99 ${percentile(sorted, 99).toFixed(1)} ms max ${sorted.at(-1)!.toFixed(1)} ms` +
      (b.failed ? ` (${b.failed} not 200)` : ''),
  );
}

async function burst(base: string, b: { headers: Record<string, string> }, fire: () => Promise<{ status: number }>[]) {
  const start = performance.now();
  const all = Promise.all(fire());
  const [results, bTimes] = await Promise.all([all, poll(base, b.headers, all)]);
  return { statuses: results.map((r) => r.status), bTimes, ms: performance.now() - start };
}

async function main() {
  let drop = async () => {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'markwell-burst-'));
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && !k.startsWith('AI_')),
  );
  env.DATA_DIR = path.join(dataDir, 'data');
  if (adminUrl) {
    const scratch = await createScratchDatabase(adminUrl, 'markwell_burst');
    env.DATABASE_URL = scratch.url;
    drop = scratch.drop;
  }
  const { child, base } = await startServer(env);
  const engineSettings = Object.entries(process.env)
    .filter(([k]) => k.startsWith('ENGINE_'))
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(
    `Markwell burst bench — ${adminUrl ? 'PostgreSQL' : 'PGlite'}, server from ${path.relative(root, serverDir) || '.'}, node ${process.version}` +
      (engineSettings ? `, ${engineSettings}` : ''),
  );
  try {
    const a = await student(base, 'a');
    const b = await student(base, 'b');
    // Warm-up: the first marking waits for the marker (or its workers) to load.
    const warm = await call(base, 'POST', '/api/answers/evaluate', b.headers, { questionId: b.questionIds[0], answer: SENTENCES[0] });
    if (warm.status !== 200) console.log(`warm-up evaluation: ${warm.status} ${warm.text.slice(0, 200)}`);

    const quiet = await poll(base, b.headers, new Promise((r) => setTimeout(r, 3000)));
    report('quiet (no burst)', quiet, [], 3000);

    const evaluations = await burst(base, b, () =>
      Array.from({ length: 200 }, (_, i) =>
        call(base, 'POST', '/api/answers/evaluate', a.headers, {
          questionId: a.questionIds[i % a.questionIds.length],
          answer: LONG_ANSWER,
        }),
      ),
    );
    report('200 evaluations (20,000 chars)', evaluations.bTimes, evaluations.statuses, evaluations.ms);

    const tutor = await burst(base, b, () =>
      Array.from({ length: 200 }, (_, i) =>
        call(base, 'POST', '/api/tutor/message', a.headers, {
          questionId: a.questionIds[i % a.questionIds.length],
          message: 'Can I have a hint about the active site?',
        }),
      ),
    );
    report('200 tutor messages', tutor.bTimes, tutor.statuses, tutor.ms);

    const papers = await burst(base, b, () =>
      Array.from({ length: 100 }, () =>
        call(base, 'POST', '/api/question-papers/generate', a.headers, {
          courseId: a.courseId,
          topic: 'enzymes',
          difficultyLevel: 'medium',
          questionCount: 20,
        }),
      ),
    );
    report('100 paper generations (20 q)', papers.bTimes, papers.statuses, papers.ms);
    console.log(`server peak RSS ${peakRss(child.pid)}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
