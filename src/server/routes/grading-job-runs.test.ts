import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GradingJob } from '../../shared/grading-jobs';
import { gradingJobs, practicePapers } from '../db/schema';
import { classSetPaperCode } from '../services/class-set';
import { runGradingJob, type GradingRunTiming } from '../services/grading-jobs';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Issue 26: one run at a time holds a grading job. The queue retries a job that has run past its timeout even while
 * the first run is still working (a big class set), and a job whose process was killed; the retry of a live run must
 * wait for it, not start over beside it (two runs rewrote the counts), the retry of a dead run takes the job over, and
 * a run that lost its job writes nothing more. The pages are "read" by a fake reader that can be held at a gate.
 */
type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let ava: Who;
let classId: string;
let assignmentId: string;
let code: string;

/** Pages read, and a gate the reader waits at while set (with a signal that a read has reached it). */
let reads = 0;
let gate: { open: Promise<void>; release: () => void; reached: Promise<void>; arrive: () => void } | null = null;
function closeGate() {
  let release = () => {};
  let arrive = () => {};
  const open = new Promise<void>((r) => (release = r));
  const reached = new Promise<void>((r) => (arrive = r));
  gate = { open, release, reached, arrive };
  return gate;
}
const engine = engineWithPlainMarker({
  async readSheets(images) {
    reads += images.length;
    const held = gate;
    if (held) {
      held.arrive();
      await held.open;
    }
    return Promise.all(
      images.map(async (image) => {
        const { width } = await sharp(image).metadata();
        return {
          text: 'Question 1\nan answer',
          paperCode: code,
          studentId: ava.user.id,
          page: width === 101 ? 1 : 2,
          confidence: 90,
          readBy: 'the test reader',
        };
      }),
    );
  },
});
/** Fast timing for the runs started here: a run silent for 1.5 s is taken for dead. */
const fast: GradingRunTiming = { staleMs: 1_500, heartbeatMs: 250, pollMs: 100 };

const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
const rowOf = async (id: string) => (await t.database.db.select().from(gradingJobs).where(eq(gradingJobs.id, id)))[0];

