import { describe, expect, it } from 'vitest';
import { createBuiltinEngine } from '../builtin/builtin-engine';
import { answerParts, withoutPrintedText } from './printed-text';

/** Issue 26: a photographed printed paper's transcript holds the print beside the handwriting. */
const questions = [
  {
    number: 1,
    text: 'Which of these is the unit of electric charge?',
    options: { A: 'ampere', B: 'volt', C: 'ohm', D: 'coulomb' },
  },
  {
    number: 2,
    text: 'Explain why the resistance of a metal wire increases when its temperature rises.',
    options: null,
  },
];
const transcript = [
  'Physics: electricity',
  'A-Level practice paper · medium · 2 questions · 4 marks · written by the built-in engine',
  'Answer all questions. Show your working. The marks for each question are shown in brackets.',
  'Question 1 [1 mark]',
  'Which of these is the unit of electric charge?',
  'A ampere',
  'B volt',
  'C ohm',
  'D coulomb',
  'Answer: D',
  'Question 2 [3 marks]',
  'Explain why the resistance of a metal wire increases',
  'when its temperature rises.',
  'The ions vibrate more so electrons collide with them more often.',
  'Page 1 of 1',
  'Paper code MW-7K3QXP',
].join('\n');

describe('text printed on the paper', () => {
  it('is left out of each answer: the student keeps only what they wrote', () => {
    const parts = answerParts(transcript, questions, ['Physics: electricity']);
    expect(parts.get(1)).toBe('Answer: D');
    expect(parts.get(2)).toBe('The ions vibrate more so electrons collide with them more often.');
  });

  it("keeps a student's short answer and a line that adds words of its own, even in the question's words", () => {
    const printed = [questions[1]];
    expect(withoutPrintedText('D', printed)).toBe('D');
    expect(withoutPrintedText('2.4 m', printed)).toBe('2.4 m');
    const own = 'The resistance increases because the ions vibrate with a larger amplitude';
    expect(withoutPrintedText(own, printed)).toBe(own);
    // the question's own words in the student's order are the student's sentence
    const reworded = 'as temperature rises the resistance of the wire increases';
    expect(withoutPrintedText(reworded, printed)).toBe(reworded);
    // the question's line read from print is left out; the same words written again below it are the student's
    const twice = 'the resistance of a metal wire increases\nthe resistance of a metal wire increases';
    expect(withoutPrintedText(twice, printed)).toBe('the resistance of a metal wire increases');
    // an option written out in full under the printed options is the student's answer
    const options = 'A ampere\nB volt\nC ohm\nD coulomb\nD coulomb';
    expect(withoutPrintedText(options, [questions[0]])).toBe('D coulomb');
  });

  it('reads a sheet without print (not one of our printed papers) as written', () => {
    expect(answerParts('the resistance of a metal wire increases', [questions[1]]).get(2)).toBe('the resistance of a metal wire increases');
  });

  it('lets the marker give a handwritten "Answer: D" its mark (a printed option was taken as the answer before)', async () => {
    const engine = createBuiltinEngine();
    const [q1] = questions;
    const mark = (answer: string) =>
      engine.evaluateAnswer({
        question: {
          text: q1.text,
          type: 'multiple_choice',
          totalMarks: 1,
          markScheme: [{ id: 'p1', text: 'D (coulomb)', marks: 1, kind: 'B', accept: [], reject: [], ignore: [], required: [] }],
          schemeRules: {},
          options: q1.options,
          correctAnswer: 'D',
          modelAnswer: null,
          hints: [],
          subject: 'Physics',
          topic: 'electricity',
        },
        answer,
      });
    expect((await mark(answerParts(transcript, questions, ['Physics: electricity']).get(1) ?? '')).marks_awarded).toBe(1);
    // the whole first part as it was before (printed options included) did not earn it
    const unfiltered = transcript.split('Question 2')[0];
    expect((await mark(unfiltered)).marks_awarded).toBe(0);
  });
});
