import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stopImageReader } from '../engine/builtin/ocr/read-image-text';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * A handwriting-style answer photo (bench/handwriting-ocr.ts --fixture: a bank model answer in the Kalam
 * handwriting font, rendered by Chromium, turned 3°, blurred and saved as JPEG quality 60) graded offline
 * against its bank question. A handwriting font is far more regular than a hand: this checks the path
 * works end to end, not that real handwriting is read (docs/benchmarks.md has the measured accuracy).
 */
const photo = fs
  .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures/handwriting-photo.jpg'))
  .toString('base64');

let t: TestApp;
let teacher: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await signUp(t.app);
}, 240_000);
afterAll(async () => {
  await t.close();
  await stopImageReader();
});

describe('grading a handwriting-style photo offline', () => {
  it('reads the writing into a transcript and marks it against the chosen question', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/teacher/grade-answer',
      headers: teacher.headers,
      payload: { answerImage: photo, questionId: 'biology-biological-molecules-05' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    const transcript = String(result.answerText).toLowerCase();
    for (const words of ['peptide bond', 'condensation reaction', 'carboxyl group', 'molecule of water'])
      expect(transcript).toContain(words);
    expect(result).toMatchObject({ totalMarks: 3, marksAwarded: 3, schemeSource: 'Bank question biology-biological-molecules-05' });
    expect(result.detailedBreakdown).toHaveLength(3);
  }, 180_000);
});
