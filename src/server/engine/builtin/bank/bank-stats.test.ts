import { describe, expect, it } from 'vitest';
import { computeBankStats } from './bank-stats';
import { readBank } from './load-bank';
import { makeMultipleChoice, makeQuestion, writeFixtureBank } from './testing/write-fixture-bank';

describe('computeBankStats', () => {
  it('counts subjects, topics, questions and templates, per subject by type and difficulty', () => {
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
          questions: [makeQuestion('bio-b-01', { type: 'essay', difficulty: 'hard' })],
        },
        'physics/c.json': { subject: 'Physics', topic: 'C', description: 'C.', questions: [makeQuestion('phys-c-01')] },
      }),
    );
    expect(computeBankStats(bank)).toEqual({
      subjects: 2,
      topics: 3,
      questions: 4,
      templates: 1,
      by_subject: {
        Biology: {
          topics: 2,
          questions: 3,
          templates: 1,
          by_type: { short_answer: 1, multiple_choice: 1, essay: 1 },
          by_difficulty: { easy: 1, medium: 1, hard: 1 },
        },
        Physics: { topics: 1, questions: 1, templates: 0, by_type: { short_answer: 1 }, by_difficulty: { medium: 1 } },
      },
    });
  });
});
