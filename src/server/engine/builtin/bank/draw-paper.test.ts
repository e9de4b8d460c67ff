import { describe, expect, it } from 'vitest';
import { isEngineError } from '../../engine';
import { drawPaper, normaliseDifficulty } from './draw-paper';
import { readBank } from './load-bank';
import { toGeneratedPaper } from './to-generated-paper';
import type { BankQuestionInput } from './schema';
import { makeMultipleChoice, makeQuestion, writeFixtureBank } from './testing/write-fixture-bank';

const difficulties = ['easy', 'medium', 'hard'] as const;

/** Enzymes: for each difficulty 2 multiple choice, 2 short answer, 1 essay, one of the short answers a template. */
function enzymeQuestions(): BankQuestionInput[] {
  const out: BankQuestionInput[] = [];
  let n = 0;
  for (const difficulty of difficulties) {
    const id = () => `biology-enzymes-${String(++n).padStart(2, '0')}`;
    out.push(makeMultipleChoice(id(), { difficulty, text: `<p>Which statement about enzymes is correct (${difficulty})?</p>` }));
    out.push(makeMultipleChoice(id(), { difficulty, text: `<p>Which factor denatures an enzyme (${difficulty})?</p>` }));
    out.push(makeQuestion(id(), { difficulty, text: `<p>State what an active site is (${difficulty}).</p>` }));
    out.push(
      makeQuestion(id(), {
        difficulty,
        text: `<p>An enzyme converts {{s}} mg of substrate in {{t}} s. Calculate the rate (${difficulty}).</p>`,
        markScheme: [{ id: 'a1', text: 'rate = {{r:3}} mg s^-1', kind: 'answer', numeric: { value: 'r', unit: 'mg s^-1' } }],
        modelAnswer: '<p>rate = {{s}} / {{t}} = {{r:3}} mg s^-1</p>',
        template: { variables: { s: { min: 10, max: 90 }, t: { min: 5, max: 60 } }, computed: { r: 's / t' } },
      }),
    );
    out.push(
      makeQuestion(id(), { type: 'essay', difficulty, text: `<p>Discuss the lock and key model of enzyme action (${difficulty}).</p>` }),
    );
  }
  return out;
}

function fixtureBank() {
  return readBank(
    writeFixtureBank({
      'biology/enzymes.json': {
        subject: 'Biology',
        topic: 'Enzymes',
        description: 'Enzyme action and inhibition.',
        questions: enzymeQuestions(),
      },
      'biology/cells.json': {
        subject: 'Biology',
        topic: 'Cells',
        description: 'Cell structure.',
        questions: [
          makeQuestion('biology-cells-01', { difficulty: 'hard', text: '<p>Describe the role of the nucleus in a cell.</p>' }),
          makeMultipleChoice('biology-cells-02', { difficulty: 'easy', text: '<p>Which organelle carries out aerobic respiration?</p>' }),
        ],
      },
    }),
  );
}

describe('normaliseDifficulty', () => {
  it.each([
    ['easy', 'easy'],
    ['Medium', 'medium'],
    ['hard', 'hard'],
    ['challenging', 'hard'],
    ['Difficult', 'hard'],
    ['', 'medium'],
    ['whatever', 'medium'],
  ])('%s → %s', (input, expected) => {
    expect(normaliseDifficulty(input)).toBe(expected);
  });
});

