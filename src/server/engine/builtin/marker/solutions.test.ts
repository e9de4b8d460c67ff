import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { finalSolutions, solutionRule } from './solutions';

describe('what a point says of the solutions to keep', () => {
  it('reads kept, rejected and "only" values of one variable', () => {
    expect(solutionRule('only solution x = 4')).toEqual({ variable: 'x', kept: [4], rejected: [], only: true });
    expect(solutionRule('rejects x = -1 because ln x is not defined for x ≤ 0')).toEqual({
      variable: 'x',
      kept: [],
      rejected: [-1],
      only: false,
    });
    expect(solutionRule('x = 5, rejecting x = 15 (no box: volume zero)')).toEqual({
      variable: 'x',
      kept: [5],
      rejected: [15],
      only: false,
    });
    expect(solutionRule('θ = 30° or θ = 150° only')).toEqual({ variable: 'θ', kept: [30, 150], rejected: [], only: true });
  });

  it('says nothing for a point that keeps every solution, or for an expression', () => {
    expect(solutionRule('(x - 4)(x + 1) = 0 so x = 4 or x = -1')).toBeUndefined();
    expect(solutionRule('reject H0: evidence of positive correlation')).toBeUndefined();
    expect(solutionRule('only when y = 3x + 2')).toBeUndefined();
  });
});

describe('the solutions an answer ends with', () => {
  it('is the last statement of values, less those rejected after it', () => {
    expect(finalSolutions('x = 4 or x = -1\nx = -1 is rejected as ln(-1) is undefined', 'x').values).toEqual([4]);
    expect(finalSolutions('x = 4 or x = -1, but x = -1 does not work, so x = 4', 'x').values).toEqual([4]);
    expect(finalSolutions('x = -1 doesn’t work. So the solutions are x = 4 and x = -1.', 'x').values).toEqual([4, -1]);
    expect(finalSolutions('x = 5 or x = 15; x = 15 gives zero volume so x = 5', 'x').values).toEqual([5]);
    expect(finalSolutions('(x - 4)(x + 1) = 0 so x = 4 or x = -1', 'x').values).toEqual([4, -1]);
  });

  it('keeps a value whose rejection is denied, and reads no expression as a value', () => {
    expect(finalSolutions('x = -1 is not rejected because ln x is defined for x ≤ 0', 'x').values).toEqual([-1]);
    expect(finalSolutions('x^2 = 3x + 4', 'x').values).toEqual([]);
    expect(finalSolutions('y = 2x + 1 at x = 3', 'x').values).toEqual([3]);
  });
});

describe('the marker on extra solutions ("A0 if extra solutions are not rejected")', () => {
  const scheme: MarkPointInput[] = [
    { id: 'm1', text: 'uses the power law: ln x^2 = ln(3x + 4)', kind: 'M', accept: ['ln x^2 = ln(3x + 4)'] },
    { id: 'm2', text: 'so x^2 = 3x + 4, i.e. x^2 - 3x - 4 = 0', kind: 'M', accept: ['x^2 - 3x - 4 = 0'] },
    { id: 'a1', text: '(x - 4)(x + 1) = 0 so x = 4 or x = -1', kind: 'A', accept: ['x = 4 or x = -1'] },
    {
      id: 'b1',
      text: 'rejects x = -1 because ln x is not defined for x ≤ 0',
      kind: 'B',
      accept: ['ln(-1) is undefined', 'x must be positive'],
    },
    { id: 'a2', text: 'only solution x = 4', kind: 'A', accept: ['x=4', 'exactly one solution, x = 4'] },
  ];
  const mark = (answer: string) =>
    markAnswer({ questionText: 'Solve 2 ln x = ln(3x + 4).', type: 'short_answer', totalMarks: 5, markScheme: scheme, answer });
  const statuses = (answer: string) => Object.fromEntries(mark(answer).markscheme_evaluation.map((e) => [e.point_id, e.status]));
  const working = 'ln x^2 = ln(3x + 4)\nx^2 - 3x - 4 = 0\n(x - 4)(x + 1) = 0 so x = 4 or x = -1\n';

  it('credits a rejected root, rejected before or after the last line of values', () => {
    const after = mark(`${working}x = -1 is rejected because ln(-1) is undefined, so x = 4 only.`);
    expect(after.marks_awarded).toBe(5);
    expect(mark(`${working}But ln(-1) is undefined, so x = -1 is rejected.`).marks_awarded).toBe(5);
  });

  it('gives no mark for "only x = 4" or the rejection when the final answer keeps x = -1', () => {
    const fb = mark(`${working}x = -1 doesn't work because ln(-1) is undefined. So the solutions are x = 4 and x = -1.`);
    expect(fb.marks_awarded).toBe(3);
    const [b1, a2] = ['b1', 'a2'].map((id) => fb.markscheme_evaluation.find((e) => e.point_id === id)!);
    expect(b1).toMatchObject({ status: 'CONTRADICTED', rule: 'contradiction', marks_awarded: 0 });
    expect(a2.justification).toContain('your final answer also gives x = −1');
    expect(a2.evidence).toBe('So the solutions are x = 4 and x = -1.');
  });

  it('gives no mark for "only x = 4" to roots never rejected, nor to a rejection denied', () => {
    expect(statuses(working)).toMatchObject({ a1: 'COVERED', a2: 'CONTRADICTED' });
    expect(statuses(`${working}x = -1 is not rejected because ln x is defined for x ≤ 0, so both of them are solutions`)).toMatchObject({
      b1: 'CONTRADICTED',
      a2: 'CONTRADICTED',
    });
  });
});
