import { describe, expect, it } from 'vitest';
import { markPointSchema, type Feedback } from '../../../shared/mark-scheme';
import type { GradingQuestion } from '../../../shared/teacher';
import { presentGrading } from './present-grading';

const scheme: GradingQuestion[] = [
  {
    number: 1,
    ref: 'q1',
    text: 'Describe how a peptide bond forms.',
    type: 'short_answer',
    totalMarks: 3,
    markScheme: [
      markPointSchema.parse({ id: 'a', text: 'condensation reaction', marks: 1, kind: 'B' }),
      markPointSchema.parse({ id: 'b', text: 'water is <b>removed</b>', marks: 1, kind: 'B' }),
      markPointSchema.parse({ id: 'c', text: 'between amine and carboxyl groups', marks: 1, kind: 'B' }),
    ],
  },
  {
    number: 2,
    ref: 'q2',
    text: 'What is released?',
    type: 'short_answer',
    totalMarks: 2,
    markScheme: [markPointSchema.parse({ id: 'd', text: 'water', marks: 2, kind: 'B' })],
  },
];

const decided: Feedback = {
  marks_awarded: 1,
  total_marks: 3,
  // the marker's own sentence: never copied or read back
  qualitative_feedback: 'MARKER PROSE',
  markscheme_evaluation: [
    { point_id: 'a', text: 'condensation reaction', status: 'COVERED', justification: 'Says condensation.', marks_awarded: 1, marks: 1 },
    {
      point_id: 'b',
      text: 'water is <b>removed</b>',
      status: 'CONTRADICTED',
      justification: 'Says water is added.',
      marks_awarded: 0,
      marks: 1,
    },
    {
      point_id: 'c',
      text: 'between amine and carboxyl groups',
      status: 'NOT_COVERED',
      justification: 'Not stated.',
      marks_awarded: 0,
      marks: 1,
    },
  ],
  marked_by: 'the built-in marker',
};

describe('presentGrading: the words of photo grading, from the decisions', () => {
  it('writes the marks, a section per point, a summary from the point decisions, and who marked it with what read it', async () => {
    const shown = presentGrading({
      questions: scheme,
      graded: [
        { number: 1, answer: 'a condensation reaction adds water', feedback: decided },
        { number: 2, answer: '', feedback: null },
      ],
      source: 'Paper MW-ABC123 (Proteins)',
      readBy: 'OCR by Tesseract',
      lowConfidence: false,
      engineLabel: 'the built-in marker',
    });
    // the scheme's own marks: question 2, unanswered, still counts its 2
    expect([shown.marksAwarded, shown.totalMarks]).toEqual([1, 5]);
    expect(shown.detailedBreakdown.map((s) => [s.section, s.marksAwarded, s.maxMarks])).toEqual([
      ['Q1 · B1: condensation reaction', 1, 1],
      ['Q1 · B1: water is removed', 0, 1],
      ['Q1 · B1: between amine and carboxyl groups', 0, 1],
      ['Q2 · no answer found', 0, 2],
    ]);
    expect(shown.detailedBreakdown[1].comments).toBe('<p>Says water is added.</p>');
    expect(shown.feedback).toBe(
      '<p>Question 1: You scored 1 out of 3. Credited: condensation reaction. Contradicted: water is removed. Not seen: between amine and carboxyl groups.</p>' +
        '<p>Marked against: Paper MW-ABC123 (Proteins).</p>',
    );
    expect(shown.feedback).not.toContain('MARKER PROSE');
    expect(shown.markedBy).toBe('the built-in marker (OCR by Tesseract)');
  });

  it('gives a levels-marked answer its level, says when the reading needs checking, and names the engine when nothing was marked', () => {
    const essay: GradingQuestion = { ...scheme[0], number: 1, totalMarks: 6 };
    const levelled: Feedback = {
      ...decided,
      marks_awarded: 4,
      total_marks: 6,
      level: { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Some linked reasoning.' },
    };
    const shown = presentGrading({
      questions: [essay],
      graded: [{ number: 1, answer: 'an answer', feedback: levelled }],
      source: 'Your mark scheme',
      readBy: 'photo read by gpt-4o',
      lowConfidence: true,
      engineLabel: 'gpt-4o (OpenAI)',
    });
    expect(shown.detailedBreakdown).toEqual([
      {
        section: 'Level 2 of response',
        marksAwarded: 4,
        maxMarks: 6,
        comments: '<p>Some linked reasoning.</p><p>Indicative content seen: condensation reaction</p>',
      },
    ]);
    expect(shown.feedback).toContain('<p>You scored 4 out of 6. Level 2: Some linked reasoning.</p>');
    expect(shown.feedback).toContain('<strong>Check the reading:</strong>');
    const none = presentGrading({
      questions: [essay],
      graded: [{ number: 1, answer: '', feedback: null }],
      source: 'Your mark scheme',
      readBy: 'photo read by gpt-4o',
      lowConfidence: false,
      engineLabel: 'gpt-4o (OpenAI)',
    });
    expect([none.marksAwarded, none.totalMarks, none.markedBy]).toEqual([0, 6, 'gpt-4o (OpenAI) (photo read by gpt-4o)']);
  });
});
