import { describe, expect, it } from 'vitest';
import { bankQuestionSchema, type BankQuestion } from './schema';
import {
  createRandom,
  drawValues,
  drawVariable,
  fillPlaceholders,
  formatSigFigs,
  formatValue,
  hasPlaceholder,
  instantiateQuestion,
} from './instantiate';
import { makeMultipleChoice, makeQuestion } from './testing/write-fixture-bank';

const template = (overrides: Partial<BankQuestion> = {}): BankQuestion =>
  bankQuestionSchema.parse(
    makeQuestion('physics-kinetic-01', {
      marks: 2,
      text: '<p>A mass of {{m}} kg moves at {{v}} m s^-1. Find its kinetic energy.</p>',
      markScheme: [
        { id: 'm1', text: 'E = ½ × {{m}} × {{v}}^2', kind: 'method', accept: ['0.5 × {{m}} × {{v}}^2'] },
        { id: 'a1', text: 'E = {{E:3}} J', kind: 'answer', reject: ['{{wrong:2}} J'], numeric: { value: 'E', unit: 'J' } },
      ],
      modelAnswer: '<p>E = ½mv² = ½ × {{m}} × {{v}}² = {{E:3}} J</p>',
      hints: ['<p>Use E = ½mv² with m = {{m}}.</p>'],
      template: {
        variables: { m: { min: 1, max: 5, step: 0.5 }, v: { min: 2, max: 9, dp: 1 } },
        computed: { E: '0.5 * m * v^2', wrong: 'm * v^2' },
      },
      ...overrides,
    }),
  );

describe('createRandom', () => {
  it('is deterministic per seed and stays in [0, 1)', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(Array.from({ length: 1000 }, () => c())).not.toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.45);
    expect(mean).toBeLessThan(0.55);
  });
});

describe('drawVariable', () => {
  it('draws multiples of step from min, reaching both ends', () => {
    const random = createRandom(1);
    const seen = new Set(Array.from({ length: 500 }, () => drawVariable({ min: 0.4, max: 1.2, step: 0.2 }, random)));
    expect([...seen].sort()).toEqual([0.4, 0.6, 0.8, 1, 1.2]);
  });

  it('rounds to dp places within [min, max]', () => {
    const random = createRandom(2);
    for (let i = 0; i < 500; i++) {
      const x = drawVariable({ min: 2.2, max: 4.8, dp: 2 }, random);
      expect(x).toBeGreaterThanOrEqual(2.2);
      expect(x).toBeLessThanOrEqual(4.8);
      expect(Math.round(x * 100) / 100).toBe(x);
    }
  });

  it('draws integers when min and max are integers and neither step nor dp is given', () => {
    const random = createRandom(3);
    const seen = new Set(Array.from({ length: 300 }, () => drawVariable({ min: 3, max: 6 }, random)));
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });
});

describe('formatSigFigs', () => {
  it.each([
    [12345, 3, '12300'],
    [0.0012345, 3, '0.00123'],
    [9.996, 3, '10.0'],
    [2.5, 3, '2.50'],
    [-0.04567, 2, '-0.046'],
    [100, 3, '100'],
    [3.316e-19, 3, '3.32 × 10^-19'],
    [0, 3, '0'],
  ])('%d to %d s.f. → %s', (value, sf, expected) => {
    expect(formatSigFigs(value, sf)).toBe(expected);
  });

  it('writes plain values without floating-point noise', () => {
    expect(formatValue(0.1 + 0.2)).toBe('0.3');
    expect(formatValue(42)).toBe('42');
  });
});

describe('fillPlaceholders', () => {
  it('replaces {{name}} and {{name:N}}, with spaces and inside LaTeX braces', () => {
    expect(fillPlaceholders('\\frac{{{a}}}{2} = {{ b : 2 }} and { {{a}} }', { a: 3, b: 1.2345 })).toBe('\\frac{3}{2} = 1.2 and { 3 }');
  });

  it('writes {{name}} of a computed value that does not terminate to 3 s.f., an exact one as it is (issue 24)', () => {
    expect(fillPlaceholders('ΔH = {{dH}} kJ mol⁻¹', { dH: -361.152 / 7 })).toBe('ΔH = -51.6 kJ mol⁻¹');
    expect(fillPlaceholders('{{s}}, {{sxx}}, {{pw}}', { s: 113.05, sxx: 73639.8, pw: 268435456 })).toBe('113.05, 73639.8, 268435456');
    expect(fillPlaceholders('{{t}} s', { t: 0.00047999999999999996 })).toBe('4.8 × 10^-4 s');
    expect(fillPlaceholders('{{dH}}', { dH: -361.152 / 7 }, { sigFigs: { dH: 4 } })).toBe('-51.59');
  });

  it('fills a formula for a machine at full precision in a notation mathjs reads', () => {
    expect(fillPlaceholders('{{q}} * {{e}} / {{n:3}}', { q: -361.152 / 7, e: 1.6e-19, n: 2.71828 }, { exact: true })).toBe(
      '-51.5931428571429 * 1.6e-19 / 2.72',
    );
  });

  it('formats {{name:Ndp}} to N decimal places', () => {
    expect(fillPlaceholders('χ² = {{chi:2dp}}, {{x:0dp}}', { chi: 1.6260162, x: 12.5 })).toBe('χ² = 1.63, 13');
  });

  it('rejects unknown names', () => {
    expect(() => fillPlaceholders('{{zz}}', { a: 1 })).toThrow(/unknown placeholder \{\{zz\}\}/);
  });

  it('detects leftovers', () => {
    expect(hasPlaceholder('x = {{x:3}}')).toBe(true);
    expect(hasPlaceholder('\\frac{{1}}{2}')).toBe(false);
  });
});

