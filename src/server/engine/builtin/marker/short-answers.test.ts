import { describe, expect, it } from 'vitest';
import type { MarkPointInput } from '../../../../shared/mark-scheme';
import { markAnswer } from './mark-answer';

describe('short answers imported from Moodle (issue 27 item 5)', () => {
  it('credits a whole answer that is an accepted wording however short ("C"), with a symbol\'s case kept', () => {
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'What is the SI unit of charge? Give its symbol.',
        type: 'short_answer',
        totalMarks: 1,
        markScheme: [{ id: 'a1', text: 'C', kind: 'A', accept: ['C', 'coulomb', 'coulombs'] }],
        answer,
      }).marks_awarded;
    expect(mark('C')).toBe(1);
    expect(mark('C.')).toBe(1);
    expect(mark('coulomb')).toBe(1);
    expect(mark('c')).toBe(0);
    expect(mark('J')).toBe(0);
  });

  it('gives a part-credit answer its part, not the full answer it is part of ("carbon" beside "carbon dioxide")', () => {
    const scheme: MarkPointInput[] = [
      { id: 'a1', text: 'carbon dioxide', marks: 2, kind: 'B', group: 'g1', accept: ['carbon dioxide', 'CO2'] },
      { id: 'a2', text: 'carbon', marks: 1, kind: 'B', group: 'g1' },
    ];
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'Name the gas produced when an acid reacts with a carbonate.',
        type: 'short_answer',
        totalMarks: 2,
        markScheme: scheme,
        rules: { groups: [{ id: 'g1', max: 2 }] },
        answer,
      }).marks_awarded;
    expect(mark('carbon')).toBe(1);
    expect(mark('carbon dioxide')).toBe(2);
    expect(mark('CO2')).toBe(2);
    expect(mark('oxygen')).toBe(0);
  });
});

describe("multiple choice with several fully right options (Moodle's several 100% answers)", () => {
  it('credits any one of them ("A|C"), not another option', () => {
    const mark = (answer: string) =>
      markAnswer({
        questionText: 'Which of these is a unit of energy?',
        type: 'multiple_choice',
        totalMarks: 1,
        options: { A: 'joule', B: 'watt', C: 'electronvolt' },
        correctAnswer: 'A|C',
        markScheme: [{ id: 'b1', text: 'A or C: joule or electronvolt', kind: 'A', accept: ['A', 'C'], reject: ['B'] }],
        answer,
      });
    expect(mark('A').marks_awarded).toBe(1);
    expect(mark('C').marks_awarded).toBe(1);
    expect(mark('B').marks_awarded).toBe(0);
    expect(mark('B').markscheme_evaluation[0].justification).toContain('A (joule) or C (electronvolt)');
  });
});
