import { describe, expect, it } from 'vitest';
import { chooseOption, chooseOptions } from './choose-option';

const options = { A: '3/2', B: '-3/2', C: 'Mitochondrion', D: 'Ribosome' };

describe('chooseOption', () => {
  it('reads a letter however it is written', () => {
    for (const answer of ['B', 'b', '(B)', 'B.', 'Option B', 'The answer is B', 'B) because it is negative'])
      expect(chooseOption(answer, options)).toBe('B');
  });

  it('reads a letter said in a sentence, as the tutor hears it', () => {
    expect(chooseOption("I think it's c", options)).toBe('C');
    expect(chooseOption('maybe option d?', options)).toBe('D');
  });

  it('reads a letter given with its reason, whether or not the reason is right', () => {
    expect(chooseOption('I think it is A because there are more molecules', options)).toBe('A');
    expect(chooseOption('B because there are fewer moles of gas on the right', options)).toBe('B');
    expect(chooseOption('oh, C then', options)).toBe('C');
    expect(chooseOption('a cell has a nucleus', options)).toBeUndefined();
  });

  it('reads the option by its text, telling -3/2 from 3/2', () => {
    expect(chooseOption('-3/2', options)).toBe('B');
    expect(chooseOption('3/2', options)).toBe('A');
    expect(chooseOption('the mitochondrion', options)).toBe('C');
  });

  it('reads the option whose value the answer works out, where the options are values told apart by their signs', () => {
    const values = {
      A: '−185 kJ mol<sup>−1</sup>',
      B: '+185 kJ mol<sup>−1</sup>',
      C: '+247 kJ mol<sup>−1</sup>',
      D: '−1111 kJ mol<sup>−1</sup>',
    };
    expect(chooseOption('(436 + 243) - 2(432) = -185 kJ/mol', values)).toBe('A');
    expect(chooseOption('(436 + 243) − 2 × 432 = +185', values)).toBe('B');
    expect(chooseOption('436 + 243 − 432 = 247 kJ per mole', values)).toBe('C');
    // no sign where both signs are options, two options' values, or options that are not all values: none
    expect(chooseOption('185 kJ/mol is released', values)).toBeUndefined();
    expect(chooseOption('-185, or maybe +185', values)).toBeUndefined();
    expect(chooseOption('-185', { ...values, D: 'none of these' })).toBeUndefined();
    // a digit of a name is no value
    expect(chooseOption('H2 reacts', { A: '2', B: '4' })).toBeUndefined();
  });

  it('picks nothing when the answer names no option, or a letter the question does not have', () => {
    expect(chooseOption('', options)).toBeUndefined();
    expect(chooseOption('photosynthesis', options)).toBeUndefined();
    expect(chooseOption('E', options)).toBeUndefined();
  });
});

describe('chooseOptions (multiple response)', () => {
  const options = { A: 'velocity', B: 'force', C: 'mass', D: 'energy' };
  it('reads lists of letters, without reading "and" as a D', () => {
    expect(chooseOptions('A, C', options)).toEqual(['A', 'C']);
    expect(chooseOptions('a and b and c', options)).toEqual(['A', 'B', 'C']);
    expect(chooseOptions('The answers are (B) & (D).', options)).toEqual(['B', 'D']);
    expect(chooseOptions('AC', options)).toEqual(['A', 'C']);
  });
  it("reads the options' own words", () => {
    expect(chooseOptions('velocity and force', options)).toEqual(['A', 'B']);
    expect(chooseOptions('I am not sure', options)).toEqual([]);
  });
});
