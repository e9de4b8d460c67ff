import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { checkNumeric, findQuantities, statedResult } from './numeric';

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

  it('reads a power written raised ("×10⁻¹⁹", "× 10⁷") as a power of ten', () => {
    expect(values('1.60×10⁻¹⁹ C')[0]).toBeCloseTo(1.6e-19, 30);
    const rounded = (text: string) => values(text).map((v) => Number(v.toPrecision(12)));
    expect(rounded('v = 2.22 × 10⁷ m s⁻¹')).toEqual([2.22e7]);
    expect(rounded('6.02×10²³')).toEqual([6.02e23]);
  });

  it('marks a worked answer written with raised powers (a strong answer scored 0/2 when "10⁻¹⁶" was read as "10")', () => {
    const feedback = markAnswer({
      questionText: 'An electron is accelerated from rest through a p.d. of 1400 V. Calculate its final speed.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        {
          id: 'm1',
          text: 'kinetic energy gained = eV = 2.24 × 10^-16 J',
          kind: 'M',
          numeric: { value: 2.24e-16, tolerance: 0.02, unit: 'J' },
        },
        {
          id: 'a1',
          text: 'v = √(2eV/m) = 2.22 × 10^7 m s^-1',
          kind: 'A',
          ecf: true,
          ecf_formula: 'sqrt(2 * m1 / 9.11e-31)',
          numeric: { value: 22175826.67, tolerance: 0.02, unit: 'm s^-1' },
        },
      ],
      answer: 'Energy gained = eV = 1.60×10⁻¹⁹ × 1400 = 2.24×10⁻¹⁶ J\nv = √(2eV/m) = √(2 × 2.24×10⁻¹⁶ / 9.11×10⁻³¹) = 2.22×10⁷ m s⁻¹',
    });
    expect(feedback.marks_awarded).toBe(2);
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

  it('does not take a number of the question, multiplied by, as the value carried forward ("0.5 x £5bn")', () => {
    const scheme: MarkPointInput[] = [
      { id: 'm1', text: 'multiplier = 1 / (1 − MPC) = 1 / (1 − 0.5) = 2.00', kind: 'M', numeric: { value: 2 } },
      {
        id: 'a1',
        text: 'change in income = 2.00 × 5 = £10.0 billion',
        kind: 'A',
        depends_on: 'm1',
        ecf: true,
        ecf_formula: 'm1 * 5',
        numeric: { value: 10 },
      },
    ];
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'The MPC is 0.5. Investment rises by £5bn. Calculate the change in national income.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        answer,
      });
    // the multiplier written upside down: its "1" carried to "5" would be the question's £5bn, not a result
    expect(mark('Multiplier = (1 - MPC) / 1 = 1 - 0.5 = 0.5\nIncrease in national income = 0.5 x £5bn = £2.5bn').marks_awarded).toBe(0);
    // a slip carried forward honestly still earns the follow-through
    expect(mark('Multiplier = 1/(1 - 0.5) = 2.5\nIncrease = 2.5 x £5bn = £12.5bn').marks_awarded).toBe(1);
  });
});

describe('an accuracy point that gives a two-letter symbol its value ("Ek = 135000 J")', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'A car of mass 1200 kg moves at 15 m/s. Calculate its kinetic energy.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'm1', text: 'uses Ek = ½mv²', kind: 'M' },
        { id: 'a1', text: 'Ek = 135000 J', kind: 'A', depends_on: 'm1' },
      ],
      answer,
    });

  it('is checked as a value: the wrong value with the right letters earns the method only', () => {
    expect(mark('Ek = ½mv² = 0.5 × 1200 × 15² = 135000 J').marks_awarded).toBe(2);
    const wrong = mark('Ek = ½mv² = 0.5 × 1200 × 15 = 9000 J');
    expect(wrong.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'NOT_COVERED']);
  });
});

