import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defaultContentDir, findSubject, findTopic, formatIssue, listSubjects, listTopics } from './bank';
import { readBank } from './load-bank';
import { findRepoRoot } from '../../repo-root';
import { makeMultipleChoice, makeQuestion, writeFixtureBank } from './testing/write-fixture-bank';

const topicFile = (subject: string, topic: string, description: string, questions: unknown[]) => ({
  subject,
  topic,
  description,
  questions,
});

function fixtureBank() {
  return readBank(
    writeFixtureBank({
      'biology/enzymes.json': topicFile('Biology', 'Enzymes', 'Enzyme action, active sites, inhibition and factors affecting rate.', [
        makeQuestion('biology-enzymes-01', {
          text: '<p>Explain how a competitive inhibitor reduces the rate of an enzyme-controlled reaction.</p>',
        }),
        makeMultipleChoice('biology-enzymes-02'),
      ]),
      'biology/cells.json': topicFile('Biology', 'Cell structure', 'Eukaryotic and prokaryotic cells, organelles and microscopy.', [
        makeQuestion('biology-cells-01', { text: '<p>Describe the function of the mitochondrion in a eukaryotic cell.</p>' }),
      ]),
      'mathematics/differentiation.json': topicFile(
        'Mathematics',
        'Differentiation',
        'Derivatives, the chain rule, tangents and stationary points.',
        [makeQuestion('mathematics-differentiation-01', { text: '<p>Find the gradient of the curve at the point where x = 2.</p>' })],
      ),
      'mathematics/trigonometry.json': topicFile('Mathematics', 'Trigonometry', 'Sine and cosine rules, radians and identities.', [
        makeQuestion('mathematics-trigonometry-01', { text: '<p>Use the sine rule to find the length of AB.</p>' }),
      ]),
      'chemistry/inorganic.json': topicFile('Chemistry', 'Inorganic chemistry', 'Periodicity, group 2 and the halogens.', [
        makeQuestion('chemistry-inorganic-01', { text: '<p>Explain the trend in melting point across period 3.</p>' }),
      ]),
      'physics/further-mechanics.json': topicFile('Physics', 'Further mechanics', 'Circular motion and simple harmonic motion.', [
        makeQuestion('physics-further-mechanics-01', { text: '<p>A mass on a spring oscillates with period 0.5 s.</p>' }),
      ]),
      'computer-science/algorithms.json': topicFile('Computer Science', 'Algorithms', 'Searching and sorting.', [
        makeQuestion('computer-science-algorithms-01', { text: '<p>Describe how a binary search finds an item.</p>' }),
      ]),
    }),
  );
}

