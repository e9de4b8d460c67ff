import { describe, expect, it } from 'vitest';
import { computeBankStats, countSchemeFeatures, MIN_QUESTIONS_PER_POINT, SCHEME_FEATURE_KEYS } from './bank-stats';
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
      scheme_features: expect.objectContaining({ groups: 1, ecf: 1, m_a: 1, final_answer_full_marks: 1, levels: 1 }),
      by_subject: {
        Biology: {
          topics: 2,
          questions: 3,
          templates: 1,
          by_type: { short_answer: 1, multiple_choice: 1, essay: 1 },
          by_difficulty: { easy: 1, medium: 1, hard: 1 },
          scheme_features: expect.objectContaining({ ...none, levels: 1 }),
          untagged: 3,
          by_board: {},
        },
        Physics: {
          topics: 1,
          questions: 3,
          templates: 0,
          by_type: { short_answer: 3 },
          by_difficulty: { medium: 3 },
          scheme_features: expect.objectContaining({ groups: 1, ecf: 1, m_a: 1, final_answer_full_marks: 1, levels: 0 }),
          untagged: 3,
          by_board: {},
        },
      },
    });
  });

  it('counts every scheme feature of MARK-SCHEMES.md, by point and by question, and adds the subjects up', () => {
    const bank = readBank(
      writeFixtureBank({
        'mathematics/a.json': {
          subject: 'Mathematics',
          topic: 'A',
          description: 'A.',
          questions: [
            makeQuestion('maths-a-01', {
              text: '<p>Show that x = 2 is a root, and hence solve the equation.</p>',
              marks: 4,
              markScheme: [
                { id: 'm1', text: 'forms the equation', kind: 'M', accept: ['sets up the equation'] },
                { id: 'm2', text: 'solves their equation', kind: 'M', depends_on: 'm1', reject: ['guesses'] },
                {
                  id: 'a1',
                  text: 'x = 2',
                  kind: 'A',
                  depends_on: 'm2',
                  numeric: { value: 2, absTolerance: 0.01 },
                  ecf: true,
                  ecf_formula: 'm1 * 2',
                },
                { id: 'b1', text: 'states the other root', required: ['root'], ignore: ['units'] },
              ],
            }),
          ],
        },
        'physics/b.json': {
          subject: 'Physics',
          topic: 'B',
          description: 'B.',
          questions: [
            makeQuestion('phys-b-01', {
              marks: 5,
              markScheme: [
                { id: 'm1', text: 'substitutes', kind: 'M' },
                { id: 'a1', text: 'E = 11.5 J', kind: 'A', marks: 2, numeric: { value: 11.5, unit: 'J', tolerance: 0.05 }, ecf: true },
                { id: 's1', text: 'answer to 3 s.f.', skill: 'significant-figures', numeric: { value: 11.5, unit: 'J', sigFigs: 3 } },
                { id: 'u1', text: 'unit J', skill: 'units', group: 'g' },
              ],
              groups: [{ id: 'g', max: 1 }],
            }),
          ],
        },
      }),
    );
    const stats = computeBankStats(bank);
    const maths = stats.by_subject.Mathematics.scheme_features;
    const physics = stats.by_subject.Physics.scheme_features;
    expect(Object.keys(stats.scheme_features)).toEqual([...SCHEME_FEATURE_KEYS]);
    expect(maths).toMatchObject({ b_points: 1, m_points: 2, a_points: 1, dm_points: 1, dm: 1, a_depends_on_points: 1 });
    expect(maths).toMatchObject({
      ecf_points: 1,
      ecf_formula_points: 1,
      accept_points: 1,
      reject_points: 1,
      ignore_points: 1,
      required_points: 1,
    });
    expect(maths).toMatchObject({
      numeric_points: 1,
      unit_points: 0,
      awrt_points: 1,
      sig_figs_points: 0,
      show_that: 1,
      hence: 1,
      sf_mark: 0,
    });
    expect(physics).toMatchObject({
      b_points: 2,
      m_points: 1,
      a_points: 1,
      dm_points: 0,
      dm: 0,
      a_depends_on_points: 0,
      multi_mark_points: 1,
    });
    expect(physics).toMatchObject({ ecf_points: 1, ecf_formula_points: 0, group_points: 1, groups: 1, numeric_points: 2, unit_points: 2 });
    expect(physics).toMatchObject({ sig_figs_points: 1, awrt_points: 1, sf_mark_points: 1, sf_mark: 1, unit_mark_points: 1, show_that: 0 });
    for (const key of SCHEME_FEATURE_KEYS) expect(stats.scheme_features[key], key).toBe(maths[key] + physics[key]);
    // a value's default tolerance (1%) is not an awrt of the scheme's own
    const [plain] = readBank(
      writeFixtureBank({
        'physics/c.json': {
          subject: 'Physics',
          topic: 'C',
          description: 'C.',
          questions: [makeQuestion('phys-c-01', { markScheme: [{ id: 'a1', text: 'v = 3', numeric: { value: 3, tolerance: 0.01 } }] })],
        },
      }),
    ).subjects[0].topics[0].questions.map((q) => q);
    expect(countSchemeFeatures([plain])).toMatchObject({ numeric_points: 1, awrt_points: 0 });
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
