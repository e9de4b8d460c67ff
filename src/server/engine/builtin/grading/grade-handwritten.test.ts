import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { stopImageReader } from '../ocr/read-image-text';
import { findBankQuestion, gradeHandwritten } from './grade-handwritten';

const fixture = (name: string) => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../ocr/fixtures', name));

afterAll(() => stopImageReader());

describe('gradeHandwritten (built-in)', () => {
  it('reads both sheets, finds the mark scheme in the bank and marks point by point, scaled to the maximum', async () => {
    const result = await gradeHandwritten({ questionImage: fixture('question-sheet.png'), answerImage: fixture('answer-sheet.png'), maxMarks: 6 });
    expect(result.questionText.toLowerCase()).toContain('peptide bond');
    expect(result.totalMarks).toBe(6);
    expect(result.detailedBreakdown).toHaveLength(3);
    expect(result.detailedBreakdown.every((s) => s.maxMarks === 2)).toBe(true);
    // The answer names the condensation reaction, both groups and the water removed: full marks.
    expect(result.marksAwarded).toBe(6);
    expect(result.feedback).toContain('biology-biological-molecules-05');
  }, 90_000);

  it('refuses, with a clear reason, a question that is not in the bank', async () => {
    await expect(
      gradeHandwritten({ questionImage: fixture('answer-sheet.png'), answerImage: fixture('answer-sheet.png'), maxMarks: 10 }),
    ).rejects.toThrow(/not in the built-in question bank/);
  }, 90_000);

  it('matches question text to the bank even with OCR noise', () => {
    expect(findBankQuestion('Q3. Describe how a pept1de bond is formed between two amino acids. [3 marks]')?.question.id).toBe('biology-biological-molecules-05');
    expect(findBankQuestion('Write a sonnet about the sea.')).toBeNull();
  });
});