describe('instantiateQuestion', () => {
  it('fills {{name}} placeholders in an ECF formula, so the marker reads numbers and point ids only', () => {
    const q = instantiateQuestion(
      template({
        marks: 3,
        markScheme: [
          { id: 'm1', text: 'E = ½ × {{m}} × {{v}}^2', kind: 'M', accept: [], reject: [], ignore: [], required: [], marks: 1 },
          {
            id: 'a1',
            text: 'E = {{E:3}} J',
            kind: 'A',
            accept: [],
            reject: [],
            ignore: [],
            required: [],
            marks: 1,
            numeric: { value: 'E', unit: 'J' },
          },
          {
            id: 'a2',
            text: 'speed at double the energy',
            kind: 'A',
            ecf: true,
            ecf_formula: 'sqrt(2 * 2 * a1 / {{m}})',
            accept: [],
            reject: [],
            ignore: [],
            required: [],
            marks: 1,
            numeric: { value: 'sqrt(2 * 2 * E / m)', unit: 'm s^-1' },
          },
        ],
      }),
      7,
    );
    expect(q.markScheme[2].ecf_formula).toBe(`sqrt(2 * 2 * a1 / ${q.values!.m})`);
    expect(q.markScheme[1].ecf_formula).toBeUndefined();
  });

  it('fills every student- and marker-facing field and turns numeric values into numbers', () => {
    const q = instantiateQuestion(template(), 7);
    const { m, v, E } = q.values!;
    expect(E).toBeCloseTo(0.5 * m * v * v, 10);
    expect(q.text).toBe(`<p>A mass of ${m} kg moves at ${v} m s^-1. Find its kinetic energy.</p>`);
    expect(q.markScheme[0].accept).toEqual([`0.5 × ${m} × ${v}^2`]);
    expect(q.markScheme[1].text).toBe(`E = ${formatSigFigs(E, 3)} J`);
    expect(q.markScheme[1].reject).toEqual([`${formatSigFigs(m * v * v, 2)} J`]);
    expect(q.markScheme[1].numeric?.value).toBe(E);
    expect(q.modelAnswer).toContain(`= ${formatSigFigs(E, 3)} J`);
    expect(q.hints[0]).toContain(`m = ${m}`);
    expect('template' in q).toBe(false);
    for (const s of [q.text, q.modelAnswer, ...q.hints, ...q.markScheme.flatMap((p) => [p.text, ...p.accept, ...p.reject])]) {
      expect(hasPlaceholder(s)).toBe(false);
    }
  });

  it('is deterministic for a seed and varies across seeds', () => {
    expect(instantiateQuestion(template(), 5)).toEqual(instantiateQuestion(template(), 5));
    const texts = new Set(Array.from({ length: 30 }, (_, seed) => instantiateQuestion(template(), seed).text));
    expect(texts.size).toBeGreaterThan(10);
  });

  it('redraws until the constraints hold', () => {
    const q = template({
      template: {
        variables: { m: { min: 1, max: 10 }, v: { min: 1, max: 10 } },
        computed: { E: 'm * v', wrong: 'm' },
        constraints: ['m > v', 'E > 20'],
      },
    });
    for (let seed = 0; seed < 100; seed++) {
      const { m, v } = instantiateQuestion(q, seed).values!;
      expect(m).toBeGreaterThan(v);
      expect(m * v).toBeGreaterThan(20);
    }
  });

  it('fills options of a multiple-choice template', () => {
    const q = bankQuestionSchema.parse(
      makeMultipleChoice('maths-mc-01', {
        text: '<p>What is {{a}} + {{b}}?</p>',
        options: { A: '{{s}}', B: '{{t}}', C: '{{u}}' },
        correctAnswer: 'A',
        markScheme: [{ id: 'b1', text: 'A: {{s}}' }],
        template: {
          variables: { a: { min: 1, max: 9 }, b: { min: 1, max: 9 } },
          computed: { s: 'a + b', t: 'a + b + 1', u: 'a * b + 20' },
        },
      }),
    );
    const c = instantiateQuestion(q, 3);
    expect(Number(c.options!.A)).toBe(c.values!.a + c.values!.b);
    expect(c.markScheme[0].text).toBe(`A: ${c.options!.A}`);
  });

  it('fails with the question id after bounded tries when constraints cannot hold', () => {
    const q = template({
      template: { variables: { m: { min: 1, max: 2 }, v: { min: 1, max: 2 } }, computed: { E: 'm', wrong: 'v' }, constraints: ['m > 5'] },
    });
    expect(() => instantiateQuestion(q, 1)).toThrow(
      /question physics-kinetic-01: no values satisfied the template after \d+ draws \(last: constraint "m > 5" failed\)/,
    );
  });

  it('treats a non-finite computed value as a failed draw', () => {
    expect(() => drawValues({ variables: { x: { min: -3, max: -1 } }, computed: { r: 'sqrt(x)' }, constraints: [] }, 1, 20)).toThrow(
      /not a finite number/,
    );
  });

  it('fails at once on an expression naming an unknown symbol', () => {
    expect(() => drawValues({ variables: { x: { min: 1, max: 3 } }, computed: { r: 'x * y' }, constraints: [] }, 1)).toThrow(
      /Undefined symbol y/,
    );
  });

  it('passes a question without a template through unchanged', () => {
    const q = bankQuestionSchema.parse(makeQuestion('biology-plain-01'));
    expect(instantiateQuestion(q, 99)).toBe(q);
  });
});
