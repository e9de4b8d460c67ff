import { spawn, type ChildProcess } from 'node:child_process';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSetPdfUrl } from '../../shared/class-set-text';
import { scansUrl } from '../../shared/grading-jobs-text';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { gradingJobs } from '../db/schema';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { pdfQrImages } from '../testing/pdf-qr-codes';
import { scannedPage, scannerPdf } from '../testing/scanned-pages';
import { createScratchDatabase } from '../testing/scratch-database';
import { createAppJobs } from './app-jobs';

/**
 * Issue 26: a grading job held by a process that is killed (SIGKILL: no chance to hand it back) is not lost. pg-boss's
 * supervisor fails it once it has run past GRADING_JOB_TIMEOUT_SECONDS and it is retried by another process's worker,
 * which finishes it. Runs only in the PostgreSQL pass: the processes share the queue in PostgreSQL.
 */
const adminUrl = process.env.TEST_DATABASE_URL!;
let databaseUrl: string;
let dropDatabase = async () => {};
let database: Database;
let app: FastifyInstance;
const workers: ChildProcess[] = [];
// long enough that the retried run (OCR of nine pages) finishes before it could itself time out on a loaded machine:
// a run past the timeout is retried again, and two overlapping runs rewrite the counts
const TIMEOUT_SECONDS = 40;

/** `npm run worker` as a child process, resolved once it says it is taking jobs. */
function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      GRADING_JOB_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS),
      JOB_SUPERVISE_SECONDS: '1',
      ENGINE_WORKERS: '0',
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${output}`)), 60_000);
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Markwell worker:')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', seen);
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}): ${output}`)));
  });
}

async function stateOf(id: string) {
  const [row] = await database.db.select().from(gradingJobs).where(eq(gradingJobs.id, id));
  return row;
}

beforeAll(async () => {
  const scratch = await createScratchDatabase(adminUrl, 'markwell_jobs');
  databaseUrl = scratch.url;
  dropDatabase = scratch.drop;
  const config = loadConfig({ LOG_LEVEL: 'silent', DATABASE_URL: scratch.url, ENGINE_RATE_LIMIT_PER_MINUTE: '1000' });
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'unused' });
  const engine = createBuiltinEngine();
  // this instance only queues jobs: the worker processes take them
  const jobs = createAppJobs({ config, database, engine, work: false });
  app = await buildApp({ config, database, engine, jobs, clientDir: '/nonexistent' });
  app.addHook('onClose', () => jobs.stop());
});

afterAll(async () => {
  for (const w of workers) if (w.exitCode === null && w.signalCode === null) w.kill('SIGKILL');
  await app.close();
  await database.close();
  await dropDatabase();
});

describe('a grading job whose process is killed', () => {
  it('is retried and finished by another worker process', async () => {
    const register = async (email: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'correct-horse' } });
      expect(res.statusCode).toBe(201);
      return { headers: { authorization: `Bearer ${res.json().sessionId}` } };
    };
    const teacher = await register('teacher@example.org');
    const student = await register('student@example.org');
    const course = await app.inject({
      method: 'POST',
      url: '/api/courses/direct-create',
      headers: teacher.headers,
      payload: { subject: 'Biology' },
    });
    const created = await app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: teacher.headers,
      payload: { name: '12A', subject: 'Biology' },
    });
    const { id: classId, joinCode } = created.json() as { id: string; joinCode: string };
    const assigned = await app.inject({
      method: 'POST',
      url: `/api/classes/${classId}/assignments`,
      headers: teacher.headers,
      payload: { paperId: course.json().paper.id },
    });
    const assignmentId = assigned.json().id as string;
    await app.inject({ method: 'POST', url: '/api/classes/join', headers: student.headers, payload: { code: joinCode } });
    const printed = await app.inject({ method: 'GET', url: classSetPdfUrl(classId, assignmentId), headers: teacher.headers });
    const qrs = await pdfQrImages(printed.rawPayload);
    const pages = await Promise.all(qrs.map((qr, i) => scannedPage(qr, i === 0 ? ['Question 1', 'An answer'] : [])));
    const pdf = await scannerPdf([...pages, ...pages, ...pages]);

    const first = await startWorker();
    const upload = await app.inject({
      method: 'POST',
      url: scansUrl(classId, assignmentId),
      headers: teacher.headers,
      payload: { fileName: 'scan.pdf', pdfData: pdf.toString('base64') },
    });
    expect(upload.statusCode).toBe(202);
    const { jobId } = upload.json() as { jobId: string };
    // the first worker takes the job; it is killed while the job runs
    const deadline = Date.now() + 60_000;
    while ((await stateOf(jobId)).state !== 'running') {
      if (Date.now() > deadline) throw new Error('the job was never taken');
      await new Promise((r) => setTimeout(r, 20));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    expect((await stateOf(jobId)).state).toBe('running');

    await startWorker();
    const until = Date.now() + 180_000;
    let row = await stateOf(jobId);
    while (row.state !== 'done' && row.state !== 'failed') {
      if (Date.now() > until) throw new Error(`job still ${row.state}`);
      await new Promise((r) => setTimeout(r, 250));
      row = await stateOf(jobId);
    }
    expect(row.state).toBe('done');
    expect(row.pages).toBe(qrs.length * 3);
    // the same student's pages three times: one copy matched, the rest listed as already found
    expect(row.matched).toBe(qrs.length);
    expect(row.unmatched).toHaveLength(qrs.length * 2);
    // pg-boss records the job's completion after the worker has written the grading job done: wait for it
    const queuedState = async () =>
      (
        (await database.db.execute(sql`select state, retry_count from pgboss.job where data->>'gradingJobId' = ${jobId}`)) as unknown as {
          rows: { state: string; retry_count: number }[];
        }
      ).rows[0];
    let queued = await queuedState();
    const settled = Date.now() + 60_000;
    while (queued?.state !== 'completed' && Date.now() < settled) {
      await new Promise((r) => setTimeout(r, 250));
      queued = await queuedState();
    }
    // retried at least once (the killed run); on a loaded machine the second run can itself outlast the timeout and be
    // retried again, which is pg-boss doing its job: what matters is that the job was retried and finished once, whole
    expect(queued?.state).toBe('completed');
    expect(queued?.retry_count).toBeGreaterThanOrEqual(1);
  }, 320_000);
});
