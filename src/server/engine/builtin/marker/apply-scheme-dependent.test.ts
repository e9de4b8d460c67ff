import { describe, expect, it } from 'vitest';
import { markPointSchema, type MarkPointInput } from '../../../../shared/mark-scheme';
import { applyScheme, type PointOutcome } from './apply-scheme';

// Solving a quadratic formed from the question: M1 forms the equation, dM1 solves it (only with M1), A1 the roots.
const scheme = (extra: MarkPointInput[] = []) =>
  [
    { id: 'm1', text: 'forms the equation x^2 - 5x + 6 = 0', kind: 'M' },
    { id: 'm2', text: 'solves their quadratic by factorising or the formula', kind: 'M', depends_on: 'm1' },
    { id: 'a1', text: 'x = 2 or x = 3', kind: 'A', depends_on: 'm2' },
    ...extra,
  ].map((p) => markPointSchema.parse(p));

const covered: PointOutcome = { status: 'COVERED', justification: 'Seen.', rule: 'judged', confidence: 0.9 };
const missed: PointOutcome = { status: 'NOT_COVERED', justification: 'Not seen.' };
const ctx = { plainAnswer: '(x - 2)(x - 3) = 0 so x = 2 or 3', questionText: 'Find the values of x.', blank: false };

describe('dependent method marks (dM1)', () => {
  it('gives a dM1 only with the method mark it depends on, and its A1 falls with it', () => {
    const r = applyScheme(scheme(), [missed, covered, covered], {}, 3, ctx);
    const [m1, m2, a1] = r.scored;
    expect([m1.marksAwarded, m2.marksAwarded, a1.marksAwarded]).toEqual([0, 0, 0]);
    expect(m2.outcome.status).toBe('NOT_COVERED');
    expect(m2.outcome.rule).toBe('no-method');
    expect(m2.outcome.justification).toBe(
      'Your answer makes this step, but this dependent method mark (dM1) needs the method mark before it (forms the equation x^2 - 5x + 6 = 0), which your answer does not show, so it is not given.',
    );
    expect(m2.notes).toEqual(['needs the method mark m1']);
    expect(a1.outcome.rule).toBe('no-method');
    expect(a1.notes).toEqual(['needs the method mark m2']);
    expect(r.marks).toBe(0);
  });

  it('gives the dM1 when the earlier method mark is given', () => {
    const r = applyScheme(scheme(), [covered, covered, covered], {}, 3, ctx);
    expect(r.scored.map((s) => s.marksAwarded)).toEqual([1, 1, 1]);
    expect(r.scored[1].outcome.rule).toBe('judged');
    expect(r.marks).toBe(3);
  });

  it('a dM1 not made earns nothing even when the earlier M is given', () => {
    const r = applyScheme(scheme(), [covered, missed, covered], {}, 3, ctx);
    expect(r.scored.map((s) => s.marksAwarded)).toEqual([1, 0, 0]);
  });

  it('a chain of dependent method marks falls with its first', () => {
    const points = [
      { id: 'm1', text: 'resolves forces parallel to the slope', kind: 'M' },
      { id: 'm2', text: 'uses F = ma with their resultant', kind: 'M', depends_on: 'm1' },
      { id: 'm3', text: 'uses v^2 = u^2 + 2as with their acceleration', kind: 'M', depends_on: 'm2' },
    ].map((p) => markPointSchema.parse(p));
    const r = applyScheme(points, [missed, covered, covered], {}, 3, { ...ctx, questionText: 'Find the speed.' });
    expect(r.scored.map((s) => s.marksAwarded)).toEqual([0, 0, 0]);
    expect(r.scored[2].notes).toEqual(['needs the method mark m2']);
  });

  it('keeps the dM1 when the earlier M is implied by a correct value, and drops it when that value is wrong', () => {
    // m1 forms the equation whose root a0 is a value; the dM1 after it is earned only through m1
    const points = [
      { id: 'm1', text: 'sets up 3k + 4 = 19', kind: 'M' },
      { id: 'a0', text: 'k = 5', kind: 'A', depends_on: 'm1', numeric: { value: 5 } },
      { id: 'm2', text: 'substitutes their k into y = kx - 2', kind: 'M', depends_on: 'm1' },
      { id: 'a1', text: 'y = 13 when x = 3', kind: 'A', depends_on: 'm2', numeric: { value: 13 } },
    ].map((p) => markPointSchema.parse(p));
    const rightK: PointOutcome = {
      status: 'COVERED',
      justification: 'Value seen.',
      rule: 'value',
      numeric: { matched: true, given: { value: 5, text: '5', start: 4 } },
    };
    const wrongY: PointOutcome = { status: 'NOT_COVERED', justification: 'Not the value.', numeric: { matched: false } };
    const c = { plainAnswer: 'k = 5, y = 5 × 3 - 2 = 14', questionText: 'Find k, then find y when x = 3.', blank: false };
    const implied = applyScheme(points, [missed, rightK, covered, wrongY], {}, 4, c);
    expect(implied.scored.map((s) => s.marksAwarded)).toEqual([1, 1, 1, 0]);
    expect(implied.scored[0].outcome.rule).toBe('implied-method');
    expect(implied.scored[2].outcome.rule).toBe('judged');
    const wrongK: PointOutcome = { status: 'NOT_COVERED', justification: 'Not the value.', numeric: { matched: false } };
    const dropped = applyScheme(points, [missed, wrongK, covered, wrongY], {}, 4, c);
    expect(dropped.scored.map((s) => s.marksAwarded)).toEqual([0, 0, 0, 0]);
    expect(dropped.scored[2].outcome.rule).toBe('no-method');
  });

  it('a correct final value implies the dM1 and the M before it', () => {
    const rightRoots: PointOutcome = {
      status: 'COVERED',
      justification: 'Value seen.',
      rule: 'value',
      numeric: { matched: true, given: { value: 3, text: '3', start: 0 } },
    };
    const points = scheme().map((p) => (p.id === 'a1' ? { ...p, numeric: { value: 3 } } : p));
    const r = applyScheme(points, [missed, missed, rightRoots], {}, 3, { ...ctx, plainAnswer: 'x = 3' });
    expect(r.scored.map((s) => s.marksAwarded)).toEqual([1, 1, 1]);
    expect(r.scored[1].outcome.rule).toMatch(/implied-method|final-answer/);
    expect(r.scored[0].outcome.rule).toMatch(/implied-method|final-answer/);
  });
});