describe('drawPaper', () => {
  const bank = fixtureBank();

  it('draws from the matched topic at the requested difficulty, mixing question types', () => {
    const paper = drawPaper({ subject: 'Bio', topic: 'enzyme', difficulty: 'challenging', count: 3, seed: 1 }, bank);
    expect(paper.topic).toBe('Enzymes');
    expect(paper.subject).toBe('Biology');
    expect(paper.difficulty).toBe('hard');
    expect(paper.requestedDifficulty).toBe('challenging');
    expect(paper.title).toBe('Biology: Enzymes (Challenging)');
    expect(paper.description).toBe('Enzyme action and inhibition.');
    expect(paper.questions).toHaveLength(3);
    expect(paper.questions.every((q) => q.difficulty === 'hard' && q.topic === 'Enzymes')).toBe(true);
    expect(new Set(paper.questions.map((q) => q.type))).toEqual(new Set(['multiple_choice', 'short_answer', 'essay']));
    expect(paper.shortfall).toBe(false);
    expect(paper.note).toBeUndefined();
  });

  it('takes the neighbouring difficulty once the requested one runs out, and says so', () => {
    const paper = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'easy', count: 8, seed: 2 }, bank);
    expect(paper.questions.filter((q) => q.difficulty === 'easy')).toHaveLength(5);
    expect(paper.questions.filter((q) => q.difficulty === 'medium')).toHaveLength(3);
    expect(paper.note).toMatch(/3 of the 8 questions are harder than easy/);
  });

  it('never repeats a question and returns what exists when the bank is short', () => {
    const paper = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'medium', count: 50, seed: 3 }, bank);
    expect(paper.questions).toHaveLength(15);
    expect(new Set(paper.questions.map((q) => q.sourceId)).size).toBe(15);
    expect(paper.shortfall).toBe(true);
    expect(paper.requested).toBe(50);
    expect(paper.note).toMatch(/You asked for 50 questions but the bank has 15 on Enzymes; all 15 are included\./);
  });

  it('draws across the subject, mixing topics, when the topic is absent or unmatched', () => {
    const absent = drawPaper({ subject: 'biology', difficulty: 'hard', count: 4, seed: 4 }, bank);
    expect(absent.topic).toBeNull();
    expect(new Set(absent.questions.map((q) => q.topic))).toEqual(new Set(['Enzymes', 'Cells']));
    expect(absent.description).toBe('Questions from across Biology: Cells, Enzymes.');
    const unmatched = drawPaper({ subject: 'biology', topic: 'the French revolution', difficulty: 'hard', count: 4, seed: 4 }, bank);
    expect(unmatched.topic).toBeNull();
    expect(unmatched.note).toMatch(/no Biology topic matching "the French revolution"/);
  });

  it('is deterministic per seed and gives templates fresh values for other seeds', () => {
    const input = { subject: 'Biology', topic: 'Enzymes', difficulty: 'medium', count: 15 };
    expect(drawPaper({ ...input, seed: 9 }, bank)).toEqual(drawPaper({ ...input, seed: 9 }, bank));
    const templateTexts = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      const paper = drawPaper({ ...input, seed }, bank);
      const q = paper.questions.find((x) => x.sourceId === 'biology-enzymes-09')!;
      expect(q.text).not.toMatch(/\{\{/);
      expect(q.markScheme[0].numeric?.value).toBeCloseTo(q.values!.s / q.values!.t, 10);
      templateTexts.add(q.text);
    }
    expect(templateTexts.size).toBeGreaterThan(5);
  });

  it('varies the choice of questions with the seed', () => {
    const picks = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const paper = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'medium', count: 2, seed }, bank);
      picks.add(
        paper.questions
          .map((q) => q.sourceId)
          .sort()
          .join(','),
      );
    }
    expect(picks.size).toBeGreaterThan(3);
  });

  it('throws a clear engine error for a subject the bank does not cover', () => {
    let caught: unknown;
    try {
      drawPaper({ subject: 'History', difficulty: 'easy', count: 3, seed: 1 }, bank);
    } catch (error) {
      caught = error;
    }
    expect(isEngineError(caught)).toBe(true);
    expect(caught).toMatchObject({
      code: 'UNSUPPORTED_SUBJECT',
      subjects: ['Biology'],
      message: 'The built-in question bank does not cover "History" yet. It covers Biology.',
    });
  });
});

