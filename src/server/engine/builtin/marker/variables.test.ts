import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';
import { algebraLetters, renameLetters, renamingFor } from './variables';

const contains = (text: string, formula: string) => text.replace(/\s+/g, '').includes(formula.replace(/\s+/g, ''));

describe('letters are names', () => {
  it('finds the letters a text uses as algebra, not the word "a" or the constant e', () => {
    expect([...algebraLetters('Suppose √3 = p/q as a fraction, so p² = 3q² and e^x grows')].sort()).toEqual(['p', 'q', 'x']);
    expect([...algebraLetters('g(1.5) = 4.48 - 4.5')]).toEqual(['g']);
  });

  it('renames one letter for one, keeping every position', () => {
    const renamed = renameLetters(
      'p² = 3q², so p is a multiple of 3',
      new Map([
        ['p', 'a'],
        ['q', 'b'],
      ]),
    );
    expect(renamed).toBe('a² = 3b², so a is a multiple of 3');
    expect(renamed.length).toBe('p² = 3q², so p is a multiple of 3'.length);
  });

  it('renames the answer’s own letters to the scheme’s where that finds more of its formulas', () => {
    const scheme = ['a^2 = 3b^2', 'b^2 = 3k^2', 'assume √3 = a/b in lowest terms'];
    expect(renamingFor('p^2 = 3q^2 and then q^2 = 3m^2', scheme, contains)).toEqual(
      new Map([
        ['p', 'a'],
        ['q', 'b'],
        ['m', 'k'],
      ]),
    );
    // the scheme's own letters keep their meaning: "3a^2 = b^2" is not made right by swapping a and b
    expect(renamingFor('3a^2 = b^2', scheme, contains)).toBeUndefined();
    // nothing to gain: no renaming
    expect(renamingFor('a^2 = 3b^2', scheme, contains)).toBeUndefined();
  });
});

describe('the marker on a proof written with other letters', () => {
  const scheme: MarkPointInput[] = [
    { id: 'm1', text: 'squares to get a^2 = 3b^2, so a^2 and hence a is a multiple of 3', kind: 'M', accept: ['a^2 = 3b^2', 'a² = 3b²'] },
    { id: 'm2', text: 'writes a = 3k and substitutes: 9k^2 = 3b^2, so b^2 = 3k^2', kind: 'M', accept: ['b^2 = 3k^2', 'b² = 3k²'] },
  ];
  const mark = (answer: string) =>
    markAnswer({
      questionText: 'Prove by contradiction that √3 is irrational.',
      type: 'short_answer',
      totalMarks: 2,
      markScheme: scheme,
      answer,
    }).markscheme_evaluation;

  it('credits the steps in the student’s own letters, quoting them as written', () => {
    const e = mark('Suppose √3 = p/q in lowest terms. Then p² = 3q², so p is a multiple of 3. Write p = 3m: 9m² = 3q², so q² = 3m².');
    expect(e.map((x) => x.status)).toEqual(['COVERED', 'COVERED']);
    expect(e[0].evidence).toBe('p² = 3q²');
    expect(e[0].justification).toContain('you wrote "p² = 3q²"');
    expect(e[0].justification).toContain('letters are names: your p for a');
  });

  it('does not credit a wrong step because its letters differ', () => {
    const e = mark('Suppose √3 = p/q. Then 3p² = q², so q is a multiple of 3.');
    expect(e[0].status).not.toBe('COVERED');
  });
});
