import { describe, expect, it } from 'vitest';
import { chooseOption } from './choose-option';

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

  it('reads the option by its text, telling -3/2 from 3/2', () => {
    expect(chooseOption('-3/2', options)).toBe('B');
    expect(chooseOption('3/2', options)).toBe('A');
    expect(chooseOption('the mitochondrion', options)).toBe('C');
  });

  it('picks nothing when the answer names no option, or a letter the question does not have', () => {
    expect(chooseOption('', options)).toBeUndefined();
    expect(chooseOption('photosynthesis', options)).toBeUndefined();
    expect(chooseOption('E', options)).toBeUndefined();
  });
});
