import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Markbook } from '../../shared/classes';
import type { GradingJob } from '../../shared/grading-jobs';
import { scansUrl } from '../../shared/grading-jobs-text';
import { practicePapers } from '../db/schema';
import type { Engine, GradePagesInput, SheetReading } from '../engine/engine';
import { classSetPaperCode } from '../services/class-set';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Issue 26 item 1: a scanned class set is graded by the one grading pipeline (Engine.gradePages), as a single photo is.
 * Each page is read by it alone (its text and QR code), the pages are matched to their students by the service, then
 * each student's pages, as read, are cut into answers and marked against the assigned questions in one gradePages call;
 * the marks recorded are the marks the engine's marker gives each answer on its own (what the job recorded before,
 * through the answers service). The pages are "read" by a fake reader (each image's width says which page it is), so
 * no OCR runs and the answers are known.
 */
type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let ava: Who;
let ben: Who;
let classId: string;
let assignmentId: string;

/** What each uploaded image (by its width) reads as. */
const readings = new Map<number, Omit<SheetReading, 'readBy' | 'confidence'>>();
const calls: GradePagesInput[] = [];
const plain = engineWithPlainMarker({
  async readSheets(images) {
    return Promise.all(
      images.map(async (image) => {
        const { width } = await sharp(image).metadata();
        const read = readings.get(width ?? 0);
        return { text: '', paperCode: null, ...read, confidence: 90, readBy: 'the test reader' };
      }),
    );
  },
});
const engine: Engine = {
  ...plain,
  gradePages(input) {
    calls.push(input);
    return plain.gradePages.call(this, input);
  },
};

const send = (method: 'GET' | 'POST', url: string, who: Who, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

async function finished(jobId: string): Promise<GradingJob> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await send('GET', `/api/grading-jobs/${jobId}`, teacher)).json() as GradingJob;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.state}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function page(width: number): Promise<string> {
  const png = await sharp({ create: { width, height: 20, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  teacher = await signUp(t.app);
  ava = await signUp(t.app);
  ben = await signUp(t.app);
  const course = await send('POST', '/api/courses/direct-create', teacher, { subject: 'Biology' });
  const paperId = (course.json() as { paper: { id: string } }).paper.id;
  const created = await send('POST', '/api/classes', teacher, { name: 'Biology 12C', subject: 'Biology' });
  classId = (created.json() as { id: string }).id;
  const joinCode = (created.json() as { joinCode: string }).joinCode;
  assignmentId = ((await send('POST', `/api/classes/${classId}/assignments`, teacher, { paperId })).json() as { id: string }).id;
  for (const s of [ava, ben]) expect((await send('POST', '/api/classes/join', s, { code: joinCode })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('a scanned class set through Engine.gradePages', () => {
  it('reads each page, then marks each student’s pages in one gradePages call, with the marks the marker gives', async () => {
    const { code } = await classSetPaperCode(t.database.db, teacher.user.id, classId, assignmentId);
    const [paper] = await t.database.db.select().from(practicePapers).where(eq(practicePapers.code, code));
    const [q1, q2] = paper.questions;
    expect(q2).toBeDefined();
    // Ava answers question 1 on her first page and question 2 on her second; Ben writes something else for question 1
    const avaOne = q1.markScheme[0].text;
    const avaTwo = `${q2.markScheme[0].text} and something of her own`;
    const benOne = 'I am not sure about this one';
    const qr = (who: Who, n: number) => ({ paperCode: code, studentId: who.user.id, page: n });
    readings.set(101, { ...qr(ava, 1), text: `Question 1\n${avaOne}` });
    readings.set(102, { ...qr(ava, 2), text: `Question 2\n${avaTwo}` });
    readings.set(103, { ...qr(ben, 1), text: `Question 1\n${benOne}` });
    calls.length = 0;

    const upload = await send('POST', scansUrl(classId, assignmentId), teacher, {
      images: [await page(102), await page(101), await page(103)],
    });
    expect(upload.statusCode).toBe(202);
    const job = await finished((upload.json() as { jobId: string }).jobId);
    expect(job).toMatchObject({ state: 'done', pages: 3, matched: 3, marked: 3, unmatched: [] });

    // three readings (one page each, no scheme: nothing marked), then one grading per student of the pages as read
    const [reads, marks] = [calls.slice(0, 3), calls.slice(3)];
    for (const read of reads) expect(read).toEqual({ pages: [expect.any(Buffer)] });
    expect(marks).toHaveLength(2);
    const avaGrading = marks.find((c) => 'read' in c.pages && c.pages.read[0].studentId === ava.user.id)!;
    expect('read' in avaGrading.pages && avaGrading.pages.read.map((p) => [p.page, p.text])).toEqual([
      [1, `Question 1\n${avaOne}`],
      [2, `Question 2\n${avaTwo}`],
    ]);
    expect(avaGrading.scheme!.questions.map((q) => [q.number, q.ref])).toEqual(paper.questions.map((q) => [q.number, q.ref]));
    expect(avaGrading.scheme!.printedQuestions).toEqual(paper.questions);

    // the marks recorded are the marker's for each answer on its own (the job's marks before gradePages)
    const expected = async (question: typeof q1, answer: string) => (await plain.evaluateAnswer({ question, answer })).marks_awarded;
    const markbook = (await send('GET', `/api/classes/${classId}/markbook`, teacher)).json() as Markbook;
    const cell = (who: Who, question: typeof q1) => {
      const column = markbook.questions.findIndex((q) => q.id === question.ref.replace(/^question:/, ''));
      return markbook.students.find((s) => s.userId === who.user.id)!.cells[column];
    };
    expect(cell(ava, q1)).toMatchObject({ marksAwarded: await expected(q1, avaOne), attempts: 1 });
    expect(cell(ava, q1).marksAwarded).toBeGreaterThan(0);
    expect(cell(ava, q2)).toMatchObject({ marksAwarded: await expected(q2, avaTwo), attempts: 1 });
    expect(cell(ben, q1)).toMatchObject({ marksAwarded: await expected(q1, benOne), attempts: 1 });
    expect(cell(ben, q2)).toMatchObject({ marksAwarded: null, answerId: null });
    // the answer recorded is the region of the pages that answers it, the printed heading left out
    const seen = await send('GET', `/api/classes/${classId}/students/${ava.user.id}/answers/${q2.ref.replace(/^question:/, '')}`, teacher);
    expect((seen.json() as { answer: { text: string } }).answer.text).toBe(avaTwo);
  }, 120_000);
});