describe('toGeneratedPaper', () => {
  it("maps a drawn paper onto the engine's GeneratedPaper", () => {
    const paper = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'difficult', count: 20, seed: 1 }, fixtureBank());
    const generated = toGeneratedPaper(paper, 'the built-in question bank');
    expect(generated).toMatchObject({
      title: paper.title,
      topic: 'Enzymes',
      difficultyLevel: 'difficult',
      generatedBy: 'the built-in question bank',
      note: paper.note,
    });
    expect(generated.questions).toHaveLength(paper.questions.length);
    const mc = generated.questions.find((q) => q.type === 'multiple_choice')!;
    expect(mc).toMatchObject({ totalMarks: 1, correctAnswer: 'B', topic: 'Enzymes' });
    expect(mc.sourceId).toMatch(/^biology-enzymes-\d\d$/);
    expect(generated.questions.every((q) => !('values' in q) && !('difficulty' in q))).toBe(true);
  });
});

describe('scheme rules from the bank', () => {
  it('carries groups, the final-answer rule and levels into GeneratedQuestion.schemeRules (templates too)', () => {
    const levels = [
      { level: 1, min_marks: 1, max_marks: 2, descriptor: 'Simple statements about enzymes' },
      { level: 2, min_marks: 3, max_marks: 4, descriptor: 'Linked explanation of enzyme action' },
    ];
    const bank = readBank(
      writeFixtureBank({
        'biology/enzymes.json': {
          subject: 'Biology',
          topic: 'Enzymes',
          description: 'Enzyme action.',
          questions: [
            makeQuestion('biology-enzymes-01', {
              marks: 2,
              text: '<p>A substrate of {{s}} mg reacts in {{t}} s. Calculate the rate.</p>',
              markScheme: [
                { id: 'm1', text: 'rate = mass / time', kind: 'M' },
                {
                  id: 'a1',
                  text: 'rate = {{r:3}} mg s^-1',
                  kind: 'A',
                  depends_on: 'm1',
                  ecf: true,
                  numeric: { value: 'r', unit: 'mg s^-1' },
                },
              ],
              final_answer_full_marks: true,
              template: { variables: { s: { min: 10, max: 90 }, t: { min: 5, max: 60 } }, computed: { r: 's / t' } },
            }),
            makeQuestion('biology-enzymes-02', {
              marks: 2,
              text: '<p>Give two properties of enzymes.</p>',
              markScheme: [
                { id: 'p1', text: 'proteins', group: 'g1' },
                { id: 'p2', text: 'specific', group: 'g1' },
                { id: 'p3', text: 'catalysts', group: 'g1' },
              ],
              groups: [{ id: 'g1', max: 2 }],
            }),
            makeQuestion('biology-enzymes-03', {
              type: 'essay',
              marks: 4,
              text: '<p>Explain how enzymes work.</p>',
              markScheme: [
                { id: 'p1', text: 'active site' },
                { id: 'p2', text: 'lowers activation energy' },
              ],
              levels,
            }),
            makeQuestion('biology-enzymes-04'),
          ],
        },
      }),
    );
    const paper = toGeneratedPaper(
      drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'medium', count: 4, seed: 3 }, bank),
      'bank',
    );
    const by = new Map(paper.questions.map((q) => [q.sourceId, q]));
    const template = by.get('biology-enzymes-01')!;
    expect(template.schemeRules).toEqual({ final_answer_full_marks: true });
    expect(template.markScheme[1]).toMatchObject({ kind: 'A', depends_on: 'm1', ecf: true });
    expect(template.text).not.toContain('{{');
    expect(by.get('biology-enzymes-02')!.schemeRules).toEqual({ groups: [{ id: 'g1', max: 2 }] });
    expect(by.get('biology-enzymes-03')!.schemeRules).toEqual({ levels });
    expect(by.get('biology-enzymes-04')!.schemeRules).toBeUndefined();
  });
});