describe('readBank', () => {
  it('loads subjects and topics in alphabetical order, indexed by question id', () => {
    const bank = fixtureBank();
    expect(bank.issues).toEqual([]);
    expect(listSubjects(bank)).toEqual(['Biology', 'Chemistry', 'Computer Science', 'Mathematics', 'Physics']);
    expect(listTopics('biology', bank)).toEqual(['Cell structure', 'Enzymes']);
    expect(bank.byId.get('biology-enzymes-02')?.topic.topic).toBe('Enzymes');
    expect(bank.byId.get('biology-enzymes-02')?.topic.file).toBe('content/biology/enzymes.json');
    expect(bank.byId.size).toBe(8);
  });

  it('reports each invalid question with file, question id, zod path and message, and keeps the valid ones', () => {
    const bank = readBank(
      writeFixtureBank({
        'physics/waves.json': topicFile('Physics', 'Waves', 'Waves.', [
          makeQuestion('physics-waves-01'),
          makeQuestion('physics-waves-02', { markScheme: [{ id: 'p1', text: '' }] }),
          makeQuestion('physics-waves-03', { marks: 3 }),
        ]),
      }),
    );
    expect([...bank.byId.keys()]).toEqual(['physics-waves-01']);
    const empty = bank.issues.find((i) => i.questionId === 'physics-waves-02');
    expect(empty).toMatchObject({ file: 'content/physics/waves.json', questionIndex: 1, path: 'markScheme.0.text' });
    const marks = bank.issues.find((i) => i.questionId === 'physics-waves-03');
    expect(marks?.message).toMatch(/marks \(3\) must equal the sum of the mark-scheme points \(1\)/);
    expect(formatIssue(empty!)).toMatch(/^content\/physics\/waves\.json question physics-waves-02 \(#2\) at markScheme\.0\.text: /);
  });

  it('leaves out and reports a template that cannot be instantiated, and every problem of a question at once', () => {
    const template = {
      text: '<p>A mass of {{m}} kg moves at {{v}} m s^-1. Find its kinetic energy.</p>',
      markScheme: [{ id: 'a1', text: 'E = {{E:3}} J', kind: 'answer' as const, numeric: { value: 'E', unit: 'J' } }],
      modelAnswer: '<p>E = {{E:3}} J</p>',
      template: { variables: { m: { min: 1, max: 10 }, v: { min: 2, max: 20 } }, computed: { E: '0.5 * m * v^2' } },
    };
    const bank = readBank(
      writeFixtureBank({
        'physics/mechanics.json': topicFile('Physics', 'Mechanics', 'Mechanics.', [
          makeQuestion('physics-mechanics-01', template),
          makeQuestion('physics-mechanics-02', { ...template, hints: ['<p>Use {{zz}}.</p>'] }),
          makeQuestion('physics-mechanics-03', {
            ...template,
            template: { ...template.template, variables: { m: { min: 9, max: 1 }, v: { min: 2, max: 20 } } },
          }),
          {
            ...makeQuestion('physics-mechanics-04', {
              ...template,
              marks: 2,
              template: { ...template.template, computed: { E: 'm * (v' } },
            }),
            difficulty: 'extreme',
          },
        ]),
      }),
    );
    expect([...bank.byId.keys()]).toEqual(['physics-mechanics-01']);
    expect(bank.issues.map(formatIssue)).toEqual([
      'content/physics/mechanics.json question physics-mechanics-02 (#2) at hints.0: unknown placeholder {{zz}}',
      'content/physics/mechanics.json question physics-mechanics-03 (#3) at template.variables.m.min: min (9) must not be above max (1)',
      'content/physics/mechanics.json question physics-mechanics-04 (#4) at difficulty: Invalid option: expected one of "easy"|"medium"|"hard"',
      'content/physics/mechanics.json question physics-mechanics-04 (#4): marks (2) must equal the sum of the mark-scheme points (1)',
      expect.stringMatching(
        /^content\/physics\/mechanics\.json question physics-mechanics-04 \(#4\) at template\.computed\.E: syntax error in "m \* \(v": /,
      ),
    ]);
  });

  it('reports broken JSON, a broken file header and duplicate ids across files', () => {
    const bank = readBank(
      writeFixtureBank({
        'physics/broken.json': '{ "subject": "Physics", ',
        'physics/no-description.json': { subject: 'Physics', topic: 'Fields', questions: [makeQuestion('physics-fields-01')] },
        'physics/a.json': topicFile('Physics', 'A', 'A.', [makeQuestion('physics-same-01')]),
        'physics/b.json': topicFile('Physics', 'B', 'B.', [makeQuestion('physics-same-01'), makeQuestion('physics-b-02')]),
      }),
    );
    const messages = bank.issues.map(formatIssue);
    expect(messages.some((m) => m.startsWith('content/physics/broken.json: not valid JSON'))).toBe(true);
    expect(messages.some((m) => m.startsWith('content/physics/no-description.json at description:'))).toBe(true);
    expect(messages).toContain(
      'content/physics/b.json question physics-same-01 (#1) at id: duplicate id: physics-same-01 is already used in content/physics/a.json',
    );
    expect(listTopics('Physics', bank)).toEqual(['A', 'B']);
    expect(bank.byId.has('physics-b-02')).toBe(true);
  });

  it('finds content/ from the repository root whatever the working directory', () => {
    const root = findRepoRoot();
    expect(existsSync(path.join(root, 'package.json'))).toBe(true);
    expect(defaultContentDir()).toBe(path.join(root, 'content'));
  });
});

describe('findSubject', () => {
  const bank = fixtureBank();
  it.each([
    ['Mathematics', 'Mathematics'],
    ['mathematics', 'Mathematics'],
    ['Maths', 'Mathematics'],
    ['Math', 'Mathematics'],
    ['further maths', 'Mathematics'],
    ['A-Level Maths', 'Mathematics'],
    ['Bio', 'Biology'],
    ['BIOLOGY', 'Biology'],
    ['AQA biology paper 2', 'Biology'],
    ['biolgy', 'Biology'],
    ['CS', 'Computer Science'],
    ['computing', 'Computer Science'],
    ['computer-science', 'Computer Science'],
  ])('%s → %s', (input, expected) => {
    expect(findSubject(input, bank)?.name).toBe(expected);
  });

  it.each(['History', 'Economics', '', 'x'])('%s → null', (input) => {
    expect(findSubject(input, bank)).toBeNull();
  });
});

describe('findTopic', () => {
  const bank = fixtureBank();
  it.each([
    ['Biology', 'Enzymes', 'Enzymes'],
    ['biology', 'enzyme', 'Enzymes'],
    ['bio', 'competitive inhibition', 'Enzymes'],
    ['Biology', 'cells', 'Cell structure'],
    ['Biology', 'mitochondria and organelles', 'Cell structure'],
    ['Maths', 'differentiating', 'Differentiation'],
    ['Maths', 'chain rule', 'Differentiation'],
    ['Maths', 'trig', 'Trigonometry'],
    ['Maths', 'the sine rule', 'Trigonometry'],
    ['Maths', 'trigonometry', 'Trigonometry'],
    ['Physics', 'SHM', 'Further mechanics'],
    ['Physics', 'oscillations of a spring', 'Further mechanics'],
    ['Chemistry', 'inorganic', 'Inorganic chemistry'],
    ['Chemistry', 'periodicity', 'Inorganic chemistry'],
  ])('%s / %s → %s', (subject, text, expected) => {
    expect(findTopic(subject, text, bank)?.topic).toBe(expected);
  });

  it.each([
    ['Biology', 'the French revolution'],
    ['Maths', 'photosynthesis'],
    ['Biology', ''],
    ['History', 'enzymes'],
    // 'chemistry' is the subject, not a topic word; 'organic' is not 'inorganic'.
    ['Chemistry', 'organic chemistry'],
  ])('%s / %s → null', (subject, text) => {
    expect(findTopic(subject, text, bank)).toBeNull();
  });
});
