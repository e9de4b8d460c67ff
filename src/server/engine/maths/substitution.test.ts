import { describe, expect, it } from 'vitest';
import {
  isSubstitutionStep,
  judgeSubstitution,
  judgeSubstitutionStep,
  numericExpressions,
  operatorsInWords,
  substitutionTargets,
} from './substitution';

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

describe('arithmetic said in words', () => {
  it('is read as the symbols: divided by, over, times, multiplied by, plus, minus, squared, divide … by', () => {
    expect(operatorsInWords('1.60e-19 divided by 1.67e-27')).toBe('1.60e-19 / 1.67e-27');
    expect(operatorsInWords('12 times 3 plus 4 minus 1')).toBe('12 × 3 + 4 - 1');
    expect(operatorsInWords('0.5 multiplied by 4 squared')).toBe('0.5 × 4^2');
    expect(operatorsInWords('you divide 8400 by 30.5')).toBe('you 8400 / 30.5');
    // words about other things are left alone
    expect(operatorsInWords('it happened three times over 2 days')).toBe('it happened three times over 2 days');
  });

  it('earns the substitution mark for working said in words', () => {
    const point = { text: 'specific charge = 1.60 × 10^-19 / 1.67 × 10^-27', accept: [] };
    const said = judgeSubstitutionStep(
      point,
      'Charge divided by mass: 1.60e-19 divided by 1.67e-27 = 9.0e7 C/kg',
      'Calculate the specific charge of a proton.',
    );
    expect(said?.status).toBe('COVERED');
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
    // a quantity's name with a number in it is a name
    expect(isSubstitutionStep('C2 = 1150 × (5/48)²')).toBe(true);
  });

  it('does not credit the inverse ratio for a step whose quantity is named with a number ("C2 = 1150 × (48/5)²")', () => {
    const point = { text: 'C2 = 1150 × (5/48)²', accept: [] };
    expect(judgeSubstitutionStep(point, 'C2 = 1150 × (48/5)² = 105 984 counts per minute', '')?.status).toBe('NOT_COVERED');
    expect(judgeSubstitutionStep(point, 'C2 = 1150 × (5/48)² = 12.5 counts per minute', '')?.status).toBe('COVERED');
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

describe('a bracket inside working that comes to another value', () => {
  const point = {
    text: 'N = (9.2 × 10^-3 × 0.03) / (1.38 × 10^-23 × 299)',
    accept: ['9.2 × 10^-3 × 0.03 = N × 1.38 × 10^-23 × 299'],
  };
  it('is part of that working, not the step: the inverted formula earns no method mark', () => {
    expect(judgeSubstitutionStep(point, 'N = kT/pV = 1.38e-23 x 299 / (9.2e-3 x 0.03) = 1.5 x 10^-17', '')?.status).toBe('NOT_COVERED');
  });
  it('is the step where it stands on its own or inside working that comes to the step', () => {
    expect(judgeSubstitutionStep(point, 'pV = 9.2e-3 x 0.03 = 2.76e-4 = N x 1.38e-23 x 299', '')?.status).toBe('COVERED');
    expect(judgeSubstitutionStep(point, 'N = (9.2e-3 x 0.03)/(1.38e-23 x 299) = 6.69 x 10^16', '')?.status).toBe('COVERED');
  });
});
