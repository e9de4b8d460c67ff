// Memory of the real server process, measured from outside: the server is started as a child process on a fresh
// temporary DATA_DIR (a fresh install) for ENGINE_WORKERS=0, 1 and 2, and its process tree's RSS (VmRSS of the
// process and its descendants, from /proc) is printed at start (the first 200 of GET /api/public/stats), idle
// ~10 s later, after 50 markings (a user signed up, a Physics course, POST /api/answers/evaluate on its
// questions), idle again after those, and the peak seen by sampling every 250 ms during the run (with the
// kernel's own high-water mark of the node process, VmHWM). A bare Fastify process (one route) is measured the
// same way in the same run as the reference. With DATABASE_URL set, the server is also measured on a scratch
// database of that PostgreSQL server (ENGINE_WORKERS=1; PostgreSQL's own processes are not counted). The last
// PGlite row is the first start after an install: the marker's word table is removed from its cache first, so
// the server converts the package's JSON again (BENCH_SKIP_FIRST_START=1 leaves it out). Then the engine's worker
// pool alone (bench/engine-pool-server.ts: no database, no Fastify) with BENCH_POOL_WORKERS workers (default
// 1,2,3), measured once its warm-up is done, after 50 markings sent 5 at a time (so that every worker gets some) and
// idle after: the cost of each extra worker without PGlite's garbage in the figures (BENCH_POOL_WORKERS= leaves it out).
// Prints numbers and which pool worker and server ran (prebuilt or tsx); asserts nothing. Linux only (/proc).
//   npm run bench:memory
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:memory
//   BENCH_WORKERS=1 BENCH_IDLE_SECONDS=10 BENCH_MARKINGS=50 npm run bench:memory
//   BENCH_PORT=4194 npm run bench:memory   (every process on that one port, when others use the default ones)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveEmbeddingsPath } from '../src/server/engine/builtin/marker/embeddings-json';
import { wordTableCacheFiles } from '../src/server/engine/builtin/marker/word-vector-cache';
import { engineWorkerFile } from '../src/server/engine/builtin/pool/worker-bundle';
import { createScratchDatabase } from '../src/server/testing/scratch-database';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const MARKINGS = Number(process.env.BENCH_MARKINGS ?? 50);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '0,1,2').split(',').filter(Boolean).map(Number);
const POOL_WORKER_COUNTS = (process.env.BENCH_POOL_WORKERS ?? '1,2,3').split(',').filter(Boolean).map(Number);
/** With BENCH_PORT set, every process measured listens on that one port (they run one after another). */
const SINGLE_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const portFor = (port: number) => SINGLE_PORT ?? port;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const MiB = 1024 * 1024;

interface Sample {
  /** The node process's resident set (bytes). */
  node: number;
  /** The node process and all its descendants together (bytes). */
  tree: number;
  /** Proportional set size of the tree (shared pages counted once in all), from smaps_rollup (bytes). */
  pss: number;
}

interface Row {
  name: string;
  startMs: number;
  start: Sample;
  idle: Sample;
  marked: Sample;
  idleAfter: Sample;
  peakTree: number;
  hwmNode: number;
  markingMs: number;
}

function readKb(file: string, field: string): number {
  try {
    const match = fs.readFileSync(file, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0; // the process has gone
  }
}

/** The pid and every descendant (read from each process's parent in /proc/<pid>/stat). */
function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = parents.get(ppid) ?? [];
      list.push(Number(entry));
      parents.set(ppid, list);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(parents.get(next) ?? []));
  }
  return out;
}

function sample(pid: number): Sample {
  const pids = processTree(pid);
  return {
    node: readKb(`/proc/${pid}/status`, 'VmRSS'),
    tree: pids.reduce((sum, p) => sum + readKb(`/proc/${p}/status`, 'VmRSS'), 0),
    pss: pids.reduce((sum, p) => sum + readKb(`/proc/${p}/smaps_rollup`, 'Pss'), 0),
  };
}

