import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEME_TEXT } from '../../shared/teacher-text';
import { practicePapers } from '../db/schema';
import { stopImageReader } from '../engine/builtin/ocr/read-image-text';
import { makeSheet, wrapLines } from '../engine/builtin/ocr/testing/make-sheet';
import { htmlToText } from '../engine/text/html-to-text';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures', name)).toString('base64');
const answerImage = fixture('answer-sheet.png');

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
}, 240_000);
afterAll(async () => {
  await t.close();
  await stopImageReader();
});

type Who = { headers: Record<string, string> };
const get = (url: string, who: Who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: object, who: Who = alice) => t.app.inject({ method: 'POST', url, payload, headers: who.headers });
const grade = (payload: object, who: Who = alice) => post('/api/teacher/grade-answer', payload, who);
type StoredQuestion = (typeof practicePapers.$inferSelect)['questions'][number];
/**
 * An answer written from the question's own scheme: its points, or the correct option in a sentence. The points are
 * joined by "and", not ". ": OCR reads "1/77.0. 0.0130" as one number, "77.0.0130".
 */
const answerFor = (q: StoredQuestion) =>
  q.type === 'multiple_choice' ? `The answer is ${q.correctAnswer ?? 'A'}` : q.markScheme.map((p) => htmlToText(p.text)).join(' and ');
const paperRequest = {
  subject: 'Biology',
  topic: 'Biological molecules',
  questionCount: 5,
  difficultyLevel: 'medium',
  includeAnswers: true,
  includeMarkScheme: true,
};

describe('choosing the scheme to grade against', () => {
  it('a typed mark scheme: one point a line, [2] for a two-mark point; marked out of its own marks', async () => {
    const res = await grade({
      answerImage,
      maxMarks: 10,
      questionText: 'Describe how a peptide bond is formed between two amino acids.',
      markScheme: 'condensation reaction [1]\n- water is removed [1]\nbetween the amine group and the carboxyl group [2]',
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ totalMarks: 4, schemeSource: 'Your mark scheme', canRemark: true, transcriptCorrected: false });
    expect(result.detailedBreakdown.map((s: { maxMarks: number }) => s.maxMarks)).toEqual([1, 1, 2]);
    expect(result.detailedBreakdown[0].section).toBe('B1: condensation reaction');
    expect(result.marksAwarded).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it('a bank question by id, without a question image', async () => {
    const res = await grade({ answerImage, questionId: 'biology-biological-molecules-05' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalMarks: 3, marksAwarded: 3, schemeSource: 'Bank question biology-biological-molecules-05' });
  }, 180_000);

  it('an unknown question id, or another teacher’s question, is 404 and stores nothing', async () => {
    for (const questionId of ['no-such-question', '6b1c1c3e-7a51-4f2e-9e0c-2b7a3c9d1e11', 'MW-ABCDEF#1']) {
      const res = await grade({ answerImage, questionId }, bob);
      expect(res.statusCode, questionId).toBe(404);
    }
    expect((await get('/api/teacher/results', bob)).json()).toEqual([]);
  }, 180_000);

  it('offline with no scheme found: 422 asking for one, with the question as read; nothing stored', async () => {
    const res = await grade({ questionImage: answerImage, answerImage, maxMarks: 10 }, bob);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ needsScheme: true, message: expect.stringMatching(/not in the built-in question bank/) });
    expect(body.questionText.length).toBeGreaterThan(10);
    expect(body.answerText.toLowerCase()).toContain('water');
    expect((await get('/api/teacher/results', bob)).json()).toEqual([]);
  }, 180_000);

  it('an empty typed scheme or a malformed paper code is a 400 with what to do', async () => {
    const empty = await grade({ answerImage, markScheme: '  \n ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SCHEME_TEXT.emptyScheme);
    const bad = await grade({ answerImage, paperCode: 'hello' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/paper code looks like MW-/);
  });

  it('searches the teacher’s questions and the bank by text', async () => {
    const res = await get('/api/teacher/questions?q=peptide%20bond');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: string }) => c.id)).toContain('biology-biological-molecules-05');
  });
});