describe('an accuracy point that states a value', () => {
  const scheme: MarkPointInput[] = [
    { id: 'm1', text: 'uses s = ut + ½at² vertically with s = 0: 0 = 10t − 4.9t²', kind: 'M' },
    { id: 'a1', text: 'time of flight 2.04 s', kind: 'A', depends_on: 'm1' },
    { id: 'a2', text: 'range 35.3 m', kind: 'A', depends_on: 'm1' },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'A ball is projected at 20 m/s at 30° above the horizontal. Find the time of flight and the range.',
      type: 'short_answer',
      totalMarks: 3,
      markScheme: scheme,
      answer,
    });

  it('is marked as that value: the right value earns it, another value for the same quantity does not', () => {
    const right = mark('0 = 10t - 4.9t², so t = 2.04 s; range = 17.32 × 2.04 = 35.3 m');
    expect(right.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'COVERED', 'COVERED']);
    const wrongRange = mark('0 = 10t - 4.9t², so t = 2.04 s; range = 20 × 2.04 = 40.8 m');
    expect(wrongRange.markscheme_evaluation.map((e) => e.status)).toEqual(['COVERED', 'COVERED', 'NOT_COVERED']);
    expect(wrongRange.marks_awarded).toBe(2);
  });

  it('is not earned by a value the answer denies with its working ("the range is not 17.32 × 2.04 = 35.3 m")', () => {
    const denied = mark('0 = 10t - 4.9t², so t = 2.04 s. The range is not 17.32 × 2.04 = 35.3 m.');
    expect(denied.markscheme_evaluation[2].status).not.toBe('COVERED');
  });

  it('leaves alone a point about which value is kept ("only solution x = 4") and words that are not a unit', () => {
    expect(statedResult('only solution x = 4')).toBeUndefined();
    expect(statedResult('profit 200 units')).toBeUndefined();
    expect(statedResult('Ek = 135000 J')).toEqual({ value: 135000, unit: 'J' });
    expect(statedResult('KE = 2.4 kJ')).toEqual({ value: 2.4, unit: 'kJ' });
    expect(statedResult('x = 4')).toBeUndefined();
    expect(statedResult('greatest height = 5.10 m')).toEqual({ value: 5.1, unit: 'm' });
    expect(statedResult('percentage decrease 28.6%')).toEqual({ value: 28.6, unit: '%' });
  });
});

describe('units written in words', () => {
  it('reads "per hour" as h^-1 and "m per s" as m s^-1, and leaves "per cent" alone', () => {
    expect(checkNumeric('λ = 0.693 / 15 = 0.0462 per hour', { value: 1.28e-5, unit: 's^-1', tolerance: 0.02 }).reason).toBe('match');
    expect(checkNumeric('λ = 0.0462 per hour', { value: 0.0462, unit: 'h^-1' }).reason).toBe('match');
    expect(checkNumeric('it moves at 12 m per s', { value: 12, unit: 'm/s' }).reason).toBe('match');
    expect(checkNumeric('λ = 0.0462 per second', { value: 1.28e-5, unit: 's^-1', tolerance: 0.02 }).reason).toBe('wrong-value');
    expect(checkNumeric('prices rose by 12 per cent', { value: 12, unit: '%' }).reason).toBe('match');
  });
});

describe('a value given two ways (the list principle)', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'At 600 units the price is £70 and average total cost is £49. Calculate the supernormal profit.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', text: 'supernormal profit = £12600', kind: 'A', numeric: { value: 12600 } }],
      answer,
    }).markscheme_evaluation[0];

  it('earns nothing for the value and its opposite, in numbers or in words', () => {
    expect(mark('The supernormal profit is £12600, or it could be -£12600.').status).toBe('CONTRADICTED');
    const words = mark('So the supernormal profit is £12600, or the firm makes a loss of £12600.');
    expect(words).toMatchObject({ status: 'CONTRADICTED', rule: 'contradiction' });
    expect(words.justification).toContain('the firm makes a loss of £12600');
  });

  it('earns the mark where the words after "or" say something else', () => {
    expect(mark('The supernormal profit is £12600, or the firm earns £12600 above normal profit.').status).toBe('COVERED');
  });

  it('earns nothing for a second value in brackets, or after "but it could be" or "or it\'s just"', () => {
    expect(mark('Profit = 21 x 600 = £12600 (or £-12600, depends which way round)').status).toBe('CONTRADICTED');
    expect(mark('So the profit is probably £12600 but it could be £29400.').status).toBe('CONTRADICTED');
    expect(mark("Profit = £12600, or it's just £21 because that is per unit.").status).toBe('CONTRADICTED');
  });

  it('earns nothing for a value offered in doubt after another, even where the question has several answers', () => {
    const solve = (answer: string) =>
      markAnswer({
        questionText: 'Solve e^(2x) - 7e^x + 12 = 0.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: [
          { id: 'a2', text: 'x = ln 3 = 1.10', kind: 'A', numeric: { value: 1.1 } },
          { id: 'a3', text: 'x = ln 4 = 1.39', kind: 'A', numeric: { value: 1.39 } },
        ],
        answer,
      }).markscheme_evaluation.map((e) => e.status);
    expect(
      solve('u = 3 or 4, so 2x = ln 3 or ln 4, x = 0.549 or x = 0.693. Or maybe it is just x = ln 3 = 1.10 and x = ln 4 = 1.39'),
    ).toEqual(['CONTRADICTED', 'CONTRADICTED']);
    // the scheme's own two answers joined by "or" are two answers, not a doubt
    expect(solve('u = 3 or u = 4, so x = ln 3 = 1.10 or x = ln 4 = 1.39')).toEqual(['COVERED', 'COVERED']);
  });
});

