import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { statedResult } from './numeric';
import { otherProbability, probabilities } from './probability';

describe('probabilities compared as mathematics', () => {
  it('reads tails and their complements as the same tail', () => {
    expect(probabilities('P(X ≥ 15) = 1 - P(X ≤ 14)')).toEqual([
      { variable: 'X', op: 'ge', k: 15 },
      { variable: 'X', op: 'ge', k: 15 },
    ]);
    expect(probabilities('P(X > 14)')).toEqual([{ variable: 'X', op: 'ge', k: 15 }]);
    expect(probabilities('P(Y<3) and P(Y=3)')).toEqual([
      { variable: 'Y', op: 'le', k: 2 },
      { variable: 'Y', op: 'eq', k: 3 },
    ]);
  });

  it('finds an answer that wrote another probability than the tail the point finds', () => {
    const point = 'under H0, X ~ B(20, 0.5); finds P(X ≥ 15) = 1 - P(X ≤ 14)';
    expect(otherProbability(point, 'P(X = 15) = 0.0148')).toBe('P(X = 15)');
    expect(otherProbability(point, 'P(X ≥ 14) = 0.0577')).toBe('P(X ≥ 14)');
    // the tail, another way, or its complement worked in two steps
    expect(otherProbability(point, 'P(X > 14) = 0.0207')).toBeUndefined();
    expect(otherProbability(point, 'P(X ≤ 14) = 0.9793, so 1 − 0.9793 = 0.0207')).toBeUndefined();
    expect(otherProbability(point, 'P(X>=15) = 0.0207')).toBeUndefined();
    // no probability of the variable: nothing to say
    expect(otherProbability(point, 'it is about 0.02')).toBeUndefined();
  });

  it('reads "P(X ≥ 15) = 0.0207" as an accuracy point with a value, the numbers inside the probability aside', () => {
    expect(statedResult('P(X ≥ 15) = 0.0207')).toEqual({ value: 0.0207 });
    expect(statedResult('T_top = 3.73 N')).toEqual({ value: 3.73, unit: 'N' });
    expect(statedResult('only solution x = 4')).toBeUndefined();
  });
});

describe('the marker on a binomial test that finds the wrong probability', () => {
  const scheme: MarkPointInput[] = [
    { id: 'b1', text: 'H0: p = 0.5 and H1: p > 0.5, where p is the probability of heads', kind: 'B', accept: ['H0: p = 0.5'] },
    { id: 'm1', text: 'under H0, X ~ B(20, 0.5); finds P(X ≥ 15) = 1 - P(X ≤ 14)', kind: 'M' },
    { id: 'a1', text: 'P(X ≥ 15) = 0.0207', kind: 'A', depends_on: 'm1' },
    { id: 'a2', text: '0.0207 < 0.05 so reject H0: evidence the coin is biased towards heads', kind: 'A', depends_on: 'm1' },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'A coin is tossed 20 times and lands heads 15 times. Test at the 5% level whether the coin is biased towards heads.',
      type: 'short_answer',
      totalMarks: 4,
      markScheme: scheme,
      answer,
    });

  it('gives the hypotheses only, when the answer finds P(X = 15)', () => {
    const fb = mark(
      'H0: p = 0.5\nH1: p > 0.5\nP(X = 15) = 20C15 × 0.5^15 × 0.5^5 = 0.0148\n0.0148 < 0.05 so reject H0, the coin is biased towards heads',
    );
    const m1 = fb.markscheme_evaluation.find((e) => e.point_id === 'm1')!;
    expect(m1).toMatchObject({ status: 'NOT_COVERED', marks_awarded: 0 });
    expect(m1.justification).toContain('you found P(X = 15)');
    expect(fb.markscheme_evaluation.find((e) => e.point_id === 'a1')).toMatchObject({ status: 'NOT_COVERED', rule: 'value' });
    expect(fb.marks_awarded).toBe(1);
  });

  it('gives every mark to the tail found', () => {
    const fb = mark(
      'H0: p = 0.5, H1: p > 0.5\nUnder H0, X ~ B(20, 0.5)\nP(X ≥ 15) = 1 - P(X ≤ 14) = 1 - 0.9793 = 0.0207\n0.0207 < 0.05 so reject H0: there is evidence the coin is biased towards heads',
    );
    expect(fb.marks_awarded).toBe(4);
  });
});
