import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { findQuantities } from './numeric';

const values = (text: string) => findQuantities(text).map((q) => q.value);

describe('reading numbers in working', () => {
  it('reads "× 10^n", "x 10^{n}" and "x 10-3" as powers of ten, and "x 100" as a multiplication by a hundred', () => {
    expect(values('3.0 x 10^-3 m')).toEqual([0.003]);
    expect(values('3.0 × 10-3 m')).toEqual([0.003]);
    expect(values('2.5 x 10^3')).toEqual([2500]);
    expect(values('1.6 x 10^{-19} C')[0]).toBeCloseTo(1.6e-19, 30);
    // the percentage's "× 100" is not 32.7 × 10^0
    expect(values('rate = 2.28 / 32.7 x 100 = 6.97%')).toContain(100);
    expect(values('rate = 2.28 / 32.7 x 100 = 6.97%')).toContain(32.7);
  });
});

describe('error carried forward', () => {
  it('does not take a number of the question, put into the working, as a value carried forward', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'labour force = 41.3 + 1.9 = 43.2 million', kind: 'M', numeric: { value: 43.2 } },
      {
        id: 'a1',
        text: 'unemployment rate = 1.9 / 43.2 × 100 = 4.40%',
        kind: 'A',
        ecf: true,
        ecf_formula: '1.9 / m1 * 100',
        numeric: { value: 4.4, unit: '%' },
      },
    ];
    const fb = markAnswer({
      questionText: '1.9 million people are unemployed and 41.3 million are employed. Calculate the unemployment rate.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer: 'unemployment rate = unemployed / employed x 100 = 1.9 / 41.3 x 100 = 4.60%',
    });
    expect(fb.marks_awarded).toBe(0);
  });
});
