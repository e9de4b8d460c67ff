// Throughput and tail latency of the API measured from outside: the real server process on a port, loaded by
// autocannon at 100 connections, beside a bare Fastify process measured in the same run on the same machine.
// Prints req/s, p50 and p99, and each call's throughput as a ratio to the bare Fastify. Asserts nothing.
//   npm run bench:api                                   (PGlite, and PostgreSQL when BENCH_DATABASE_URL is set)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=100 npm run bench:api
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createScratchDatabase } from '../src/server/testing/scratch-database';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const STUDENTS = 20;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

interface Result {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

function startProcess(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

function load(name: string, opts: autocannon.Options): Promise<Result> {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (error, r) => {
      if (error) return reject(error);
      resolve({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx });
    });
  });
}

function print(results: Result[], bare: Result) {
  for (const r of results) {
    console.log(
      `${r.name.padEnd(40)} ${r.rps.toFixed(0).padStart(7)} req/s  p50 ${String(r.p50).padStart(5)} ms  p99 ${String(r.p99).padStart(5)} ms  ` +
        `ratio to bare ${(r.rps / bare.rps).toFixed(3)}${r.errors || r.non2xx ? `  errors ${r.errors}, non-2xx ${r.non2xx}` : ''}`,
    );
  }
}

async function json(url: string, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function benchApp(label: string, env: NodeJS.ProcessEnv, port: number): Promise<Result[]> {
  const server = startProcess(['--import', 'tsx', 'src/server/index.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    AUTH_SIGNUP_RATE_LIMIT_PER_IP: '100000',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/public/stats`, server);
    // Students, each with a course of 10 questions: the autosaves spread over their own answers, as in a class.
    const students: { headers: Record<string, string>; questions: string[] }[] = [];
    for (let i = 0; i < STUDENTS; i++) {
      const reg = await json(`${base}/api/auth/register`, {
        method: 'POST',
        body: JSON.stringify({ email: `load${i}@example.org`, password: 'secret12' }),
      });
      const headers = { authorization: `Bearer ${reg.sessionId}` };
      const course = await json(`${base}/api/courses/direct-create`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ subject: ['Biology', 'Chemistry', 'Physics', 'Mathematics'][i % 4] }),
      });
      const questions = (await json(`${base}/api/question-papers/${course.paper.id}/questions`, { headers })) as { id: string }[];
      students.push({ headers, questions: questions.map((q) => q.id) });
      // Each answer is started once beforehand: the load is the autosave of answers in progress.
      for (const q of questions) {
        await json(`${base}/api/answers/save`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ questionId: q.id, text: 'first words', submitted: false }),
        });
      }
    }
    let n = 0;
    const results: Result[] = [];
    results.push(
      await load(`${label} GET /api/courses`, {
        url: `${base}/api/courses`,
        requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...students[n++ % STUDENTS].headers } }) }],
      }),
    );
    results.push(
      await load(`${label} POST /api/answers/save`, {
        url: `${base}/api/answers/save`,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const i = n++;
              const s = students[i % STUDENTS];
              return {
                ...req,
                method: 'POST',
                headers: { ...req.headers, ...s.headers, 'content-type': 'application/json' },
                body: JSON.stringify({
                  questionId: s.questions[Math.floor(i / STUDENTS) % s.questions.length],
                  text: `draft ${i}: enzymes lower the activation energy`,
                  submitted: false,
                  timeSpentSeconds: 1,
                }),
              };
            },
          },
        ],
      }),
    );
    return results;
  } finally {
    await stop(server);
  }
}

async function main() {
  console.log(
    `API load — ${CONNECTIONS} connections, ${SECONDS} s per call, node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model})`,
  );
  // The bare Fastify is measured before and after the app, and the app's ratios use the mean of the two, so that
  // a machine that gets busier or quieter during the run shows up in the reference too.
  const measureBare = async (label: string) => {
    const bareServer = startProcess(['--import', 'tsx', 'bench/bare-fastify.ts'], { PORT: '3911' });
    try {
      await waitFor('http://127.0.0.1:3911/bare', bareServer);
      return await load(`bare Fastify GET /bare (${label})`, { url: 'http://127.0.0.1:3911/bare' });
    } finally {
      await stop(bareServer);
    }
  };
  const bareBefore = await measureBare('before');
  const results: Result[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwell-load-'));
  try {
    results.push(...(await benchApp('PGlite', { DATA_DIR: dataDir }, 3912)));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL, 'markwell_load');
    try {
      results.push(...(await benchApp('PostgreSQL', { DATABASE_URL: scratch.url }, 3913)));
    } finally {
      await scratch.drop();
    }
  }
  const bareAfter = await measureBare('after');
  const bare: Result = { ...bareBefore, name: 'bare Fastify, mean of before and after', rps: (bareBefore.rps + bareAfter.rps) / 2 };
  results.unshift(bareBefore, bareAfter);
  print(results, bare);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