describe('a number with a scale word', () => {
  const mark = (answer: string, value: number, unit?: string) =>
    markAnswer({
      questionText: 'Calculate the value.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', text: 'the value', kind: 'A', numeric: { value, ...(unit && { unit }) } }],
      answer,
    }).markscheme_evaluation[0];

  it('reads "96 million" as 9.6 × 10^7, and quotes it as written', () => {
    const said = mark('1.60e-19 divided by 1.67e-27 is about 96 million coulombs per kilogram', 9.58e7, 'C kg^-1');
    expect(said.status).toBe('COVERED');
    expect(said.justification).toContain('96 million');
    expect(mark('about 96 thousand coulombs per kilogram', 9.58e7, 'C kg^-1').status).toBe('NOT_COVERED');
  });

  it('still reads "£5 billion" against a scheme that counts in billions', () => {
    expect(mark('The deficit is £5 billion.', 5).status).toBe('COVERED');
    expect(mark('The deficit is £5 billion.', 5e9).status).toBe('COVERED');
  });
});

describe('two answers, wherever the right one is written', () => {
  const kc = (answer: string) =>
    markAnswer({
      questionText: '1.12 mol of H2 and 2.37 mol of I2 reach equilibrium with 1.37 mol of HI. Calculate Kc.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'm1', text: 'H2 at equilibrium = 1.12 - 1.37/2 = 0.435 mol', kind: 'M', numeric: { value: 0.435, unit: 'mol' } },
        { id: 'a1', text: 'Kc = 2.56', kind: 'A', numeric: { value: 2.5607, tolerance: 0.02 } },
      ],
      answer,
    }).markscheme_evaluation[1];

  it('earns nothing where the value is worked out once and then offered beside another', () => {
    expect(kc('Kc = 1.37^2 / (0.435 x 1.69) = 2.56. Or it could be the other way up. So Kc is 2.56 or 0.391.')).toMatchObject({
      status: 'CONTRADICTED',
      rule: 'contradiction',
    });
  });

  it("measures another scheme value's nearness by its own size, not by this value's tolerance", () => {
    // 0.391 is within Kc's ±0.05 of the scheme's 0.435 mol, but it is not that value
    expect(kc('So Kc = 2.56 or 0.391.').status).toBe('CONTRADICTED');
    expect(kc('So Kc = 2.56').status).toBe('COVERED');
  });
});

describe('a choice of methods: two final answers without choosing one', () => {
  const similarity = (answer: string) =>
    markAnswer({
      questionText: 'Two DNA sequences of 710 bases differ at 4 bases. Calculate their percentage similarity.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'm1', text: 'matching bases = 710 - 4 = 706', kind: 'M', numeric: { value: 706 } },
        { id: 'a1', text: 'similarity = 99.4%', kind: 'A', numeric: { value: 99.44, tolerance: 0.1 } },
      ],
      answer,
    }).markscheme_evaluation.map((e) => e.status);

  it('gives neither the method nor the answer where a second method and answer are offered beside them', () => {
    expect(
      similarity('Matching = 710 - 4 = 706, so 706/710 x 100 = 99.4%. Or it could be 4/710 x 100 = 0.563%. So it is 99.4% or 0.563%.'),
    ).toEqual(['NOT_COVERED', 'CONTRADICTED']);
    expect(similarity('Matching = 710 - 4 = 706, so 706/710 x 100 = 99.4%.')).toEqual(['COVERED', 'COVERED']);
    // a wrong final value alone keeps its method mark
    expect(similarity('Matching = 710 - 4 = 706, so 706/710 = 0.994%.')).toEqual(['COVERED', 'NOT_COVERED']);
  });

  it("reads a chemical solution's question as asking for one value, not several", () => {
    const pH = (answer: string) =>
      markAnswer({
        questionText: 'Calculate the pH of 0.059 mol dm-3 sodium hydroxide solution at 298 K.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [{ id: 'a1', text: 'pH = 12.77', kind: 'A', numeric: { value: 12.77, absTolerance: 0.02 } }],
        answer,
      }).markscheme_evaluation[0].status;
    expect(pH('So the pH is either 12.77 or 1.23.')).toBe('CONTRADICTED');
    expect(pH('So the pH is 12.77.')).toBe('COVERED');
  });
});