describe('drawPaper for weak points (skills and topics)', () => {
  const bank = readBank();

  it('draws only questions with a point of an asked skill, when the bank has them', () => {
    const paper = drawPaper({ subject: 'Physics', difficulty: 'medium', count: 6, seed: 3, skills: ['final-value'] }, bank);
    expect(paper.questions.length).toBeGreaterThan(0);
    for (const q of paper.questions) expect(q.markScheme.some((p) => p.skill === 'final-value')).toBe(true);
  });

  it('draws from the listed topics, and from the whole subject when no skill or topic matches', () => {
    const topics = bank.subjects.find((s) => s.name === 'Physics')!.topics.slice(0, 2);
    const paper = drawPaper({ subject: 'Physics', difficulty: 'medium', count: 20, seed: 3, topics: topics.map((t) => t.topic) }, bank);
    expect(paper.questions.length).toBeGreaterThan(0);
    for (const q of paper.questions) expect(topics.map((t) => t.topic)).toContain(q.topic);
    const fallback = drawPaper(
      { subject: 'Physics', difficulty: 'medium', count: 5, seed: 3, skills: ['no-such-skill'], topics: ['zzz'] },
      bank,
    );
    expect(fallback.questions).toHaveLength(5);
  });
});

describe('drawPaper for a student who has had questions already, and for specification points (issue 31)', () => {
  const bank = fixtureBank();

  it('draws questions the student has not had first, at the difficulty asked for or a neighbouring one', () => {
    // Five medium questions: a paper of two, then a paper of three is all new.
    const first = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'medium', count: 2, seed: 1 }, bank);
    const seen = first.questions.map((q) => q.sourceId);
    const second = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'medium', count: 3, seed: 2, seen }, bank);
    expect(second.questions.filter((q) => seen.includes(q.sourceId))).toEqual([]);
    expect(second.questions.every((q) => q.difficulty === 'medium')).toBe(true);
    const all = [...seen, ...second.questions.map((q) => q.sourceId)];
    // Every medium question seen: new easy and hard ones come before any repeat.
    const third = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'medium', count: 3, seed: 3, seen: all }, bank);
    expect(third.questions.filter((q) => all.includes(q.sourceId))).toEqual([]);
    expect(third.questions.every((q) => q.difficulty !== 'medium')).toBe(true);
    // An easy paper never jumps to hard for novelty: with every easy and medium question seen, it repeats easy ones.
    const easyAndMedium = bank.subjects[0].topics
      .flatMap((t) => t.questions)
      .filter((q) => q.difficulty !== 'hard')
      .map((q) => q.id);
    const easy = drawPaper({ subject: 'Biology', topic: 'Enzymes', difficulty: 'easy', count: 3, seed: 4, seen: easyAndMedium }, bank);
    expect(easy.questions.every((q) => q.difficulty === 'easy')).toBe(true);
  });

  it('draws only questions tagged with the chosen points, from across the subject, and names them', () => {
    const tagged = readBank(
      writeFixtureBank({
        'biology/a.json': {
          subject: 'Biology',
          topic: 'Molecules',
          description: 'Molecules.',
          questions: [
            makeQuestion('bio-a-01', { spec: { aqa: ['3.1.4'] }, text: '<p>State what an enzyme is made of.</p>' }),
            makeQuestion('bio-a-02', { spec: { aqa: ['3.1.2'] }, text: '<p>Name the monomer of starch.</p>' }),
          ],
        },
        'biology/b.json': {
          subject: 'Biology',
          topic: 'Cells',
          description: 'Cells.',
          questions: [
            makeQuestion('bio-b-01', {
              spec: { aqa: ['3.2.1', '3.1.4'], 'ocr-a': ['2.1.4'] },
              text: '<p>State where enzymes are made.</p>',
            }),
          ],
        },
      }),
    );
    const spec = { board: 'aqa' as const, boardName: 'AQA', points: [{ ref: '3.1.4', title: 'Proteins and enzymes' }] };
    const paper = drawPaper({ subject: 'Biology', topic: 'Cells', difficulty: 'medium', count: 5, seed: 1, spec }, tagged);
    expect(paper.questions.map((q) => q.sourceId).sort()).toEqual(['bio-a-01', 'bio-b-01']);
    expect(paper.title).toBe('Biology: AQA 3.1.4 (Medium)');
    expect(paper.topic).toBe('AQA 3.1.4');
    expect(paper.description).toBe('Specification points: 3.1.4 Proteins and enzymes.');
    expect(paper.note).toMatch(/the bank has 2 on AQA 3\.1\.4/);
  });
});
