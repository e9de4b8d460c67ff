import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markSchemeViewSchema } from '../../shared/mark-scheme-view';
import { WRITE_SCHEME_TEXT } from '../../shared/mark-scheme-view-text';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { questionImportResponseSchema } from '../../shared/question-import';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// An essay imported without a mark scheme: flagged, refused by the marker (the answer kept), then written by its
// owner and marked (PGlite here; the PostgreSQL pass runs this file again with TEST_DATABASE_URL).
const GIFT = `$CATEGORY: $course$/Physics/Forces

::Newton::Which law says force equals rate of change of momentum? {=second ~first ~third}

::Essay::Explain why a car needs a driving force to travel at a steady speed. {}
`;

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let paperId: string;
let essayId: string;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: typeof alice, payload?: object) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload && { payload }) });

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  const courseId = (await inject('POST', '/api/courses/direct-create', alice, { subject: 'Physics' })).json().id;
  const preview = questionImportResponseSchema.parse(
    (await inject('POST', `/api/courses/${courseId}/import/preview`, alice, { fileName: 'forces.gift', content: GIFT })).json(),
  );
  expect(preview.report.imported.map((q) => [q.title, q.type, q.marks, q.needsScheme ?? false])).toEqual([
    ['Newton', 'multiple_choice', 1, false],
    ['Essay', 'essay', 1, true],
  ]);
  expect(preview.report.changed).toContainEqual({
    number: 2,
    title: 'Essay',
    message: 'imported without a mark scheme: write one before it can be marked',
  });
  const res = await inject('POST', `/api/courses/${courseId}/import`, alice, { fileName: 'forces.gift', content: GIFT });
  expect(res.statusCode).toBe(201);
  paperId = questionImportResponseSchema.parse(res.json()).paper!.id;
}, 300_000);
afterAll(async () => {
  await t.close();
});

describe('an essay imported without a mark scheme', () => {
  it('is stored flagged with an empty scheme', async () => {
    const questions = (await inject('GET', `/api/question-papers/${paperId}/questions`, alice)).json();
    expect(questions.map((q: { type: string; needsScheme?: boolean }) => [q.type, q.needsScheme ?? false])).toEqual([
      ['multiple_choice', false],
      ['essay', true],
    ]);
    essayId = questions[1].id;
    // its owner may write the scheme (the exam screen shows her the form)
    expect(questions[1].canWriteScheme).toBe(true);
    expect(questions[0].canWriteScheme).toBeUndefined();
    expect((await inject('GET', `/api/questions/${essayId}/markscheme`, alice)).json()).toEqual([]);
  });

  it('is not marked (422, a clear message) and the answer is kept, submitted', async () => {
    const answer = 'Resistive forces act against the motion, so a driving force must balance them.';
    const res = await inject('POST', '/api/answers/evaluate', alice, { questionId: essayId, answer });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PRACTICE_TEXT.needsScheme);
    const saved = (await inject('GET', `/api/questions/${essayId}/answer`, alice)).json();
    expect(saved).toMatchObject({ text: answer, submitted: true });
    expect((await inject('GET', `/api/questions/${essayId}/feedback`, alice)).json()).toBeNull();
    const tutor = await inject('POST', '/api/tutor/message', alice, { questionId: essayId, message: 'How many marks did I get?' });
    expect(tutor.statusCode).toBe(422);
    expect(tutor.json().message).toBe(PRACTICE_TEXT.needsScheme);
  });

  it('is refused by teacher grading against it (nothing to mark against) before the sheet is read', async () => {
    const answerImage = fs
      .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures', 'answer-sheet.png'))
      .toString('base64');
    const res = await inject('POST', '/api/teacher/grade-answer', alice, { answerImage, questionId: essayId });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PRACTICE_TEXT.needsScheme);
  });

  it('is left out of a finished paper’s total, with a note, and its answer kept', async () => {
    const newton = (await inject('GET', `/api/question-papers/${paperId}/questions`, alice)).json()[0];
    await inject('POST', '/api/answers/save', alice, { questionId: newton.id, text: 'second', submitted: false });
    const res = await inject('POST', `/api/question-papers/${paperId}/finish`, alice, { elapsedSeconds: 30 });
    expect(res.statusCode).toBe(200);
    const results = res.json();
    expect(results.totalMarks).toBe(1);
    expect(results.questions[1]).toMatchObject({ marksAwarded: null, note: PRACTICE_TEXT.needsSchemeNote, submitted: true });
    expect(results.questions[1].answerText).toMatch(/^Resistive forces/);
  });

  it('refuses an empty or unreadable scheme with a clear 400, and is 404 for another user', async () => {
    const empty = await inject('PUT', `/api/questions/${essayId}/markscheme`, alice, { text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(WRITE_SCHEME_TEXT.empty);
    const levelsOnly = await inject('PUT', `/api/questions/${essayId}/markscheme`, alice, { text: 'Level 1 (1-2 marks): some points' });
    expect(levelsOnly.statusCode).toBe(400);
    expect(levelsOnly.json().message).toBe(WRITE_SCHEME_TEXT.noPoints);
    const missing = await inject('PUT', `/api/questions/${essayId}/markscheme`, alice, {});
    expect(missing.statusCode).toBe(400);
    const other = await inject('PUT', `/api/questions/${essayId}/markscheme`, bob, { text: 'Any point [2]' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PRACTICE_TEXT.questionNotFound);
    // nothing changed: still flagged
    const questions = (await inject('GET', `/api/question-papers/${paperId}/questions`, alice)).json();
    expect(questions[1].needsScheme).toBe(true);
  });

  it('is marked like any other once its owner writes the scheme', async () => {
    const res = await inject('PUT', `/api/questions/${essayId}/markscheme`, alice, {
      text: 'resistive forces (drag, friction) act on the car\n- the driving force balances the resistive forces [2]',
    });
    expect(res.statusCode).toBe(200);
    const view = markSchemeViewSchema.parse(res.json());
    expect(view.points.map((p) => [p.text, p.marks])).toEqual([
      ['resistive forces (drag, friction) act on the car', 1],
      ['the driving force balances the resistive forces', 2],
    ]);
    expect(view.total_marks).toBe(3);
    const question = (await inject('GET', `/api/question-papers/${paperId}/questions`, alice)).json()[1];
    expect(question).toMatchObject({ totalMarks: 3 });
    expect(question.needsScheme).toBeUndefined();
    expect(question.canWriteScheme).toBeUndefined();
    const marked = await inject('POST', '/api/answers/evaluate', alice, {
      questionId: essayId,
      answer: 'Resistive forces such as drag and friction act on the car; the driving force balances the resistive forces.',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ total_marks: 3 });
    expect(marked.json().marks_awarded).toBeGreaterThan(0);
  });
});