describe('a right value after working that does not give it', () => {
  const utility = (answer: string) =>
    markAnswer({
      questionText: 'The marginal utilities of four visits are 34, 30, 21 and 18 utils. Calculate the total utility.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'm1', text: 'total utility = 34 + 30 + 21 + 18', kind: 'M' },
        { id: 'a1', text: 'total utility = 103 utils', kind: 'A', depends_on: 'm1', numeric: { value: 103 } },
      ],
      answer,
    }).marks_awarded;

  it('gives nothing for a value the working before it does not come to ("34 x 30 x 21 x 18 = 103")', () => {
    expect(utility('TU = 34 x 30 x 21 x 18 = 103')).toBe(0);
    expect(utility('TU = 34 + 30 + 21 + 18 = 103 utils')).toBe(2);
    expect(utility('TU = 103')).toBe(2);
  });

  it('reads the working against the number as written, in the student’s own unit', () => {
    const decay = markAnswer({
      questionText: 'The half-life of a nuclide is 15 hours. Calculate its decay constant in s^-1.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', text: 'λ = 1.28 × 10^-5 s^-1', kind: 'A', numeric: { value: 1.2833e-5, unit: 's^-1' } }],
      answer: 'λ = 0.693/15 = 0.0462 h^-1',
    }).markscheme_evaluation[0];
    expect(decay.rule).not.toBe('working-mismatch');
    // a share written as a percentage
    const share = markAnswer({
      questionText: 'A price rose from £2.32 to £3.92. Calculate the rise as a percentage of the original price.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', text: 'share = 69%', kind: 'A', numeric: { value: 69, unit: '%', tolerance: 0.02 } }],
      answer: 'share = 1.60 / 2.32 = 69%',
    }).markscheme_evaluation[0];
    expect(share.status).toBe('COVERED');
  });
});

describe('a right number said the other way round', () => {
  const mark = (answer: string, text = 'supernormal profit = £12600', value = 12600) =>
    markAnswer({
      questionText: 'At 600 units the price is £70 and average total cost is £49. Calculate the supernormal profit.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', text, kind: 'A', numeric: { value } }],
      answer,
    }).markscheme_evaluation[0];

  it('reads "-£12600" as minus 12600, and "a loss of £12600" as the other way round from a profit', () => {
    expect(mark('Profit = (49 - 70) x 600 = -£12600.').status).not.toBe('COVERED');
    const loss = mark('Profit = (49 - 70) x 600 = -£12600, so the monopolist is making a loss of £12600.');
    expect(loss).toMatchObject({ status: 'CONTRADICTED', rule: 'direction' });
    expect(loss.justification).toContain('making a loss of £12600');
    expect(mark('(70 - 49) x 600 = £12600, so the supernormal profit is £12600.').status).toBe('COVERED');
    expect(mark('The price fell by 20%, a decrease of 20%.', 'percentage increase = 20%', 20).status).toBe('CONTRADICTED');
  });
});

describe('a vector written as terms', () => {
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Find the unit vector in the direction of 6i - 8j.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'a1', text: 'i-component 0.6', kind: 'A', numeric: { value: 0.6, tolerance: 0.01 } },
        { id: 'a2', text: 'j-component -0.8', kind: 'A', numeric: { value: -0.8, tolerance: 0.01 } },
      ],
      answer,
    }).markscheme_evaluation.map((e) => e.status);

  it('reads the sign before a component as the component\'s ("0.6i - 0.8j", "3/5 i − 4/5 j")', () => {
    expect(mark('|6i - 8j| = 10, so the unit vector is 0.6i - 0.8j')).toEqual(['COVERED', 'COVERED']);
    expect(mark('3/5 i − 4/5 j')).toEqual(['COVERED', 'COVERED']);
    expect(mark('0.6i + 0.8j')[1]).not.toBe('COVERED');
  });
});

