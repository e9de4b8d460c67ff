import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { isSubstitutionStep, judgeSubstitution, numericExpressions, substitutionTargets } from './substitution';

describe('numeric expressions', () => {
  it('reads standard form as one number and brackets as their own calculations', () => {
    const found = numericExpressions('r = (4200 + 380) × 10^3 = 4.58 × 10^6 m');
    expect(found.map((e) => e.text)).toEqual(['(4200 + 380) × 1e3', '4200 + 380', '4.58e6']);
    expect(found[0].values[0]).toBeCloseTo(4.58e6);
    expect(found[1]).toMatchObject({ inner: true, working: true });
    expect(found[2]).toMatchObject({ working: false });
  });

  it('leaves algebra alone: numbers written against a letter, runs cut at an operator', () => {
    expect(numericExpressions('dA/dr = 2πr = 2π(3) = 6π').map((e) => e.text)).toEqual(['3', '6π']);
    expect(numericExpressions('integrates to x^4/4 - 2x')).toEqual([]);
    expect(numericExpressions('0 = 7^2 - 2 × 9.8 × h')).toEqual([{ text: '0', values: [0], inner: false, working: false }]);
  });

  it('reads an angle in degrees as well as radians', () => {
    const [e] = numericExpressions('u = 12 cos 60');
    expect(e.values.some((v) => Math.abs(v - 6) < 1e-9)).toBe(true);
  });
});

describe('substitution steps', () => {
  it('is a step only when every number of the point belongs to its calculation', () => {
    expect(isSubstitutionStep('radius r = 4200 + 380 = 4580 km')).toBe(true);
    expect(isSubstitutionStep('correct substitution in metres: 620 × 10^-9 × 2.0 / 0.40 × 10^-3')).toBe(true);
    expect(isSubstitutionStep('vertical: s = ut + ½at² with s = 0, u = 15 sin 40°, a = −9.81')).toBe(false);
    expect(isSubstitutionStep('solves 40 = 80e^(-0.05t): -0.05t = ln(40/80)')).toBe(false);
    expect(isSubstitutionStep('w = λD/s')).toBe(false);
    // a calculation that goes on in symbols is a larger step ("× t")
    expect(isSubstitutionStep('x = 15 cos 40° × t')).toBe(false);
  });

  const targets = substitutionTargets(['correct substitution in metres: 620 × 10^-9 × 2.0 / 0.40 × 10^-3']);

  it('credits working that comes to the same value, in any order, with a slip after it', () => {
    expect(judgeSubstitution(targets, 'w = 2.0 × 620e-9 ÷ (0.40 × 10^-3) = 3.1 mm', '')).toMatchObject({ kind: 'same' });
    expect(judgeSubstitution(targets, 'w = 620 × 10^-9 × 2.0 / 0.40 × 10^-3 = 31 m', '')).toMatchObject({ kind: 'same' });
  });

  it('refuses working with the same first numbers but another value (a length left in millimetres)', () => {
    expect(judgeSubstitution(targets, 'w = λD/s = 620 × 10^-9 × 2.0 / 0.40 = 3.1 × 10^-6 m', '')).toMatchObject({
      kind: 'different',
      evidence: '620e-9 × 2.0 / 0.40',
    });
  });

  it('calls an answer with no calculation of its own, or only the question’s, unshown', () => {
    expect(judgeSubstitution(targets, 'w = λD/s so it is about 3 mm', '')).toEqual({ kind: 'unshown' });
    expect(judgeSubstitution(substitutionTargets(['r = 4200 + 380']), 'r = 4200 + 380', 'The radius is 4200 + 380 km.')).toEqual({
      kind: 'unshown',
    });
  });
});

describe('the marker on a substitution step', () => {
  const scheme: MarkPointInput[] = [
    { id: 'm1', text: 'V = πr²h', kind: 'M' },
    { id: 'm2', text: 'substitutes: 3.14 × 0.20^2 × 9', kind: 'M', accept: ['0.20^2 × 3.14 × 9'] },
    { id: 'a1', text: 'V = 1.13 m³', kind: 'A', depends_on: 'm2', numeric: { value: 1.1304, tolerance: 0.01, unit: 'm^3' } },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'A cylinder has radius 0.20 m and height 9 m. Take π as 3.14. Find its volume.',
      type: 'short_answer',
      markScheme: scheme,
      totalMarks: 3,
      answer,
    });

  it('does not give the substitution mark to a wrong calculation that shares its numbers', () => {
    const result = mark('V = πr²h = 3.14 × 0.20 × 9 = 5.65 m³');
    const m2 = result.markscheme_evaluation.find((p) => p.point_id === 'm2');
    expect(m2).toMatchObject({ status: 'NOT_COVERED', marks_awarded: 0, rule: 'substitution' });
    expect(result.marks_awarded).toBe(1);
  });

  it('gives it to the right calculation written another way, even with a slip after it', () => {
    const result = mark('V = πr²h = 9 × 3.14 × (0.20)^2 = 1.3 m³');
    const m2 = result.markscheme_evaluation.find((p) => p.point_id === 'm2');
    expect(m2).toMatchObject({ status: 'COVERED', marks_awarded: 1, rule: 'substitution' });
    expect(result.marks_awarded).toBe(2);
  });
});

describe('the marker on a copy of the question', () => {
  const scheme: MarkPointInput[] = [
    { id: 'm1', text: 'gradient = (29 - 11)/(8 - 2)', kind: 'M', accept: ['18/6'] },
    { id: 'a1', text: 'gradient m = 3', kind: 'A', depends_on: 'm1', numeric: { value: 3 } },
    { id: 'm2', text: 'substitutes a point: 11 = 3(2) + c', kind: 'M', accept: ['11 = 3(2) + c', 'y - 11 = 3(x - 2)'] },
    { id: 'a2', text: 'y = 3x + 5', kind: 'A', depends_on: 'm2', numeric: { value: 5 } },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'The line l passes through P(2, 11) and Q(8, 29). Find the gradient of l and an equation of l in the form y = mx + c.',
      type: 'short_answer',
      totalMarks: 4,
      markScheme: scheme,
      answer,
    });

  it('gives nothing for the question’s data copied out, even where a number in it is the right value', () => {
    const fb = mark('P(2, 11) and Q(8, 29)\nthe line goes through P and Q\ny = mx + c');
    expect(fb.markscheme_evaluation.slice(0, 2).map((p) => p.marks_awarded)).toEqual([0, 0]);
    expect(fb.markscheme_evaluation[0].rule).toBe('no-evidence');
  });

  it('credits the same number stated as the student’s result', () => {
    const fb = mark('m = (29 - 11)/(8 - 2) = 3');
    expect(fb.markscheme_evaluation.slice(0, 2).map((p) => p.marks_awarded)).toEqual([1, 1]);
  });
});
