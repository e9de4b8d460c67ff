import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { markPointSchema } from '../../shared/mark-scheme';
import { type GradingResult } from '../../shared/teacher';
import { MAX_MARKS_TEXT } from '../../shared/teacher-text';
import type { Engine } from '../engine/engine';
import { storePrintedPaper } from '../services/practice-paper';
import { engineWithPlainMarker } from '../testing/plain-marker';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Issue 26 item 6: the maximum marks come from the scheme, never a default of 10. A 3-mark question found on a printed
 * paper (by its code typed, or read from the sheet's QR code) is marked out of 3 when the form sends no maximum, and
 * still out of 3 when it sends 10; the maximum is asked for only for a typed scheme without marks. The sheet is "read"
 * by a fake reader and marked by the plain test marker (a point is covered when the answer contains its text).
 */
const TRANSCRIPT = 'The enzyme has an active site. It is a protein.';
let sheetCode: string | null = null;
const engine: Engine = engineWithPlainMarker({
  async readSheets(images) {
    return images.map((_, i) => ({
      text: i === 0 ? TRANSCRIPT : '',
      confidence: 95,
      paperCode: i === 0 ? sheetCode : null,
      readBy: 'the test reader',
    }));
  },
});
const answerImage = fs
  .readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/builtin/ocr/fixtures', 'answer-sheet.png'))
  .toString('base64');

type Who = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let teacher: Who;
let code: string;

const grade = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/teacher/grade-answer', headers: teacher.headers, payload: { answerImage, ...payload } });

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>, engine);
  teacher = await signUp(t.app);
  const point = (id: string, text: string) => markPointSchema.parse({ id, text, marks: 1, kind: 'B' });
  code = await storePrintedPaper(t.database.db, teacher.user.id, {
    title: 'Biology: enzymes',
    subject: 'Biology',
    topic: 'enzymes',
    difficultyLevel: 'medium',
    generatedBy: 'the built-in question bank',
    note: null,
    questions: [
      {
        number: 1,
        ref: 'question 1',
        text: 'State three features of an enzyme.',
        type: 'short_answer',
        totalMarks: 3,
        markScheme: [point('p1', 'active site'), point('p2', 'protein'), point('p3', 'lowers activation energy')],
      },
    ],
  });
});
afterAll(async () => {
  await t.close();
});

describe('maximum marks come from the scheme (issue 26)', () => {
  it('marks a 3-mark question of a printed paper out of 3 when no maximum is sent, and when 10 is sent', async () => {
    for (const body of [{ paperCode: code }, { paperCode: code, maxMarks: 10 }]) {
      const res = await grade(body);
      expect(res.statusCode, res.body).toBe(200);
      const result: GradingResult = res.json();
      expect([result.marksAwarded, result.totalMarks]).toEqual([2, 3]);
      expect(result.detailedBreakdown.reduce((n, s) => n + s.maxMarks, 0)).toBe(3);
    }
  });

  it('marks it out of 3 when the paper is found by the QR code on the sheet, with no maximum sent', async () => {
    sheetCode = code;
    try {
      const res = await grade({});
      expect(res.statusCode, res.body).toBe(200);
      expect([res.json().marksAwarded, res.json().totalMarks]).toEqual([2, 3]);
    } finally {
      sheetCode = null;
    }
  });

  it('a typed scheme with marks of its own is out of those marks; no maximum is needed', async () => {
    const res = await grade({ markScheme: 'active site [2]\nprotein [1]\nlowers activation energy [2]' });
    expect(res.statusCode, res.body).toBe(200);
    expect([res.json().marksAwarded, res.json().totalMarks]).toEqual([3, 5]);
  });

  it('a typed scheme without marks asks for the maximum (never /10), then is out of it', async () => {
    const unmarked = 'active site\nprotein\nlowers activation energy';
    const missing = await grade({ markScheme: unmarked });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MAX_MARKS_TEXT.needed);

    const capped = await grade({ markScheme: unmarked, maxMarks: 2 });
    expect(capped.statusCode, capped.body).toBe(200);
    expect([capped.json().marksAwarded, capped.json().totalMarks]).toEqual([2, 2]);

    const same = await grade({ markScheme: unmarked, maxMarks: 3 });
    expect([same.json().marksAwarded, same.json().totalMarks]).toEqual([2, 3]);

    const doubled = await grade({ markScheme: unmarked, maxMarks: 6 });
    expect(doubled.statusCode, doubled.body).toBe(200);
    expect([doubled.json().marksAwarded, doubled.json().totalMarks]).toEqual([4, 6]);

    const uneven = await grade({ markScheme: unmarked, maxMarks: 5 });
    expect(uneven.statusCode).toBe(400);
    expect(uneven.json().message).toBe(MAX_MARKS_TEXT.tooMany(3, 5));
  });
});