function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // This bench's own DATABASE_URL names the PostgreSQL server to measure on; a PGlite run must not inherit it.
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  return spawn(process.execPath, args, { cwd: root, env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Starts `args`, samples its tree every 250 ms, and runs `work` (the markings) between the idle periods. */
async function measure(name: string, args: string[], env: NodeJS.ProcessEnv, healthUrl: string, work: () => Promise<void>): Promise<Row> {
  const started = Date.now();
  const child = startProcess(args, env);
  let peakTree = 0;
  const sampler = setInterval(() => {
    if (child.pid) peakTree = Math.max(peakTree, sample(child.pid).tree);
  }, 250);
  try {
    await waitFor(healthUrl, child);
    const pid = child.pid!;
    const startMs = Date.now() - started;
    const start = sample(pid);
    await sleep(IDLE_SECONDS * 1000);
    const idle = sample(pid);
    const workStarted = Date.now();
    await work();
    const markingMs = Date.now() - workStarted;
    const marked = sample(pid);
    await sleep(IDLE_SECONDS * 1000);
    const idleAfter = sample(pid);
    for (const s of [start, idle, marked, idleAfter]) peakTree = Math.max(peakTree, s.tree);
    return { name, startMs, start, idle, marked, idleAfter, peakTree, hwmNode: readKb(`/proc/${pid}/status`, 'VmHWM'), markingMs };
  } finally {
    clearInterval(sampler);
    await stop(child);
  }
}

/** Signs up, creates a Physics course and marks its questions round-robin, MARKINGS times, with answers made of their scheme points. */
async function markings(base: string) {
  const reg = await json(`${base}/api/auth/register`, {
    method: 'POST',
    body: JSON.stringify({ email: `memory-${Date.now()}@example.org`, password: 'secret12' }),
  });
  const headers = { authorization: `Bearer ${reg.sessionId}` };
  const course = await json(`${base}/api/courses/direct-create`, { method: 'POST', headers, body: JSON.stringify({ subject: 'Physics' }) });
  const questions = (await json(`${base}/api/question-papers/${course.paper.id}/questions`, { headers })) as { id: string }[];
  const answers = new Map<string, string[]>();
  for (const q of questions) {
    const scheme = (await json(`${base}/api/questions/${q.id}/markscheme`, { headers })) as { text?: string; point?: string }[];
    const points = scheme.map((p) => p.text ?? p.point ?? '').filter(Boolean);
    answers.set(q.id, [
      points.join('. '),
      points.slice(0, 1).join('. '),
      `I think it is because the energy increases and the force decreases. ${points.slice(-1).join('')}`,
      'The current flows through the resistor so the voltage goes up, and the wave speed is frequency times wavelength.',
      points.reverse().join(' and '),
    ]);
  }
  for (let i = 0; i < MARKINGS; i++) {
    const q = questions[i % questions.length];
    const options = answers.get(q.id)!;
    const answer = options[Math.floor(i / questions.length) % options.length] || 'no idea';
    await json(`${base}/api/answers/evaluate`, { method: 'POST', headers, body: JSON.stringify({ questionId: q.id, answer }) });
  }
}

/** The node arguments of `npm run serve` (package.json), so that the server is measured as it is run. */
function serveArgs(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [command, ...args] = pkg.scripts.serve.split(/\s+/);
  if (command !== 'node') throw new Error(`npm run serve is not a node command: ${pkg.scripts.serve}`);
  return args;
}

async function measureServer(name: string, env: NodeJS.ProcessEnv, defaultPort: number): Promise<Row> {
  const port = portFor(defaultPort);
  const base = `http://127.0.0.1:${port}`;
  return measure(
    name,
    serveArgs(),
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      ENGINE_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    `${base}/api/public/stats`,
    () => markings(base),
  );
}

async function measureBare(): Promise<Row> {
  const port = portFor(3921);
  const url = `http://127.0.0.1:${port}/bare`;
  return measure('bare Fastify (one route)', ['--import', 'tsx', 'bench/bare-fastify.ts'], { PORT: String(port) }, url, async () => {
    for (let i = 0; i < MARKINGS; i++) await (await fetch(url)).text();
  });
}

/** The engine pool alone with `workers` workers; markings 5 at a time. */
async function measurePool(workers: number): Promise<Row> {
  const port = portFor(3932 + workers);
  const base = `http://127.0.0.1:${port}`;
  return measure(
    `engine pool alone, ${workers} worker${workers === 1 ? '' : 's'}`,
    ['--import', 'tsx', 'bench/engine-pool-server.ts'],
    { PORT: String(port), ENGINE_WORKERS: String(workers) },
    `${base}/ready`,
    async () => {
      for (let i = 0; i < MARKINGS; i += 5) {
        await Promise.all(
          Array.from({ length: Math.min(5, MARKINGS - i) }, async () => {
            const res = await fetch(`${base}/mark`);
            if (!res.ok) throw new Error(`GET /mark: ${res.status} ${await res.text()}`);
          }),
        );
      }
    },
  );
}

const mb = (bytes: number) => (bytes / MiB).toFixed(0).padStart(6);

function print(rows: Row[]) {
  console.log(
    `${'setup'.padEnd(34)} ${'first 200'.padStart(9)}  ${'start'.padStart(6)} ${'idle'.padStart(6)} ${'+50 marked'.padStart(10)} ${'idle after'.padStart(10)} ${'peak'.padStart(6)}  ` +
      `${'node idle'.padStart(9)} ${'PSS idle'.padStart(8)} ${'node HWM'.padStart(8)}   (MiB; tree RSS unless named)`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(34)} ${`${(r.startMs / 1000).toFixed(1)} s`.padStart(9)}  ${mb(r.start.tree)} ${mb(r.idle.tree)} ${mb(r.marked.tree).padStart(10)} ` +
        `${mb(r.idleAfter.tree).padStart(10)} ${mb(r.peakTree)}  ${mb(r.idle.node).padStart(9)} ${mb(r.idle.pss).padStart(8)} ${mb(r.hwmNode).padStart(8)}` +
        `   (${MARKINGS} calls in ${(r.markingMs / 1000).toFixed(1)} s)`,
    );
  }
}

async function main() {
  console.log(
    `Memory — node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}; idle = ${IDLE_SECONDS} s after the previous step`,
  );
  // the pool's worker: the prebuilt JavaScript one when up to date (npm run build), else the sources through tsx
  const workerFile = () => (engineWorkerFile().bundled ? 'prebuilt JavaScript (dist/engine-worker)' : 'TypeScript through tsx');
  console.log(`Engine worker at the start: ${workerFile()} (without dist/engine-worker: the sources)`);
  // the server: `npm run serve` runs dist/server when up to date (scripts/serve.mjs), else the sources through tsx
  const serverFile = async () => {
    const usesLauncher = serveArgs().includes('scripts/serve.mjs');
    if (!usesLauncher) return 'TypeScript through tsx (npm run serve has no launcher)';
    const { serverIsFresh } = (await import('../scripts/build-server.mjs')) as { serverIsFresh: () => boolean };
    return serverIsFresh() ? 'prebuilt JavaScript (dist/server)' : 'TypeScript through tsx';
  };
  console.log(`Server at the start: ${await serverFile()}`);
  process.on('beforeExit', () => console.log(`Engine worker at the end: ${workerFile()}`));
  const rows: Row[] = [];
  rows.push(await measureBare());
  for (const [i, workers] of WORKER_COUNTS.entries()) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwell-memory-'));
    try {
      rows.push(await measureServer(`PGlite, ENGINE_WORKERS=${workers}`, { DATA_DIR: dataDir, ENGINE_WORKERS: String(workers) }, 3922 + i));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  // The first start after `npm ci`: no word table on disk yet, so the server converts the package's JSON once.
  const jsonFile = resolveEmbeddingsPath();
  if (jsonFile && !process.env.BENCH_SKIP_FIRST_START) {
    for (const file of wordTableCacheFiles(jsonFile)) fs.rmSync(file, { force: true });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwell-memory-'));
    try {
      rows.push(await measureServer('PGlite, 1 worker, no word table yet', { DATA_DIR: dataDir, ENGINE_WORKERS: '1' }, 3929));
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'markwell_memory');
    try {
      rows.push(await measureServer('PostgreSQL, ENGINE_WORKERS=1', { DATABASE_URL: scratch.url, ENGINE_WORKERS: '1' }, 3930));
    } finally {
      await scratch.drop();
    }
  }
  for (const workers of POOL_WORKER_COUNTS) rows.push(await measurePool(workers));
  print(rows);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