describe('printed papers carry their identity', () => {
  let code = '';

  it('a generated paper is kept for its owner with a code, printed in words and as a QR code', async () => {
    const res = await post('/api/generate-custom-pdf', paperRequest);
    expect(res.statusCode, res.body).toBe(200);
    const { html, filename } = res.json();
    expect(filename).toMatch(/\.html$/);
    code = /data-paper-code="(MW-[A-Z0-9]{6})"/.exec(html)?.[1] ?? '';
    expect(code).toMatch(/^MW-[A-Z2-9]{6}$/);
    expect(html).toContain(`aria-label="QR code of paper ${code}"`);
    const papers = (await get('/api/teacher/papers')).json();
    expect(papers).toEqual([expect.objectContaining({ code, questionCount: 5 })]);
    expect((await get('/api/teacher/papers', bob)).json()).toEqual([]);
  }, 120_000);

  it('a photo of the answered page is marked against that paper, question by question, from its QR code', async () => {
    const [paper] = await t.database.db.select().from(practicePapers).where(eq(practicePapers.code, code));
    // Every question answered from its own scheme but the last, left blank.
    const answered = paper.questions.slice(0, -1);
    const lines = answered.flatMap((q) => wrapLines(`${q.number}. ${answerFor(q)}`, 62));
    const photo = await makeSheet({ lines, code, jpegQuality: 80 });

    const res = await grade({ answerImage: photo.toString('base64') });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result.paperCode).toBe(code);
    expect(result.schemeSource).toContain(code);
    expect(result.totalMarks).toBe(paper.questions.reduce((n, q) => n + q.totalMarks, 0));
    const onQ = (n: number) => result.detailedBreakdown.filter((s: { section: string }) => s.section.startsWith(`Q${n} · `));
    const earned = (n: number) => onQ(n).reduce((sum: number, s: { marksAwarded: number }) => sum + s.marksAwarded, 0);
    for (const q of answered) expect(earned(q.number), `question ${q.number}: ${result.answerText}`).toBeGreaterThan(0);
    const last = paper.questions.length;
    expect(onQ(last)).toEqual([expect.objectContaining({ section: `Q${last} · no answer found`, marksAwarded: 0 })]);

    // Another teacher's photo of the same page finds no paper of theirs.
    const other = await grade({ answerImage: photo.toString('base64') }, bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SCHEME_TEXT.paperNotFound(code));
  }, 240_000);

  it('the typed code does the same for a photo without the QR code', async () => {
    const [paper] = await t.database.db.select().from(practicePapers).where(eq(practicePapers.code, code));
    const photo = await makeSheet({ lines: wrapLines(`1. ${answerFor(paper.questions[0])}`, 62) });
    const res = await grade({ answerImage: photo.toString('base64'), paperCode: code.toLowerCase().replace('-', '') });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().paperCode).toBe(code);
  }, 240_000);

  it('a photographed question is found among the teacher’s own printed papers and marked against that paper’s scheme', async () => {
    const [paper] = await t.database.db.select().from(practicePapers).where(eq(practicePapers.code, code));
    const q = paper.questions.find((x) => x.type !== 'multiple_choice') ?? paper.questions[0];
    const questionPhoto = await makeSheet({ lines: wrapLines(`${q.number}. ${htmlToText(q.text)}`, 62) });
    const answerPhoto = await makeSheet({ lines: wrapLines(answerFor(q), 62) });
    const res = await grade({
      questionImage: questionPhoto.toString('base64'),
      answerImage: answerPhoto.toString('base64'),
      maxMarks: q.totalMarks,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ schemeSource: `Paper ${code}, question ${q.number}`, paperCode: code, totalMarks: q.totalMarks });
    expect(res.json().marksAwarded).toBeGreaterThan(0);
  }, 240_000);

  it('format "pdf" returns a real PDF: the code on every page, answer key and mark scheme included', async () => {
    const res = await post('/api/generate-custom-pdf', { ...paperRequest, format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text: pages } = await extractText(pdf, { mergePages: false });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const pdfCode = /Paper code (MW-[A-Z0-9]{6})/.exec(pages[0])?.[1];
    expect(pdfCode).toMatch(/^MW-/);
    for (const page of pages) expect(page).toContain(`Paper code ${pdfCode}`);
    const all = pages.join('\n');
    expect(all).toContain('Question 1');
    expect(all).toContain('Answer key (for teachers)');
    expect(all).toContain('Mark scheme (for teachers)');
    // without "format" the spec's {filename, html}, and the paper's code to print it again (issue 26)
    const html = await post('/api/generate-custom-pdf', paperRequest);
    expect(Object.keys(html.json()).sort()).toEqual(['code', 'filename', 'html']);
    expect(html.json().html).toContain(html.json().code);
  }, 120_000);
});

