import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';

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

describe("the question's own expression copied is not the student's step", () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: '<p>Without a calculator, find the value of \\( 8^{\\frac{2}{3}} \\).</p>',
      type: 'short_answer',
      markScheme: [
        { id: 'm1', text: 'takes the cube root first: 8^(1/3) = 2', kind: 'M', accept: ['8^(1/3) = 2', 'cube root of 8 is 2', '2^2'] },
        { id: 'a1', text: '4', kind: 'A', depends_on: 'm1', numeric: { value: 4 } },
      ],
      totalMarks: 2,
      answer,
    }).markscheme_evaluation[0];

  it('gives no method mark for "8^(2/3)" written out again, which comes to the right value by itself', () => {
    expect(mark('8^(2/3) = 8 × 2/3 = 16/3 = 5.33')).toMatchObject({ status: 'NOT_COVERED', marks_awarded: 0 });
    expect(mark('8^(2/3) = (8^(1/3))^2 = 2^2 = 4')).toMatchObject({ status: 'COVERED', marks_awarded: 1 });
  });
});

describe("the step's value given to another function", () => {
  it('gives no method mark for "sin x = 1/2" where the step is "cos x = 1/2", and gives it for "cos x = 1/2"', () => {
    const mark = (answer: string) =>
      markAnswer({
        questionText: '<p>Solve \\( \\sec x = 2 \\) for \\( 0^\\circ \\le x \\le 360^\\circ \\).</p>',
        type: 'short_answer',
        markScheme: [
          { id: 'm1', text: 'rewrites as cos x = 1/2', kind: 'M', accept: ['cos x = 1/2', 'cos x = 0.5'] },
          { id: 'a1', text: 'x = 60°', kind: 'A', numeric: { value: 60, unit: '°' } },
        ],
        totalMarks: 2,
        answer,
      }).markscheme_evaluation[0];
    const other = mark('sec x = 1/sin x\nso sin x = 1/2\nx = 30°');
    expect(other).toMatchObject({ status: 'NOT_COVERED', marks_awarded: 0 });
    expect(other.justification).toContain('"sin x = 1/2", another function');
    expect(mark('sec x = 1/cos x\nso cos x = 1/2\nx = 60°')).toMatchObject({ status: 'COVERED', marks_awarded: 1 });
  });
});

describe('the marker on working and values the student denies', () => {
  const scheme: MarkPointInput[] = [
    { id: 'm1', text: 'uses area = ½ab sin C = ½ × 14 × 13 × sin 23°', kind: 'M' },
    { id: 'a1', text: 'area = 35.6 m²', kind: 'A', depends_on: 'm1', numeric: { value: 35.556, tolerance: 0.002, unit: 'm^2' } },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'A triangle has sides 14 m and 13 m with an angle of 23° between them. Find its area to 3 s.f.',
      type: 'short_answer',
      markScheme: scheme,
      totalMarks: 2,
      answer,
    });

  it('credits neither the step nor the value when the answer says they are not the answer', () => {
    const denied = mark("The area is not ½ × 14 × 13 × sin 23°, so the area of the triangle isn't 35.6 m^2.");
    expect(denied.marks_awarded).toBe(0);
    expect(denied.markscheme_evaluation[0]).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
    expect(mark('Area is not 35.6 m^2').marks_awarded).toBe(0);
    expect(mark('½ × 14 × 13 × sin 23° = 35.6 m^2 is not right').marks_awarded).toBeLessThan(2);
  });

  it('still credits the value the answer states in place of a denied one', () => {
    expect(mark('Area = ½ × 14 × 13 × sin 23° = 35.6 m^2').marks_awarded).toBe(2);
    expect(mark('It is not 71.1 m^2 but ½ × 14 × 13 × sin 23° = 35.6 m^2').marks_awarded).toBe(2);
    expect(mark('Area = 35.6 m^2, not 71.1 m^2').marks_awarded).toBe(2);
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
