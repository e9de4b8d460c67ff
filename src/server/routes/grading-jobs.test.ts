import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classSetPdfUrl } from '../../shared/class-set-text';
import type { Markbook } from '../../shared/classes';
import type { GradingJob } from '../../shared/grading-jobs';
import { SCAN_TEXT, scansUrl } from '../../shared/grading-jobs-text';
import { practicePapers } from '../db/schema';
import { pdfQrImages } from '../testing/pdf-qr-codes';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { scannedPage, scannerPdf } from '../testing/scanned-pages';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Grading a scanned class set (issue 26): the teacher prints the class set, the students write their answers, the
 * pages are scanned into one PDF (images inside) and uploaded; a background job matches every page to its student
 * by the QR code, lists the pages it cannot match, and records each student's answers as their marked attempt.
 */
type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let otherTeacher: Who;
let students: Who[];
let classId: string;
let assignmentId: string;

const send = (method: 'GET' | 'POST', url: string, who: Who | null, payload?: object) =>
  t.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

async function registerAs(firstName: string, lastName: string): Promise<Who> {
  const email = `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password: 'correct-horse', firstName, lastName },
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { sessionId: string; user: { id: string; username: string } };
  return { ...body, email, headers: { authorization: `Bearer ${body.sessionId}` } };
}

async function finished(jobId: string, who: Who = teacher): Promise<GradingJob> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await send('GET', `/api/grading-jobs/${jobId}`, who);
    expect(res.statusCode).toBe(200);
    const job = res.json() as GradingJob;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job still ${job.state}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engineWithPlainMarker());
  teacher = await signUp(t.app);
  otherTeacher = await signUp(t.app);
  students = [await registerAs('Ava', 'Adams'), await registerAs('Ben', 'Brown'), await registerAs('Zoe', 'Carter')];
  const course = await send('POST', '/api/courses/direct-create', teacher, { subject: 'Biology' });
  expect(course.statusCode).toBe(201);
  const paperId = (course.json() as { paper: { id: string } }).paper.id;
  const created = await send('POST', '/api/classes', teacher, { name: 'Biology 12A', subject: 'Biology' });
  classId = (created.json() as { id: string }).id;
  const joinCode = (created.json() as { joinCode: string }).joinCode;
  const assigned = await send('POST', `/api/classes/${classId}/assignments`, teacher, { paperId });
  assignmentId = (assigned.json() as { id: string }).id;
  for (const s of students) expect((await send('POST', '/api/classes/join', s, { code: joinCode })).statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/classes/{id}/assignments/{assignmentId}/scans and GET /api/grading-jobs/{id}', () => {
  it('matches every page of a scanned class set to its student, lists the page it cannot read, and marks into the markbook', async () => {
    const printed = await send('GET', classSetPdfUrl(classId, assignmentId), teacher);
    expect(printed.statusCode).toBe(200);
    const qrs = await pdfQrImages(printed.rawPayload);
    const perCopy = qrs.length / 3;
    expect(Number.isInteger(perCopy) && perCopy >= 1).toBe(true);
    const code = /(mw-[a-z0-9]{6})/.exec(String(printed.headers['content-disposition']))![1].toUpperCase();
    const [paper] = await t.database.db.select().from(practicePapers).where(eq(practicePapers.code, code));
    // every student answers question 1 on their first page with its first scheme point's words
    const q1 = paper.questions[0];
    const answer = q1.markScheme[0].text.split(/\s+/).slice(0, 8).join(' ');
    const pages: Buffer[] = [];
    for (const [i, qr] of qrs.entries()) pages.push(await scannedPage(qr, i % perCopy === 0 ? ['Question 1', answer] : []));
    // a page whose QR code was lost (folded, torn): no code to read
    pages.push(await scannedPage(null, ['Question 1', 'An answer with no name on it']));
    const pdf = await scannerPdf(pages);

    const upload = await send('POST', scansUrl(classId, assignmentId), teacher, { fileName: 'scan.pdf', pdfData: pdf.toString('base64') });
    expect(upload.statusCode).toBe(202);
    const { jobId } = upload.json() as { jobId: string };
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    // the job is the teacher's alone
    expect((await send('GET', `/api/grading-jobs/${jobId}`, otherTeacher)).statusCode).toBe(404);
    expect((await send('GET', `/api/grading-jobs/${jobId}`, students[0])).statusCode).toBe(404);
    expect((await send('GET', `/api/grading-jobs/${jobId}`, null)).statusCode).toBe(401);

    const job = await finished(jobId);
    expect(job.state).toBe('done');
    expect(job.pages).toBe(qrs.length + 1);
    expect(job.matched).toBe(qrs.length);
    expect(job.marked).toBe(qrs.length);
    expect(job.unmatched.map((u) => [u.page, u.reason])).toEqual([[qrs.length + 1, SCAN_TEXT.noQr]]);
    // the unmatched page's text is kept for the teacher to assign it by hand
    expect(job.unmatched[0].transcript).toMatch(/no name on it/);
    expect(job.students.map((s) => [s.name, s.pages, s.marked])).toEqual([
      ['Ava Adams', Array.from({ length: perCopy }, (_, i) => i + 1), true],
      ['Ben Brown', Array.from({ length: perCopy }, (_, i) => i + 1), true],
      ['Zoe Carter', Array.from({ length: perCopy }, (_, i) => i + 1), true],
    ]);

    // each student's answer to question 1 is their marked attempt on the assignment, in the markbook
    const markbook = (await send('GET', `/api/classes/${classId}/markbook`, teacher)).json() as Markbook;
    const column = markbook.questions.findIndex((q) => q.id === q1.ref.replace(/^question:/, ''));
    expect(column).toBeGreaterThanOrEqual(0);
    for (const s of students) {
      const row = markbook.students.find((r) => r.userId === s.user.id)!;
      const cell = row.cells[column];
      expect(cell.marksAwarded).not.toBeNull();
      expect(cell.answerId).not.toBeNull();
      expect(cell.attempts).toBe(1);
    }
  }, 180_000);

  it('takes photos of the pages too, each page without a readable QR code listed as unmatched', async () => {
    const otherPaperQr = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const res = await send('POST', scansUrl(classId, assignmentId), teacher, {
      images: [(await scannedPage(null, ['Question 1', 'nothing'])).toString('base64'), otherPaperQr.toString('base64')],
    });
    expect(res.statusCode).toBe(202);
    const job = await finished((res.json() as { jobId: string }).jobId);
    expect(job.state).toBe('done');
    expect(job.pages).toBe(2);
    expect(job.matched).toBe(0);
    expect(job.unmatched.map((u) => u.page)).toEqual([1, 2]);
  }, 120_000);

  it('assigns an unmatched page by hand: the student’s answers on it are marked and the counts follow', async () => {
    const printed = await send('GET', classSetPdfUrl(classId, assignmentId), teacher);
    const code = /(mw-[a-z0-9]{6})/.exec(String(printed.headers['content-disposition']))![1].toUpperCase();
    const [paper] = await t.database.db.select().from(practicePapers).where(eq(practicePapers.code, code));
    const q1 = paper.questions[0];
    const questionId = q1.ref.replace(/^question:/, '');
    const answer = q1.markScheme[0].text.split(/\s+/).slice(0, 5).join(' ');
    // Zoe's first page, its QR code torn off; a second page with no text at all
    const blank = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    const pdf = await scannerPdf([await scannedPage(null, ['Question 1', answer, 'Zoe checked this']), blank]);
    const upload = await send('POST', scansUrl(classId, assignmentId), teacher, { fileName: 'torn.pdf', pdfData: pdf.toString('base64') });
    expect(upload.statusCode).toBe(202);
    const { jobId } = upload.json() as { jobId: string };
    const job = await finished(jobId);
    expect(job.state).toBe('done');
    expect(job.unmatched.map((u) => u.page)).toEqual([1, 2]);
    const zoe = students[2];
    const assign = (page: number | string, body: object, who: Who | null = teacher) =>
      send('POST', `/api/grading-jobs/${jobId}/pages/${page}/assign`, who, body);

    // the job's teacher only; the student must be in the class; the page must be one waiting
    expect((await assign(1, { studentId: zoe.user.id, paperPage: 1 }, otherTeacher)).statusCode).toBe(404);
    expect((await assign(1, { studentId: zoe.user.id, paperPage: 1 }, zoe)).statusCode).toBe(404);
    expect((await assign(1, { studentId: zoe.user.id, paperPage: 1 }, null)).statusCode).toBe(401);
    const stranger = await assign(1, { studentId: otherTeacher.user.id, paperPage: 1 });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(SCAN_TEXT.studentNotFound);
    expect(stranger.body).not.toContain(otherTeacher.user.id);
    const noPage = await assign(99, { studentId: zoe.user.id, paperPage: 1 });
    expect(noPage.statusCode).toBe(404);
    expect(noPage.json().message).toBe(SCAN_TEXT.pageNotFound);
    expect((await assign('abc', { studentId: zoe.user.id, paperPage: 1 })).statusCode).toBe(404);
    const badPage = await assign(1, { studentId: zoe.user.id, paperPage: 0 });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toBe(SCAN_TEXT.paperPageInvalid);
    const noStudent = await assign(1, { paperPage: 1 });
    expect(noStudent.statusCode).toBe(400);
    const empty = await assign(2, { studentId: zoe.user.id, paperPage: 2 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SCAN_TEXT.nothingToMark);

    const done = await assign(1, { studentId: zoe.user.id, paperPage: 1 });
    expect(done.statusCode).toBe(200);
    const after = done.json() as GradingJob;
    expect(after.matched).toBe(1);
    expect(after.marked).toBe(1);
    expect(after.unmatched.map((u) => u.page)).toEqual([2]);
    expect(after.students.map((s) => [s.name, s.pages, s.marked])).toEqual([['Zoe Carter', [1], true]]);
    expect((await send('GET', `/api/grading-jobs/${jobId}`, teacher)).json()).toEqual(after);
    // her answer on that page is her marked answer to question 1 now
    const seen = await send('GET', `/api/classes/${classId}/students/${zoe.user.id}/answers/${questionId}`, teacher);
    expect(seen.statusCode).toBe(200);
    const body = seen.json() as { answer: { text: string } | null; feedback: { marksAwarded?: number; marks_awarded?: number } | null };
    expect(body.answer?.text).toMatch(/Zoe checked this/);
    expect(body.feedback).not.toBeNull();
    // the page is assigned: not waiting any more
    expect((await assign(1, { studentId: zoe.user.id, paperPage: 1 })).statusCode).toBe(404);
  }, 180_000);

  it('is the class teacher’s only, and refuses bad uploads with a clear message', async () => {
    const body = { fileName: 'scan.pdf', pdfData: Buffer.from('%PDF-1.4\n').toString('base64') };
    expect((await send('POST', scansUrl(classId, assignmentId), otherTeacher, body)).statusCode).toBe(404);
    expect((await send('POST', scansUrl(classId, assignmentId), students[0], body)).statusCode).toBe(404);
    expect((await send('POST', scansUrl(classId, assignmentId), null, body)).statusCode).toBe(401);
    expect((await send('POST', scansUrl(classId, 'not-an-id'), teacher, body)).statusCode).toBe(404);
    const nothing = await send('POST', scansUrl(classId, assignmentId), teacher, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(SCAN_TEXT.nothingUploaded);
    const notPdf = await send('POST', scansUrl(classId, assignmentId), teacher, { pdfData: Buffer.from('hello').toString('base64') });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(SCAN_TEXT.notAPdf);
    const notImage = await send('POST', scansUrl(classId, assignmentId), teacher, { images: [Buffer.from('hello').toString('base64')] });
    expect(notImage.statusCode).toBe(400);
    expect((await send('GET', '/api/grading-jobs/not-an-id', teacher)).statusCode).toBe(404);
  });
});
