// The parts of the durability check shared by bench/durability.ts and src/server/durability.test.ts: start the
// real server process, sign students up, autosave through the real HTTP API, SIGKILL, restart, and compare
// what is stored with what was acknowledged. Node built-ins only (child_process, fetch).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Where the server keeps its data: a PGlite folder, or a PostgreSQL database. */
export type Store = { dataDir: string } | { databaseUrl: string };

export interface RunningServer {
  baseUrl: string;
  child: ChildProcess;
  /** Milliseconds from spawning the process to its first HTTP answer. */
  startMs: number;
  exited: Promise<number | null>;
  /** The last lines the process printed (start-up failures). */
  output: () => string;
}

/** This machine's environment without database or AI settings, so the store given is the one used. */
function baseEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'DATABASE_URL' && k !== 'DATA_DIR' && !k.startsWith('AI_')));
}

/** Spawns `src/server/index.ts` (as `npm run serve` does) and waits until it answers HTTP. */
export async function startServer(store: Store, port: number, timeoutMs = 120_000): Promise<RunningServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    cwd: root,
    env: {
      ...baseEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every simulated student signs up from 127.0.0.1.
      AUTH_SIGNUP_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_IP: '100000',
      ...('dataDir' in store ? { DATA_DIR: store.dataDir } : { DATABASE_URL: store.databaseUrl }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let gone = false;
  void exited.then(() => (gone = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) throw new Error(`the server exited during start-up:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    try {
      await fetch(`${baseUrl}/api/users/me`);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  return { baseUrl, child, startMs: performance.now() - started, exited, output: () => output };
}

/**
 * Waits until the server answers promptly (three pings under 50 ms in a row, at most `timeoutMs`): after a
 * start the built-in marker loads its word vectors, and a run should not measure that. Returns the wait.
 */
export async function waitUntilSettled(baseUrl: string, timeoutMs = 30_000): Promise<number> {
  const started = performance.now();
  let prompt = 0;
  while (prompt < 3 && performance.now() - started < timeoutMs) {
    const t = performance.now();
    await fetch(`${baseUrl}/api/users/me`).then((r) => r.arrayBuffer());
    prompt = performance.now() - t < 50 ? prompt + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
  return performance.now() - started;
}

/** SIGKILL: no shutdown hook, no close(), nothing flushed by the process itself. */
export async function killServer(server: RunningServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

export interface Student {
  headers: Record<string, string>;
  questionIds: string[];
}

async function call(baseUrl: string, method: string, url: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: () => JSON.parse(text) as unknown };
}

/** Signs a student up and gives them a course whose first paper's questions they will answer. */
export async function createStudent(baseUrl: string, label: string): Promise<Student> {
  const email = `${label}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const reg = await call(
    baseUrl,
    'POST',
    '/api/auth/register',
    {},
    { email, password: 'correct-horse-battery', firstName: 'Bench', lastName: 'Student' },
  );
  if (reg.status !== 201) throw new Error(`sign-up failed: ${reg.status}`);
  const headers = { authorization: `Bearer ${(reg.json() as { sessionId: string }).sessionId}` };
  const course = await call(baseUrl, 'POST', '/api/courses/direct-create', headers, { subject: 'Biology' });
  if (course.status !== 201) throw new Error(`course creation failed: ${course.status}`);
  const paperId = (course.json() as { paper: { id: string } }).paper.id;
  const questions = await call(baseUrl, 'GET', `/api/question-papers/${paperId}/questions`, headers);
  if (questions.status !== 200) throw new Error(`questions failed: ${questions.status}`);
  return { headers, questionIds: (questions.json() as { id: string }[]).map((q) => q.id) };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * A save's text names its run and its sequence number within the student's saves, so the stored text says
 * which save it came from. Padding makes it the size of a typed paragraph.
 */
export function saveText(run: number, seq: number): string {
  return `run ${run} save ${seq}: the enzyme's active site is complementary to its substrate; above the optimum the bonds holding the tertiary structure break.`;
}

export function parseSaveText(text: string): { run: number; seq: number } | undefined {
  const m = /^run (\d+) save (\d+):/.exec(text);
  return m ? { run: Number(m[1]), seq: Number(m[2]) } : undefined;
}

/** The last acknowledged save of each answer: question id → sequence number. */
export type Acknowledged = Map<string, number>;

export interface AutosaveResult {
  acknowledged: Acknowledged;
  acks: number;
  latenciesMs: number[];
}

/**
 * One student autosaving as the exam page does: one save at a time, moving across the student's questions,
 * until `stop()` says so or the server stops answering. A save counts as acknowledged only on a 200 whose
 * body carries the text sent.
 */
export async function autosave(
  baseUrl: string,
  student: Student,
  run: number,
  opts: { stop: () => boolean; onAck?: () => void; questions?: number },
): Promise<AutosaveResult> {
  const acknowledged: Acknowledged = new Map();
  const latenciesMs: number[] = [];
  const questionIds = student.questionIds.slice(0, opts.questions ?? student.questionIds.length);
  let seq = 0;
  while (!opts.stop()) {
    seq++;
    const questionId = questionIds[seq % questionIds.length];
    const text = saveText(run, seq);
    const started = performance.now();
    try {
      const res = await call(baseUrl, 'POST', '/api/answers/save', student.headers, {
        questionId,
        text,
        submitted: false,
        timeSpentSeconds: 1,
      });
      if (res.status === 200 && (res.json() as { text: string }).text === text) {
        latenciesMs.push(performance.now() - started);
        acknowledged.set(questionId, seq);
        opts.onAck?.();
      } else if (res.status === 429) {
        await new Promise((r) => setTimeout(r, 50));
      }
    } catch {
      // The server is gone (killed) or the connection dropped: this save was not acknowledged.
      if (opts.stop()) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { acknowledged, acks: latenciesMs.length, latenciesMs };
}

export interface Loss {
  questionId: string;
  acknowledged: number;
  stored: { run: number; seq: number } | null;
}

/**
 * Reads every answer the student saved in `run` and lists those whose stored text is older than the last
 * acknowledged save. A later save that was sent but not acknowledged may have landed too: that is not a loss.
 */
export async function findLosses(baseUrl: string, student: Student, run: number, acknowledged: Acknowledged): Promise<Loss[]> {
  const losses: Loss[] = [];
  for (const [questionId, seq] of acknowledged) {
    const res = await call(baseUrl, 'GET', `/api/questions/${questionId}/answer`, student.headers);
    if (res.status !== 200) throw new Error(`reading an answer failed: ${res.status}`);
    const body = res.json() as { text: string } | null;
    const stored = body ? (parseSaveText(body.text) ?? null) : null;
    if (!stored || stored.run < run || (stored.run === run && stored.seq < seq)) losses.push({ questionId, acknowledged: seq, stored });
  }
  return losses;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
