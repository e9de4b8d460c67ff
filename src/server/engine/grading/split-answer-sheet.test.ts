import { describe, expect, it } from 'vitest';
import { splitAnswerSheet } from './split-answer-sheet';

describe('splitAnswerSheet', () => {
  it('splits by the question number heading each answer, in its many spellings', () => {
    const parts = splitAnswerSheet(
      '1. condensation reaction\nwater removed\nQ2 the answer is B\nQuestion 3: 0.28 cm3 per s\n(4) primary structure',
      [1, 2, 3, 4],
    );
    expect([...parts.entries()]).toEqual([
      [1, 'condensation reaction\nwater removed'],
      [2, 'the answer is B'],
      [3, '0.28 cm3 per s'],
      [4, 'primary structure'],
    ]);
  });

  it('does not start a question at a number inside an answer, or one out of order', () => {
    const parts = splitAnswerSheet('1. uses 2 moles\n2 moles of water form\n3) ATP\n2. late answer', [1, 2, 3]);
    expect(parts.get(1)).toBe('uses 2 moles\n2 moles of water form');
    expect(parts.get(2)).toBe('');
    expect(parts.get(3)).toBe('ATP\n2. late answer');
  });

  it('gives an empty answer to a question the sheet leaves out', () => {
    expect(splitAnswerSheet('1. only this', [1, 2]).get(2)).toBe('');
  });
});