describe("an equation's coefficients", () => {
  it('are not read as the value the student gives ("2" of "2Br-")', () => {
    const fb = markAnswer({
      questionText: 'Calculate the rate constant k at 345 K.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'a1', text: 'k = 693 s⁻¹', kind: 'A', numeric: { value: 693, tolerance: 0.01, unit: 's^-1' } }],
      answer: 'Cl2 + 2Br- → 2Cl- + Br2 because chlorine is more reactive.',
    }).markscheme_evaluation[0];
    expect(fb.status).toBe('NOT_COVERED');
    expect(fb.justification).not.toContain('"2"');
  });
});

describe('a value in another unit', () => {
  const energyInBoth = (answer: string) =>
    markAnswer({
      questionText: 'A 2.4 kW heater is used for 6 hours a day. Calculate the energy used in a day in kWh and in joules.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'a1', text: 'E = 14.4 kWh', kind: 'A', numeric: { value: 14.4, tolerance: 0.02, unit: 'kWh' } },
        { id: 'a2', text: 'E = 5.18 × 10^7 J', kind: 'A', numeric: { value: 5.184e7, tolerance: 0.02, unit: 'J' } },
      ],
      answer,
    });
  const earned = (answer: string) =>
    energyInBoth(answer)
      .markscheme_evaluation.filter((p) => p.status === 'COVERED')
      .map((p) => p.point_id);

  it("is the student's value for the scheme's point in that unit, not converted to earn the other point", () => {
    // the joules are asked for on their own: the kWh value does not earn them, and the wrong joules the student wrote are theirs
    expect(earned('E = 2.4 × 6 = 14.4 kWh. Cost 418 p.')).toEqual(['a1']);
    expect(earned('E = 14.4 kWh, which is 5.18 × 10^6 J.')).toEqual(['a1']);
    // the joules worked out, or given in another unit of energy, earn their point
    expect(earned('E = 14.4 kWh = 14.4 × 3.6 × 10^6 = 5.18 × 10^7 J')).toEqual(['a1', 'a2']);
    expect(earned('E = 14.4 kWh = 51.8 MJ')).toEqual(['a1', 'a2']);
  });

  it("is converted where the student gives none in the scheme's own unit, and not where they give a wrong one", () => {
    const inJoules = (answer: string) =>
      markAnswer({
        questionText: 'A 2.4 kW heater is used for 6 hours. Calculate the energy it transfers.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [{ id: 'a1', text: 'E = 5.18 × 10^7 J', kind: 'A', numeric: { value: 5.184e7, tolerance: 0.02, unit: 'J' } }],
        answer,
      }).marks_awarded;
    expect(inJoules('E = Pt = 2400 × 21600 = 51.8 MJ')).toBe(1);
    expect(inJoules('E = 2400 × 21600 = 51.8 MJ, which is 5.18 × 10^4 J')).toBe(0);
  });
});

