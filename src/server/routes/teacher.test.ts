import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADING_BODY_LIMIT, GRADING_IMAGE_MAX_BYTES } from '../../shared/limits';
import { GRADING_TEXT } from '../../shared/teacher-text';
import { gradingResults } from '../db/schema';
import { stopImageReader } from '../engine/builtin/ocr/read-image-text';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

const fixture = (name: string) =>
  fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures', name)).toString('base64');
const questionImage = fixture('question-sheet.png');
const answerImage = fixture('answer-sheet.png');

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await stopImageReader();
});

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const grade = (payload: object, who: { headers: Record<string, string> } | null = alice) =>
  t.app.inject({ method: 'POST', url: '/api/teacher/grade-answer', payload, headers: who?.headers ?? {} });

describe('POST /api/teacher/grade-answer', () => {
  it("grades the photographed answer out of its scheme's own marks (not the form's maximum) and keeps the result for its owner only", async () => {
    // Issue 26: the question found (a 3-mark bank question) is marked out of 3, whatever "Maximum Marks" says.
    const res = await grade({ questionImage, answerImage, maxMarks: 6 });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ marksAwarded: 3, totalMarks: 3, gradedBy: 'the built-in marker (OCR by Tesseract)' });
    expect(result.detailedBreakdown).toHaveLength(3);
    expect(result.detailedBreakdown.reduce((n: number, s: { maxMarks: number }) => n + s.maxMarks, 0)).toBe(3);
    expect(result.feedback).not.toContain('scaled');
    for (const section of result.detailedBreakdown)
      expect(section).toEqual({
        section: expect.any(String),
        marksAwarded: expect.any(Number),
        maxMarks: expect.any(Number),
        comments: expect.any(String),
      });
    expect(result.feedback).toContain('<p>');
    expect(result.questionText.toLowerCase()).toContain('peptide bond');

    const rows = await t.database.db.select().from(gradingResults).where(eq(gradingResults.ownerId, alice.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: result.id, marksAwarded: 3, totalMarks: 3 });
    expect((await get('/api/teacher/grading-results')).json()).toEqual([result]);
    expect((await get('/api/teacher/grading-results', bob)).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/teacher/grading-results' })).statusCode).toBe(401);
  }, 120_000);

  it('says so, and stores nothing, when the question has no mark scheme to grade it against offline', async () => {
    const res = await grade({ questionImage: answerImage, answerImage, maxMarks: 10 }, bob);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/not in the built-in question bank/);
    expect((await get('/api/teacher/grading-results', bob)).json()).toEqual([]);
  }, 120_000);

  it('needs both images (Missing Images)', async () => {
    for (const payload of [{ answerImage, maxMarks: 5 }, { questionImage, maxMarks: 5 }, { questionImage, answerImage: '' }, {}]) {
      const res = await grade(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(GRADING_TEXT.missingImages);
    }
  });

  it('needs maximum marks from 1 to 100', async () => {
    for (const maxMarks of [0, -3, 101, 2.5, 'ten']) {
      const res = await grade({ questionImage, answerImage, maxMarks });
      expect(res.statusCode, String(maxMarks)).toBe(400);
      expect(res.json().message).toBe(GRADING_TEXT.invalidMarks);
    }
  });

  it('refuses data that is not a complete image with 400, before the OCR reads it', async () => {
    const truncated = Buffer.from(answerImage, 'base64').subarray(0, 5000).toString('base64');
    for (const [payload, which] of [
      [{ questionImage: Buffer.from('not an image').toString('base64'), answerImage }, 'question paper image'],
      [{ questionImage, answerImage: truncated }, 'answer sheet image'],
      [{ questionImage, answerImage: '%%% not base64 %%%' }, 'answer sheet image'],
    ] as const) {
      const res = await grade({ ...payload, maxMarks: 5 });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(GRADING_TEXT.unreadableImage(which));
    }
  });

  it('refuses an image over 10MB, and a body over the grading limit, with 413 and the spec message', async () => {
    const overTen = 'A'.repeat(Math.ceil((GRADING_IMAGE_MAX_BYTES + 3) / 3) * 4);
    const big = await grade({ questionImage, answerImage: overTen, maxMarks: 5 });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(GRADING_TEXT.tooLarge);

    const overLimit = await grade({ questionImage: 'A'.repeat(GRADING_BODY_LIMIT), answerImage, maxMarks: 5 });
    expect(overLimit.statusCode).toBe(413);
    expect(overLimit.json().message).toBe(GRADING_TEXT.tooLarge);
  });

  it('needs a signed-in user', async () => {
    expect((await grade({ questionImage, answerImage, maxMarks: 5 }, null)).statusCode).toBe(401);
  });
});
