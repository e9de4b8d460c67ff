import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TEXT } from '../../shared/documents-text';
import { JSON_BODY_LIMIT, PDF_BODY_LIMIT, PDF_MAX_BYTES } from '../../shared/limits';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { courses, pdfDocuments } from '../db/schema';
import { notAPdfMessage, noTextMessage } from '../engine/documents/read-pdf';
import { buildPdf, buildPdfBomb, pdfLines, pdfParagraphs } from '../engine/builtin/documents/testing/build-pdf';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

/** Two pages of revision notes with definitions, causes, a process and a figure to write questions from. */
const notes = buildPdf(
  [
    pdfParagraphs([
      'Diffusion is the net movement of particles from a region of higher concentration to a region of lower concentration.',
      'Osmosis is the movement of water molecules across a partially permeable membrane, from a dilute solution to a concentrated solution.',
      'Active transport is the movement of substances against a concentration gradient, which requires energy from respiration.',
      'A catalyst is a substance that speeds up a reaction without being used up.',
    ]),
    pdfParagraphs([
      'Root hair cells absorb water quickly because they have a very large surface area.',
      'About 70% of the human body is water.',
      'During protein synthesis, first the DNA is transcribed into mRNA in the nucleus, then the mRNA leaves through a nuclear pore, and finally ribosomes translate it into a polypeptide.',
    ]),
  ],
  { compress: true },
);
const notesBase64 = Buffer.from(notes).toString('base64');

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: object | string, who: { headers: Record<string, string> } | null = alice) =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...(who?.headers ?? {}) } });

/** `n` characters of valid base64 ('A' decodes to zero bits), built once per call; n is a multiple of 4. */
const base64Of = (n: number) => 'A'.repeat(n);

