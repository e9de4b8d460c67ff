import { describe, expect, it } from 'vitest';
import { computeBankStats, MIN_QUESTIONS_PER_POINT } from './bank-stats';
import { readBank } from './load-bank';
import { makeMultipleChoice, makeQuestion, writeFixtureBank } from './testing/write-fixture-bank';

describe('computeBankStats', () => {
  it('counts subjects, topics, questions and templates, per subject by type and difficulty, and the scheme features used', () => {
    const template = { variables: { x: { min: 1, max: 9 } } };
    const bank = readBank(
      writeFixtureBank({
        'biology/a.json': {
          subject: 'Biology',
          topic: 'A',
          description: 'A.',
          questions: [
            makeQuestion('bio-a-01', { difficulty: 'easy', text: '<p>What is {{x}} squared, roughly?</p>', template }),
            makeMultipleChoice('bio-a-02'),
          ],
        },
        'biology/b.json': {
          subject: 'Biology',
          topic: 'B',
          description: 'B.',
          questions: [
            makeQuestion('bio-b-01', {
              type: 'essay',
              difficulty: 'hard',
              marks: 2,
              markScheme: [
                { id: 'p1', text: 'one' },
                { id: 'p2', text: 'two' },
              ],
              levels: [
                { level: 1, min_marks: 1, max_marks: 1, descriptor: 'Basic' },
                { level: 2, min_marks: 2, max_marks: 2, descriptor: 'Detailed' },
              ],
            }),
          ],
        },
        'physics/c.json': {
          subject: 'Physics',
          topic: 'C',
          description: 'C.',
          questions: [
            makeQuestion('phys-c-01'),
            makeQuestion('phys-c-02', {
              marks: 2,
              markScheme: [
                { id: 'm1', text: 'v = s / t', kind: 'M' },
                { id: 'a1', text: 'v = 3.0 m s^-1', kind: 'A', depends_on: 'm1', ecf: true },
              ],
              final_answer_full_marks: true,
            }),
            makeQuestion('phys-c-03', {
              marks: 1,
              markScheme: [
                { id: 'p1', text: 'one', group: 'g' },
                { id: 'p2', text: 'two', group: 'g' },
              ],
              groups: [{ id: 'g', max: 1 }],
            }),
          ],
        },
      }),
    );
    const none = { groups: 0, ecf: 0, m_a: 0, final_answer_full_marks: 0, levels: 0 };
    expect(computeBankStats(bank)).toEqual({
      subjects: 2,
      topics: 3,
      questions: 6,
      templates: 1,
      scheme_features: { groups: 1, ecf: 1, m_a: 1, final_answer_full_marks: 1, levels: 1 },
      by_subject: {
        Biology: {
          topics: 2,
          questions: 3,
          templates: 1,
          by_type: { short_answer: 1, multiple_choice: 1, essay: 1 },
          by_difficulty: { easy: 1, medium: 1, hard: 1 },
          scheme_features: { ...none, levels: 1 },
          untagged: 3,
          by_board: {},
        },
        Physics: {
          topics: 1,
          questions: 3,
          templates: 0,
          by_type: { short_answer: 3 },
          by_difficulty: { medium: 3 },
          scheme_features: { groups: 1, ecf: 1, m_a: 1, final_answer_full_marks: 1, levels: 0 },
          untagged: 3,
          by_board: {},
        },
      },
    });
  });

  it('counts each board point’s questions, the points covered, those under the minimum and those not covered', () => {
    const spec = {
      subject: 'Biology',
      board: 'aqa' as const,
      boardName: 'AQA',
      code: '7402',
      title: 'A-level Biology',
      sections: [
        {
          ref: '3.1',
          title: 'Molecules',
          points: [
            { ref: '3.1.1', title: 'Polymers' },
            { ref: '3.1.2', title: 'Sugars' },
          ],
        },
        { ref: '3.2', title: 'Cells', points: [{ ref: '3.2.1', title: 'Structure' }] },
      ],
    };
    const many = Array.from({ length: MIN_QUESTIONS_PER_POINT }, (_, i) => makeQuestion(`bio-a-${i}`, { spec: { aqa: ['3.1.1'] } }));
    const bank = readBank(
      writeFixtureBank({
        'biology/a.json': {
          subject: 'Biology',
          topic: 'A',
          description: 'A.',
          questions: [
            ...many,
            makeQuestion('bio-b-1', { spec: { aqa: ['3.1.2', '3.1.1'], 'ocr-a': ['2.1.1'] } }),
            makeQuestion('bio-b-2', { spec: { 'ocr-a': ['2.1.1'] } }),
            makeQuestion('bio-b-3'),
          ],
        },
      }),
    );
    const stats = computeBankStats(bank, [spec]).by_subject.Biology;
    expect(stats.untagged).toBe(1);
    expect(stats.by_board).toEqual({
      aqa: {
        code: '7402',
        tagged: MIN_QUESTIONS_PER_POINT + 1,
        points: 3,
        covered: 2,
        under_minimum: { '3.1.2': 1 },
        uncovered: ['3.2.1'],
        by_point: { '3.1.1': MIN_QUESTIONS_PER_POINT + 1, '3.1.2': 1, '3.2.1': 0 },
      },
    });
  });
});
