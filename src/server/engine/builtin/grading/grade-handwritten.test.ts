import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { stopImageReader } from '../ocr/read-image-text';
import { fitBreakdownToTotal } from '../../grading/fit-breakdown';
import { findBankQuestion, gradeHandwritten } from './grade-handwritten';

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../ocr/fixtures', name));

afterAll(() => stopImageReader());

describe('gradeHandwritten (built-in)', () => {
  it('reads both sheets, finds the mark scheme in the bank and marks point by point, scaled to the maximum', async () => {
    const result = await gradeHandwritten({
      questionImage: fixture('question-sheet.png'),
      answerImage: fixture('answer-sheet.png'),
      maxMarks: 6,
    });
    expect(result.questionText.toLowerCase()).toContain('peptide bond');
    expect(result.totalMarks).toBe(6);
    expect(result.detailedBreakdown).toHaveLength(3);
    expect(result.detailedBreakdown.every((s) => s.maxMarks === 2)).toBe(true);
    // The answer names the condensation reaction, both groups and the water removed: full marks.
    expect(result.marksAwarded).toBe(6);
    expect(result.feedback).toContain('biology-biological-molecules-05');
    // the summary speaks in the teacher's marks (6), not the bank question's (3)
    expect(result.feedback).toContain('You scored 6 out of 6.');
    expect(result.feedback).not.toContain('out of 3');
  }, 90_000);

  it('keeps the breakdown adding up to the maximum when the scaling is not exact', async () => {
    // 3 one-mark points scaled to 4: a third of 4 rounded to halves (1.5 each) would add up to 4.5.
    const result = await gradeHandwritten({
      questionImage: fixture('question-sheet.png'),
      answerImage: fixture('answer-sheet.png'),
      maxMarks: 4,
    });
    expect(result.detailedBreakdown.reduce((n, s) => n + s.maxMarks, 0)).toBe(4);
    expect(result.detailedBreakdown.every((s) => s.marksAwarded <= s.maxMarks)).toBe(true);
    expect(result.marksAwarded).toBe(result.detailedBreakdown.reduce((n, s) => n + s.marksAwarded, 0));
    expect(result.marksAwarded).toBe(4);
  }, 90_000);

  it('refuses, with a clear reason, a question that is not in the bank', async () => {
    await expect(
      gradeHandwritten({ questionImage: fixture('answer-sheet.png'), answerImage: fixture('answer-sheet.png'), maxMarks: 10 }),
    ).rejects.toThrow(/not in the built-in question bank/);
  }, 90_000);

  it('matches question text to the bank even with OCR noise', () => {
    expect(findBankQuestion('Q3. Describe how a pept1de bond is formed between two amino acids. [3 marks]')?.question.id).toBe(
      'biology-biological-molecules-05',
    );
    expect(findBankQuestion('Write a sonnet about the sea.')).toBeNull();
  });
});

describe('fitBreakdownToTotal', () => {
  const section = (maxMarks: number, marksAwarded: number, name = `s${maxMarks}`) => ({
    section: name,
    maxMarks,
    marksAwarded,
    comments: '',
  });
  const sum = (xs: number[]) => xs.reduce((n, x) => n + x, 0);

  it('scales the sections to add up to exactly the total, in half marks', () => {
    for (const [weights, total] of [
      [[1, 1, 1], 4],
      [[1, 1, 1], 5],
      [[4, 2], 5],
      [[2, 3, 1, 1], 3],
      [[1, 1, 1, 1, 1, 1, 1], 10],
    ] as const) {
      const { detailedBreakdown } = fitBreakdownToTotal(
        weights.map((w) => section(w, w)),
        total,
      );
      expect(sum(detailedBreakdown.map((s) => s.maxMarks))).toBe(total);
      expect(detailedBreakdown.every((s) => Number.isInteger(s.maxMarks * 2))).toBe(true);
    }
    expect(fitBreakdownToTotal([section(1, 0), section(1, 0), section(1, 0)], 5).detailedBreakdown.map((s) => s.maxMarks)).toEqual([
      2, 1.5, 1.5,
    ]);
  });

  it('keeps a split that already adds up, and each section within its maximum', () => {
    const fitted = fitBreakdownToTotal([section(3, 2, 'a'), section(2, 9, 'b'), section(1, -1, 'c')], 6);
    expect(fitted.detailedBreakdown.map((s) => [s.section, s.marksAwarded, s.maxMarks])).toEqual([
      ['a', 2, 3],
      ['b', 2, 2],
      ['c', 0, 1],
    ]);
    expect(fitted.marksAwarded).toBe(4);
  });

  it('scales the marks with the sections, and the overall mark is their sum', () => {
    const fitted = fitBreakdownToTotal([section(2, 1), section(2, 2)], 10);
    expect(fitted.detailedBreakdown.map((s) => [s.marksAwarded, s.maxMarks])).toEqual([
      [2.5, 5],
      [5, 5],
    ]);
    expect(fitted.marksAwarded).toBe(7.5);
  });

  it('leaves out sections without a positive maximum', () => {
    const fitted = fitBreakdownToTotal([section(0, 3), section(Number.NaN, 1), section(-2, 0)], 5);
    expect(fitted).toEqual({ detailedBreakdown: [], marksAwarded: 0 });
  });
});
