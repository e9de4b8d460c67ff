import { describe, expect, it } from 'vitest';
import {
  compareEquations,
  compareExpressions,
  findEquations,
  findExpressions,
  schemeEquation,
  schemeExpression,
  toMathSyntax,
} from './formulas';

/** How the answer's equations compare with the scheme's formula, in the order written. */
function verdicts(scheme: string, answer: string): string[] {
  const eq = schemeEquation(scheme);
  if (!eq) throw new Error(`not a formula: ${scheme}`);
  return findEquations(answer).map((e) => compareEquations(eq, e));
}

describe('formulas compared as mathematics', () => {
  it('credits equivalent forms: rearranged, squared, written with other symbols', () => {
    expect(verdicts('v = √(GM/r)', 'so v² = GM/r')).toEqual(['same']);
    expect(verdicts('v = √(GM/r)', 'v = sqrt(GM/r)')).toEqual(['same']);
    expect(verdicts('λ = ws/D', 'w = λD/s')).toEqual(['same']);
    expect(verdicts('s = ut + ½at²', 's = ut + ½at², so t = 4.08 s')).toEqual(['same']);
    expect(verdicts('E = mc^2', 'E = mc²')).toEqual(['same']);
    expect(verdicts('speed = distance / time', 'speed = distance ÷ time')).toEqual(['same']);
    expect(verdicts('x = u cos θ × t', 'x = u cos θ × t = 49 m')).toEqual(['same']);
  });

  it('refuses inverted and incomplete formulas', () => {
    expect(verdicts('v = √(GM/r)', 'v = GM/r = 6.67e-11 × 6e24 / 6.37e6 = 6.3e7 m/s')[0]).toBe('different');
    expect(verdicts('λ = ws/D', 'λ = D/ws so λ = 2')[0]).toBe('different');
    expect(verdicts('speed = distance / time', 'speed = time/distance')).toEqual(['different']);
    expect(verdicts('s = ut + ½at²', 's = ut + at²')).toEqual(['different']);
  });

  it('reads a derivative as one quantity and a variable before a bracket as a product ("dy/dx = 20x(2x^2 - 1)^4")', () => {
    const scheme = 'dy/dx = 20x(2x^2 - 1)^4';
    expect(verdicts(scheme, 'dy/dx = 4x × 5(2x² − 1)⁴')).toEqual(['same']);
    // the chain rule's inner derivative left out, or doubled wrongly, or the power rule run backwards
    expect(verdicts(scheme, 'dy/dx = 5(2x^2 - 1)^4')).toEqual(['different']);
    expect(verdicts(scheme, 'dy/dx = 10x(2x^2 - 1)^4')).toEqual(['different']);
    expect(verdicts(scheme, 'dy/dx = (2x^2 - 1)^6 / (6 × 4x)')).toEqual(['different']);
    expect(toMathSyntax('10¹⁰ x')).toBe('10^(10) x');
  });

  it('reads a value ("t = 4.08 s") or a substitution as no formula at all', () => {
    expect(findEquations('t = 4.08 s')).toEqual([]);
    expect(verdicts('v = √(GM/r)', 'GM/r = 6.67e-11 × 6e24 / 6.37e6')).toEqual(['unrelated']);
    expect(schemeEquation('the answer is 3')).toBeUndefined();
    expect(toMathSyntax('the wave speed')).toBeUndefined();
  });
});

describe('a relation with a function of one symbol on a side', () => {
  it('is compared as mathematics though no side is a lone symbol: "tan θ = v²/(rg)"', () => {
    expect(verdicts('tan θ = v²/(rg)', 'v^2 = rg tan θ')).toEqual(['same']);
    expect(verdicts('tan θ = v²/(rg)', 'tan θ = rg / v^2')).toEqual(['different']);
    expect(verdicts('ln y = x ln 2', 'y = 2^x')).toEqual(['same']);
  });

  it('leaves working such as "y − 23 = 4(x − 3)" to the other rules', () => {
    expect(schemeEquation('y - 23 = 4(x - 3)')).toBeUndefined();
  });
});