describe('a step shown in numbers', () => {
  const factor = (answer: string) =>
    markAnswer({
      questionText: 'f(x) = x^3 - 3x^2 + kx + 10, where k is a constant. Given that (x - 2) is a factor of f(x), find k.',
      type: 'short_answer',
      totalMarks: 3,
      markScheme: [
        { id: 'm1', text: 'uses f(2) = 0', kind: 'M', accept: ['f(2) = 0'] },
        { id: 'm2', text: 'forms 8 - 12 + 2k + 10 = 0', kind: 'M' },
        { id: 'a1', text: 'k = -3', kind: 'A', numeric: { value: -3, absTolerance: 0.001 } },
      ],
      answer,
    }).markscheme_evaluation.find((p) => p.point_id === 'm1')!;

  it('keeps its numbers\' signs: "f(-2)" does not show "uses f(2) = 0"', () => {
    expect(factor('f(2) = 8 - 12 + 2k + 10 = 0, 2k = -6, k = -3').status).toBe('COVERED');
    const turned = factor('f(-2) = -8 - 12 - 2k + 10 = 0, so -2k = 10 and k = -5');
    expect(turned.status).toBe('NOT_COVERED');
    expect(turned.justification).toContain('-2');
  });

  it('has a number with both its signs where the step itself has both ("(x + 2) = 0, x = -2")', () => {
    const roots = markAnswer({
      questionText: 'Find the coordinates of the points where the line y = x + 1 meets the curve y = x² − 5.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: [
        { id: 'q1', text: 'sets x² − 5 = x + 1 and rearranges to x² − x − 6 = 0', kind: 'M' },
        { id: 'q2', text: 'solves: (x − 3)(x + 2) = 0, x = 3 or x = −2', kind: 'A', depends_on: 'q1' },
      ],
      answer: 'x² − 5 = x + 1, x² − x − 6 = 0, x = 3 or x = −2',
    });
    expect(roots.markscheme_evaluation.find((p) => p.point_id === 'q2')!.status).toBe('COVERED');
  });

  it("is an accuracy step only where the working has each of the step's own numbers; a method step allows the student's own values", () => {
    const angles = (answer: string) =>
      markAnswer({
        questionText: 'Solve 2cos^2 x + 3 sin x = 3 for 0° ≤ x < 180°.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: [
          { id: 'm1', text: 'uses cos^2 x = 1 - sin^2 x to get 2sin^2 x - 3 sin x + 1 = 0', kind: 'M' },
          { id: 'a1', text: 'x = 30°, 90°, 150°', kind: 'A' },
        ],
        answer,
      }).markscheme_evaluation.find((p) => p.point_id === 'a1')!.status;
    const working = '2 - 2sin^2 x + 3 sin x = 3, 2sin^2 x - 3sin x + 1 = 0, (2sin x - 1)(sin x - 1) = 0. ';
    expect(angles(`${working}x = 30°, 90°, 150°`)).toBe('COVERED');
    expect(angles(`${working}x = 30°, x = 90°`)).toBe('NOT_COVERED');
  });

  it('is not shown by an expression copied from the question, and an expression point is found as mathematics', () => {
    const factorise = (answer: string) =>
      markAnswer({
        questionText:
          'p(x) = 2x^3 - 3x^2 - 11x + 6. Use the factor theorem to show that (x - 3) is a factor of p(x), and hence factorise p(x).',
        type: 'short_answer',
        totalMarks: 3,
        markScheme: [
          { id: 'b1', text: 'p(3) = 0, so (x - 3) is a factor', kind: 'B', accept: ['p(3) = 0'] },
          { id: 'm1', text: 'divides or compares coefficients to obtain a quadratic factor', kind: 'M', accept: ['(x - 3)(2x^2 + ...)'] },
          { id: 'a1', text: 'quadratic factor 2x^2 + 3x - 2', kind: 'A', depends_on: 'm1' },
        ],
        answer,
      })
        .markscheme_evaluation.filter((p) => p.status === 'COVERED')
        .map((p) => p.point_id);
    // "(x - 3)" is the question's: its letter and number show no division and no quadratic factor
    expect(factorise('p(-3) = -54 - 27 + 33 + 6 = -42, so (x - 3) is not a factor')).toEqual([]);
    // the examiner's "…" stands for the rest of the working; the factor is found in any order, inside the product
    expect(factorise('p(3) = 0 so (x - 3) is a factor. Dividing, p(x) = (x - 3)(3x + 2x^2 - 2)')).toEqual(['b1', 'm1', 'a1']);
    expect(factorise('p(3) = 0 so (x - 3) is a factor. Dividing, p(x) = (x - 3)(2x^2 - 3x + 2)')).toEqual(['b1', 'm1']);
  });
});

describe('working offered with another for the same quantity', () => {
  const decay = (answer: string) =>
    markAnswer({
      questionText: 'A substance decays as m = m0 e^(-kt) with a half-life of 10 years. Find k.',
      type: 'short_answer',
      totalMarks: 1,
      markScheme: [{ id: 'm1', text: 'uses the half-life: k = ln2/10', kind: 'M', accept: ['k = ln2/10'] }],
      answer,
    }).markscheme_evaluation[0].status;

  it('is two answers: the right working beside another after "or" earns nothing', () => {
    expect(decay('k = ln2/10 = 0.0693')).toBe('COVERED');
    expect(decay('k = ln2/10 = 0.0693, or it might be k = 10/ln2 = 14.4')).toBe('CONTRADICTED');
  });

  it('leaves alone roots given together and the same working said again', () => {
    expect(decay('k = ln2/10, or k = ln2/10 = 0.0693 to 3 s.f.')).toBe('COVERED');
  });
});
