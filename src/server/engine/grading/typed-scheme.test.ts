import { markAnswer } from '../builtin/marker/mark-answer';
import { describe, expect, it } from 'vitest';
import { parseTypedScheme, typedValue } from './typed-scheme';

describe('parseTypedScheme', () => {
  it('reads one point a line, [2] or (2 marks) for its marks, bullets and numbers dropped', () => {
    const { points, totalMarks } = parseTypedScheme(
      '- light is a limiting factor [1]\n2. more ATP and NADPH (2 marks)\n\n• enzymes work faster',
    );
    expect(points.map((p) => [p.text, p.marks, p.kind])).toEqual([
      ['light is a limiting factor', 1, 'B'],
      ['more ATP and NADPH', 2, 'B'],
      ['enzymes work faster', 1, 'B'],
    ]);
    expect(totalMarks).toBe(4);
  });

  it('reads M/A/B marks, an A depending on the M before it, and accept / reject lines', () => {
    const { points } = parseTypedScheme('M1 uses rate = 1 / time\naccept: 1/t; reciprocal of time\nA1 0.25 s^-1\nreject: 0.25');
    expect(points).toMatchObject([
      { id: 'p1', kind: 'M', marks: 1, text: 'uses rate = 1 / time', accept: ['1/t', 'reciprocal of time'] },
      { id: 'p2', kind: 'A', depends_on: 'p1', text: '0.25 s^-1', reject: ['0.25'] },
    ]);
  });

  it('reads dM1 as a method mark depending on the M before it, the A after it depending on the dM1', () => {
    const { points } = parseTypedScheme('M1 forms x^2 + x - 6 = 0\ndM1 solves their quadratic\nA1 x = 2 or x = -3\nM1 finds y');
    expect(points.map((p) => [p.id, p.kind, p.depends_on])).toEqual([
      ['p1', 'M', undefined],
      ['p2', 'M', 'p1'],
      ['p3', 'A', 'p2'],
      ['p4', 'M', undefined],
    ]);
    expect(points[1].text).toBe('solves their quadratic');
  });

  it('reads levels of response, the points then being indicative content', () => {
    const { points, rules, totalMarks } = parseTypedScheme(
      'Level 2 (3-4 marks): a full explanation\nLevel 1 (1-2 marks): a simple statement\nchlorophyll absorbs light\nlight-dependent reaction',
    );
    expect(points).toHaveLength(2);
    expect(rules.levels?.map((l) => [l.level, l.min_marks, l.max_marks])).toEqual([
      [1, 1, 2],
      [2, 3, 4],
    ]);
    expect(totalMarks).toBe(4);
  });

  it('gives no points for a blank scheme', () => {
    expect(parseTypedScheme(' \n\n ').points).toEqual([]);
  });
});

describe('typed accuracy lines that give a value', () => {
  it('marks "A1 t = 2.02 s" as the value 2.02 s, and leaves method lines and statements as words', () => {
    const scheme = parseTypedScheme(
      'M1 s = ut + ½at²\nA1 t = 2.02 s\nM1 x = u cos θ × t\nA1 x = 24.2 m\nB1 pH = 2.87\nB1 the resistance increases',
    );
    expect(scheme.points.map((p) => p.numeric)).toEqual([
      undefined,
      { value: 2.02, unit: 's' },
      undefined,
      { value: 24.2, unit: 'm' },
      { value: 2.87 },
      undefined,
    ]);
    expect(typedValue('answer: 0.025 mol dm-3')).toEqual({ value: 0.025, unit: 'mol dm-3' });
    expect(typedValue('t = 2.02 seconds or so')).toBeUndefined();
  });

  it('reads an examiner\'s note after the value: "(ecf from t)" and "allow ft" follow through, "cao" does not', () => {
    const scheme = parseTypedScheme(
      'M1 x = 18 cos 35° × t\nA1 x = 31.0 m (ecf from t)\nA1 y = 4 m allow ft\nB1 pH = 2.87 cao\nB1 h = 2 ft',
    );
    expect(scheme.points.map((p) => [p.numeric, p.ecf])).toEqual([
      [undefined, undefined],
      [{ value: 31, unit: 'm' }, true],
      [{ value: 4, unit: 'm' }, true],
      [{ value: 2.87 }, undefined],
      // feet, not "follow through"
      [{ value: 2, unit: 'ft' }, undefined],
    ]);
    expect(scheme.points[1].text).toBe('x = 31.0 m (ecf from t)');
  });

  it('gives a correct final value its marks when its line carries "(ecf from t)"', () => {
    const typed = parseTypedScheme('M1 t = 2u sin θ / g\nA1 t = 2.10 s\nM1 x = 18 cos 35° × t\nA1 x = 31.0 m (ecf from t)');
    const fb = markAnswer({
      questionText: 'A ball is kicked at 18 m/s at 35° above the horizontal. Calculate the time of flight and the range.',
      type: 'short_answer',
      totalMarks: typed.totalMarks,
      markScheme: typed.points,
      answer: 't = 2.10 s\nx = 31.0 m',
    });
    expect(fb.marks_awarded).toBe(4);
  });
});