async function page(width: number): Promise<string> {
  const png = await sharp({ create: { width, height: 20, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** A job as the upload makes it, straight into the table (no queued run): the tests start its runs themselves. */
async function newJob(): Promise<string> {
  const images = [await page(101), await page(102)];
  const upload = Buffer.concat(images.map((b) => Buffer.from(b, 'base64')));
  const [row] = await t.database.db
    .insert(gradingJobs)
    .values({
      ownerId: teacher.user.id,
      classId,
      assignmentId,
      paperCode: code,
      uploadKind: 'images',
      upload,
      imageSizes: images.map((b) => Buffer.from(b, 'base64').byteLength),
    })
    .returning({ id: gradingJobs.id });
  return row.id;
}

beforeAll(async () => {
  // the app's own queue gives a run a minute before it is stale; the runs started by the tests use `fast`
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000', GRADING_JOB_TIMEOUT_SECONDS: '600' } as Record<string, string>, engine);
  teacher = await signUp(t.app);
  ava = await signUp(t.app);
  const course = await send('POST', '/api/courses/direct-create', teacher, { subject: 'Biology' });
  const paperId = (course.json() as { paper: { id: string } }).paper.id;
  const created = await send('POST', '/api/classes', teacher, { name: 'Biology 12D', subject: 'Biology' });
  classId = (created.json() as { id: string }).id;
  const joinCode = (created.json() as { joinCode: string }).joinCode;
  assignmentId = ((await send('POST', `/api/classes/${classId}/assignments`, teacher, { paperId })).json() as { id: string }).id;
  expect((await send('POST', '/api/classes/join', ava, { code: joinCode })).statusCode).toBe(200);
  code = (await classSetPaperCode(t.database.db, teacher.user.id, classId, assignmentId)).code;
  expect((await t.database.db.select().from(practicePapers).where(eq(practicePapers.code, code))).length).toBe(1);
});
afterAll(async () => {
  gate?.release();
  await t.close();
});

describe('a grading job run twice at once', () => {
  it('is graded by the first run while the second waits for it, then finds it done', async () => {
    const jobId = await newJob();
    const held = closeGate();
    reads = 0;
    const first = runGradingJob(t.database.db, engine, jobId, fast);
    await held.reached;
    expect(await rowOf(jobId)).toMatchObject({ state: 'running', runId: expect.any(String) });
    // the retry while the first run is alive: it waits (longer than the stale time: the first run's heartbeat
    // keeps it fresh), reading nothing
    let secondDone = false;
    const second = runGradingJob(t.database.db, engine, jobId, fast).then(() => (secondDone = true));
    await new Promise((r) => setTimeout(r, 3 * fast.staleMs));
    expect(secondDone).toBe(false);
    expect(reads).toBe(1);
    gate = null;
    held.release();
    await Promise.all([first, second]);
    const row = await rowOf(jobId);
    expect(row).toMatchObject({ state: 'done', pages: 2, matched: 2, unmatched: [], runId: null });
    expect(row.results).toHaveLength(1);
    // each page read once: the second run did not grade the job again
    expect(reads).toBe(2);
    const job = (await send('GET', `/api/grading-jobs/${jobId}`, teacher)).json() as GradingJob;
    expect(job).toMatchObject({ state: 'done', pages: 2, matched: 2 });
  }, 30_000);

  it('is taken over from a run that has gone silent (its process killed), which then writes nothing more', async () => {
    const jobId = await newJob();
    const held = closeGate();
    reads = 0;
    // a run that reaches the gate, then loses its heartbeat: as a killed process would, it stops writing
    const stalled = runGradingJob(t.database.db, engine, jobId, { ...fast, heartbeatMs: 60_000 });
    await held.reached;
    const stalledRun = (await rowOf(jobId)).runId;
    gate = null;
    const started = Date.now();
    await runGradingJob(t.database.db, engine, jobId, fast);
    // taken over once the stalled run had been silent for the stale time, not before
    expect(Date.now() - started).toBeGreaterThanOrEqual(fast.staleMs - 500);
    const done = await rowOf(jobId);
    expect(done).toMatchObject({ state: 'done', pages: 2, matched: 2, unmatched: [], runId: null });
    expect(done.runId).not.toBe(stalledRun);
    // the stalled run wakes up: it has lost the job and leaves the finished job as it is
    held.release();
    await stalled;
    expect(await rowOf(jobId)).toEqual(done);
  }, 30_000);

  it('starts at once when the run before it failed (the queue retries it) instead of waiting for it to go stale', async () => {
    const jobId = await newJob();
    reads = 0;
    // the leftovers of a run that threw: released, as runGradingJob leaves a job it could not finish
    await t.database.db.update(gradingJobs).set({ state: 'running', runId: null, updatedAt: new Date() }).where(eq(gradingJobs.id, jobId));
    // (a wait for the stale time, a minute, would outlast the test's timeout)
    await runGradingJob(t.database.db, engine, jobId, { ...fast, staleMs: 60_000 });
    expect(await rowOf(jobId)).toMatchObject({ state: 'done', pages: 2, matched: 2 });
    // a job held by another live run (fresh, with a run id) is not taken
    const other = await newJob();
    await t.database.db
      .update(gradingJobs)
      .set({ state: 'running', runId: randomUUID(), updatedAt: new Date() })
      .where(eq(gradingJobs.id, other));
    let finished = false;
    const waiting = runGradingJob(t.database.db, engine, other, { ...fast, staleMs: 2_000 }).then(() => (finished = true));
    await new Promise((r) => setTimeout(r, 1_000));
    expect(finished).toBe(false);
    expect((await rowOf(other)).pages).toBe(0);
    await waiting;
    expect(await rowOf(other)).toMatchObject({ state: 'done', pages: 2 });
  }, 30_000);
});