describe('POST /api/pdf/ask-question', () => {
  it('answers from the document, quoting passages with their page numbers, and names what answered', async () => {
    const res = await post('/api/pdf/ask-question', {
      pdfData: notesBase64,
      question: 'Why do root hair cells absorb water quickly?',
      pdfName: 'transport-notes.pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.response).toContain('surface area');
    expect(body.response).toMatch(/page 2/);
    expect(body.response).toContain('transport-notes.pdf');
    expect(body.citations[0]).toMatchObject({ page: 2 });
    expect(body.answeredBy).toBe('the built-in document reader');
    expect(body.documentId).toBeTruthy();
  });

  it('stores the document once for its owner, with its name, page count and text per page', async () => {
    const again = await post('/api/pdf/ask-question', { pdfData: notesBase64, question: 'What is osmosis?' });
    expect(again.statusCode).toBe(200);
    expect(again.json().response).toMatch(/page 1/);
    const rows = await t.database.db.select().from(pdfDocuments).where(eq(pdfDocuments.ownerId, alice.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'transport-notes.pdf', pageCount: 2, sizeBytes: notes.byteLength });
    expect(rows[0].pages[0]).toContain('Osmosis is the movement of water molecules');
    expect(Buffer.from(rows[0].data).equals(Buffer.from(notes))).toBe(true);

    const list = await get('/api/pdf/documents');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: rows[0].id, name: 'transport-notes.pdf', pageCount: 2, sizeBytes: notes.byteLength }),
    ]);
  });

  it('serves the stored file to its owner only; anyone else gets 404', async () => {
    const [doc] = (await get('/api/pdf/documents')).json();
    const file = await get(`/api/pdf/documents/${doc.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('transport-notes.pdf');
    expect(file.rawPayload.equals(Buffer.from(notes))).toBe(true);

    expect((await get('/api/pdf/documents', bob)).json()).toEqual([]);
    const theirs = await get(`/api/pdf/documents/${doc.id}/file`, bob);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(DOCUMENT_TEXT.documentNotFound);
    expect((await get('/api/pdf/documents/not-a-uuid/file')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/pdf/documents' })).statusCode).toBe(401);
  });

  it('asks for a PDF first, then for a question, with the spec messages', async () => {
    for (const payload of [{ question: 'What is osmosis?' }, { pdfData: '', question: 'What is osmosis?' }, {}]) {
      const res = await post('/api/pdf/ask-question', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DOCUMENT_TEXT.noPdf);
    }
    for (const question of [undefined, '', '   \n ']) {
      const res = await post('/api/pdf/ask-question', { pdfData: notesBase64, question });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DOCUMENT_TEXT.questionRequired);
    }
  });

  it('refuses bytes that are not a readable PDF with the reader’s message, and stores nothing', async () => {
    const before = await t.database.db.select({ id: pdfDocuments.id }).from(pdfDocuments);
    const notPdf = await post(
      '/api/pdf/ask-question',
      { pdfData: Buffer.from('just some text, not a PDF').toString('base64'), question: 'What?' },
      bob,
    );
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(notAPdfMessage);

    const scanned = await post(
      '/api/pdf/ask-question',
      { pdfData: Buffer.from(buildPdf([''])).toString('base64'), question: 'What?' },
      bob,
    );
    expect(scanned.statusCode).toBe(400);
    expect(scanned.json().message).toBe(noTextMessage);

    const notBase64 = await post('/api/pdf/ask-question', { pdfData: '%%% not base64 %%%', question: 'What?' }, bob);
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().message).toBe(DOCUMENT_TEXT.notBase64);

    // A data: URL prefix is tolerated.
    const withPrefix = await post(
      '/api/pdf/ask-question',
      { pdfData: `data:application/pdf;base64,${notesBase64}`, question: 'What is diffusion?' },
      bob,
    );
    expect(withPrefix.statusCode).toBe(200);
    const after = await t.database.db.select({ id: pdfDocuments.id }).from(pdfDocuments);
    expect(after.length).toBe(before.length + 1); // only bob's readable copy
  });

  it('refuses a "PDF bomb" (192 MiB of zeros in a 200 KB file) with 400 and a message, and stores nothing', async () => {
    const before = await t.database.db.select({ id: pdfDocuments.id }).from(pdfDocuments);
    const bomb = Buffer.from(buildPdfBomb(3)).toString('base64');
    for (const [url, extra] of [
      ['/api/pdf/ask-question', { question: 'What?' }],
      ['/api/pdf/generate-questions', { subject: 'Biology' }],
    ] as const) {
      const res = await post(url, { pdfData: bomb, pdfName: 'bomb.pdf', ...extra }, bob);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(DOCUMENT_TEXT.inflatedTooLarge);
    }
    expect(await t.database.db.select({ id: pdfDocuments.id }).from(pdfDocuments)).toHaveLength(before.length);
  });

  it('needs a signed-in student', async () => {
    const res = await post('/api/pdf/ask-question', { pdfData: notesBase64, question: 'What is osmosis?' }, null);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/pdf/generate-questions', () => {
  it('needs a PDF and a subject, with the spec messages', async () => {
    const noPdf = await post('/api/pdf/generate-questions', { pdfName: 'x.pdf', subject: 'Biology' });
    expect(noPdf.statusCode).toBe(400);
    expect(noPdf.json().message).toBe(DOCUMENT_TEXT.noPdf);
    for (const subject of [undefined, '', '  ']) {
      const res = await post('/api/pdf/generate-questions', { pdfData: notesBase64, pdfName: 'x.pdf', subject });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DOCUMENT_TEXT.subjectRequired);
    }
  });

  it('writes a paper from the document into a new course for the subject, shown by the question-paper screens', async () => {
    const res = await post('/api/pdf/generate-questions', { pdfData: notesBase64, pdfName: 'transport-notes.pdf', subject: 'biology' });
    expect(res.statusCode, res.body).toBe(201);
    const { questionPaperId, courseId, totalQuestions } = res.json();
    expect(totalQuestions).toBeGreaterThanOrEqual(5);

    const paper = await get(`/api/question-papers/${questionPaperId}`);
    expect(paper.statusCode).toBe(200);
    expect(paper.json()).toMatchObject({ id: questionPaperId, courseId, topic: 'transport-notes', totalQuestions });
    expect(paper.json().title).toContain('transport-notes');
    const questions = (await get(`/api/question-papers/${questionPaperId}/questions`)).json();
    expect(questions).toHaveLength(totalQuestions);
    expect(questions.map((q: { text: string }) => q.text).join('\n')).toMatch(/Osmosis|Diffusion|root hair/i);
    for (const q of questions) expect((await get(`/api/questions/${q.id}/markscheme`)).json().length).toBeGreaterThan(0);

    const course = (await get(`/api/courses/${courseId}`)).json();
    expect(course).toMatchObject({ title: 'Biology A-Level Practice', subject: 'Biology', totalQuestions });
  });

  it('reuses the student’s course whose subject matches, ignoring case', async () => {
    const created = await post('/api/courses/direct-create', { subject: 'Chemistry' }, bob);
    expect(created.statusCode).toBe(201);
    const res = await post(
      '/api/pdf/generate-questions',
      { pdfData: notesBase64, pdfName: 'C:\\fakepath\\notes.pdf', subject: ' CHEMISTRY ' },
      bob,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().courseId).toBe(created.json().id);
    expect((await get(`/api/question-papers/${res.json().questionPaperId}`, bob)).json().topic).toBe('notes');

    // A second biology paper for alice goes into her existing Biology course.
    const second = await post('/api/pdf/generate-questions', { pdfData: notesBase64, pdfName: 'transport-notes.pdf', subject: 'BIOLOGY' });
    expect(second.statusCode).toBe(201);
    const mine = await t.database.db.select().from(courses).where(eq(courses.ownerId, alice.user.id));
    expect(mine).toHaveLength(1);
    expect(second.json().courseId).toBe(mine[0].id);
  });

  it('keeps the paper and its course from anyone but the owner', async () => {
    const res = await post('/api/pdf/generate-questions', { pdfData: notesBase64, pdfName: 'transport-notes.pdf', subject: 'Biology' });
    const { questionPaperId, courseId } = res.json();
    const paper = await get(`/api/question-papers/${questionPaperId}`, bob);
    expect(paper.statusCode).toBe(404);
    expect(paper.json().message).toBe(PRACTICE_TEXT.paperNotFound);
    expect((await get(`/api/courses/${courseId}`, bob)).statusCode).toBe(404);
  });

  it('refuses a document without text to write questions from', async () => {
    const res = await post('/api/pdf/generate-questions', {
      pdfData: Buffer.from(buildPdf([pdfLines('Hello.')])).toString('base64'),
      pdfName: 'short.pdf',
      subject: 'Physics',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/No definitions, explanations, processes or figures/);
  });
});

describe('upload size limits', () => {
  it('refuses a PDF that decodes to more than 20MB with 413 and the spec message', async () => {
    const justOver = Math.ceil((PDF_MAX_BYTES + 3) / 3) * 4; // decodes to PDF_MAX_BYTES + 3 bytes, still under the body limit
    const res = await post('/api/pdf/ask-question', { pdfData: base64Of(justOver), question: 'What is osmosis?' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(DOCUMENT_TEXT.tooLarge);
  });

  it('accepts a 1MB body on an upload route, but the other routes keep the small global limit', async () => {
    const payload = { pdfData: base64Of(1024 * 1024), question: 'What?' };
    const upload = await post('/api/pdf/ask-question', payload);
    expect(upload.statusCode).toBe(400); // read, and found not to be a PDF
    expect(upload.json().message).toBe(notAPdfMessage);

    expect(JSON.stringify(payload).length).toBeGreaterThan(JSON_BODY_LIMIT);
    const login = await post('/api/auth/login', { email: 'a@example.org', password: base64Of(1024 * 1024) }, null);
    expect(login.statusCode).toBe(413);
    const generate = await post('/api/question-papers/generate', { courseId: 'x', topic: base64Of(1024 * 1024) });
    expect(generate.statusCode).toBe(413);
  });

  it('answers a body over the upload limit with 413 and a clear message, before reading it', async () => {
    const res = await post('/api/pdf/generate-questions', { pdfData: base64Of(PDF_BODY_LIMIT), pdfName: 'huge.pdf', subject: 'Biology' });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(DOCUMENT_TEXT.tooLarge);
    // Without a session the upload is refused before its body is read.
    const anonymous = await post('/api/pdf/ask-question', { pdfData: base64Of(PDF_BODY_LIMIT), question: 'What?' }, null);
    expect(anonymous.statusCode).toBe(401);
  });
});