describe('results: correct the transcript, re-mark, export', () => {
  it('re-marks a corrected transcript against the same scheme, for its owner only', async () => {
    const first = await grade({ answerImage, questionId: 'biology-biological-molecules-05' });
    const id = first.json().id;
    const wrong = await post(`/api/teacher/results/${id}/remark`, { answerText: 'The two molecules stick together.' });
    expect(wrong.statusCode, wrong.body).toBe(200);
    expect(wrong.json()).toMatchObject({ id, transcriptCorrected: true, answerText: 'The two molecules stick together.' });
    expect(wrong.json().marksAwarded).toBeLessThan(first.json().marksAwarded);
    expect((await post(`/api/teacher/results/${id}/remark`, { answerText: 'x' }, bob)).statusCode).toBe(404);
    expect((await post(`/api/teacher/results/${id}/remark`, { answerText: '  ' })).statusCode).toBe(400);
    const listed = (await get('/api/teacher/results')).json();
    expect(listed.find((r: { id: string }) => r.id === id)).toMatchObject({ transcriptCorrected: true });
  }, 180_000);

  it('a typed scheme with values ("A1 t = 2.02 s") checks them: wrong values lose the accuracy marks, a worked answer earns all four', async () => {
    const scheme = 'M1 s = ut + ½at²\nA1 t = 2.02 s\nM1 x = u cos θ × t\nA1 x = 24.2 m';
    const questionText =
      'A ball is thrown at 15 m/s at 37° above the horizontal from a cliff 20 m high. Find the time of flight and the horizontal distance.';
    const first = await grade({ answerImage, maxMarks: 4, questionText, markScheme: scheme });
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().id;
    const remark = (answerText: string) => post(`/api/teacher/results/${id}/remark`, { answerText });
    for (const wrong of ['s = ut + ½at², so t = 4.08 s. x = u cos θ × t = 49 m', 't = 7 s, x = 84 m']) {
      const res = await remark(wrong);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().marksAwarded, wrong).toBeLessThanOrEqual(2);
    }
    const right = await remark('-20 = 15 sin37 t - 4.9t², so t = 2.02 s. x = 15 cos 37 × 2.02 = 24.2 m');
    expect(right.json()).toMatchObject({ marksAwarded: 4, totalMarks: 4 });
  }, 180_000);

  it('exports the owner’s results as CSV, formulas defused', async () => {
    const res = await get('/api/teacher/results.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = res.body.trim().split('\r\n');
    expect(rows[0]).toContain('"Marks awarded","Total marks"');
    expect(rows.length).toBe(1 + (await get('/api/teacher/results')).json().length);
    expect(res.body).toContain('Bank question biology-biological-molecules-05');
    const none = await get('/api/teacher/results.csv', bob);
    expect(none.body.trim().split('\r\n')).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/teacher/results.csv' })).statusCode).toBe(401);
  });
});