describe('expressions compared as mathematics', () => {
  const verdicts = (wording: string, answer: string) => {
    const scheme = schemeExpression(wording);
    if (!scheme) return undefined;
    return findExpressions(answer).map((e) => [e.text, compareExpressions(scheme, e)]);
  };

  it('reads a point that is an expression, alone or after the words that name it', () => {
    expect(schemeExpression('quadratic factor 2x^2 + 3x - 2')?.text).toBe('2x^2 + 3x - 2');
    expect(schemeExpression('(2x - 1)(x + 2)')?.symbols).toEqual(['x']);
    // an equation, prose, a decade and a lone variable are not expressions
    expect(schemeExpression('y - 51 = 10(x - 3)')).toBeUndefined();
    expect(schemeExpression('the enzyme is denatured')).toBeUndefined();
    expect(schemeExpression('a child of its time (1950s)')).toBeUndefined();
    expect(schemeExpression('uses x')).toBeUndefined();
  });

  it('finds the expression in any equivalent form, or as a factor of a product, and tells other working in its variables apart', () => {
    expect(verdicts('quadratic factor 2x^2 + 3x - 2', 'so p(x) is (x - 3)(2x² + 3x − 2)')).toContainEqual([
      '(x - 3)(2x² + 3x − 2)',
      'factor',
    ]);
    expect(verdicts('quadratic factor 2x^2 + 3x - 2', 'the quadratic is 3x + 2x^2 - 2')).toEqual([['3x + 2x^2 - 2', 'same']]);
    expect(verdicts('quadratic factor 2x^2 + 3x - 2', 'since p(3) = 0, (x - 3) is a factor')).toEqual([['(x - 3)', 'different']]);
    expect(verdicts('2x^2 + 3x - 2', '(2x - 1)(x + 2)')).toEqual([['(2x - 1)(x + 2)', 'same']]);
  });
});

describe('an equation in one unknown', () => {
  const verdicts = (wording: string, answer: string) => {
    const scheme = schemeEquation(wording);
    if (!scheme) return undefined;
    return findEquations(answer).map((e) => [e.text, compareEquations(scheme, e)]);
  };

  it('is read after the words that name the step, and not from a value or function notation', () => {
    expect(schemeEquation('forms 2(1/8) - 7(1/4) + k/2 + 3 = 0')?.symbols).toEqual(['k']);
    expect(schemeEquation('equates: 4x + 1 = -2x + 37')?.symbols).toEqual(['x']);
    expect(schemeEquation('k = -3')).toBeUndefined();
    expect(schemeEquation('uses g(1/2) = 0')).toBeUndefined();
    expect(schemeEquation('solves sin(x + 30) = 1/2')).toBeUndefined();
  });

  it('is the same equation wherever it has the same roots: rearranged, simplified or factorised', () => {
    expect(verdicts('forms 2(1/8) - 7(1/4) + k/2 + 3 = 0', '1/4 - 7/4 + k/2 + 3 = 0, so k/2 = -3/2')).toEqual([
      ['1/4 - 7/4 + k/2 + 3 = 0', 'same'],
      ['k/2 = -3/2', 'same'],
    ]);
    expect(verdicts('x^2 - 5x + 6 = 0', '(x - 2)(x - 3) = 0')).toEqual([['(x - 2)(x - 3) = 0', 'same']]);
    // the sign error of "g(-1/2)" gives another equation; "k = 2" is a value, checked as a value
    expect(verdicts('forms 2(1/8) - 7(1/4) + k/2 + 3 = 0', '-1/4 - 7/4 + 3 - k/2 = 0\nk = 2')).toEqual([
      ['-1/4 - 7/4 + 3 - k/2 = 0', 'different'],
      ['k = 2', 'unrelated'],
    ]);
    expect(verdicts('x^2 - 5x + 6 = 0', 'x^2 - 5x = 6')).toEqual([['x^2 - 5x = 6', 'different']]);
  });
});

describe("an expansion's terms", () => {
  it('are found among the terms of the series the answer writes, only where the question asks for an expansion', () => {
    const scheme = schemeExpression('1 + 2x')!;
    const [series] = findExpressions('= 1 + 2x - 2x^2 + 4x^3 + ...');
    expect(series.text).toBe('1 + 2x - 2x^2 + 4x^3');
    expect(compareExpressions(scheme, series, true)).toBe('terms');
    expect(compareExpressions(schemeExpression('- 2x^2 + 4x^3')!, series, true)).toBe('terms');
    expect(compareExpressions(schemeExpression('- 2x^2 - 4x^3')!, series, true)).toBe('different');
    // a factor is not found among a longer polynomial's terms
    expect(compareExpressions(scheme, series)).toBe('different');
  });
});
