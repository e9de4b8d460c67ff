import { describe, expect, it } from 'vitest';
import { bankQuestionSchema, topicFileSchema, type BankQuestion } from './schema';
import { importGift, parsePointsComment } from './import-gift';
import { formatImportError, importJson } from './import-questions';
import { exportGift, exportJson, type ExportTopic } from './export-questions';
import { instantiateQuestion } from './instantiate';
import { makeMultipleChoice, makeQuestion } from './testing/write-fixture-bank';

const GIFT = `// description: Cell structure and organelles.
$CATEGORY: $course$/Biology/Cells

// difficulty: easy
// hint: Think about where ATP is made.
::Powerhouse::Which organelle carries out aerobic respiration? {
  =mitochondrion#Yes: the Krebs cycle and oxidative phosphorylation happen there.
  ~nucleus
  ~ribosome
  ~Golgi apparatus
}

::Name it::Name the process by which water moves across a partially permeable membrane. {=osmosis =Osmosis =%0%diffusion}

// unit: µm
::Size::A cell measures 12 mm in an image magnified ×400. What is its actual size in micrometres? {#30:0.5}

// points: the nucleus holds DNA; mitochondria release energy in aerobic respiration; ribosomes make proteins [2]
::Organelles::Describe the functions of three organelles in an animal cell. {}
`;

describe('importGift', () => {
  it('derives one mark-scheme point per mark from each kind of answer', () => {
    const { topicFile, errors, total } = importGift(GIFT, { subject: 'Biology' });
    expect(errors).toEqual([]);
    expect(total).toBe(4);
    expect(topicFile).not.toBeNull();
    const file = topicFileSchema.parse(topicFile);
    expect(file.subject).toBe('Biology');
    expect(file.topic).toBe('Cells');
    expect(file.description).toBe('Cell structure and organelles.');
    const [mc, short, numeric, essay] = file.questions;

    expect(mc).toMatchObject({
      id: 'biology-cells-01',
      type: 'multiple_choice',
      difficulty: 'easy',
      marks: 1,
      text: '<p>Which organelle carries out aerobic respiration?</p>',
      options: { A: 'mitochondrion', B: 'nucleus', C: 'ribosome', D: 'Golgi apparatus' },
      correctAnswer: 'A',
      hints: ['Think about where ATP is made.'],
    });
    expect(mc.markScheme).toMatchObject([{ text: 'A: mitochondrion', accept: ['A', 'option A'] }]);
    expect(mc.modelAnswer).toContain('The answer is A: mitochondrion.');

    expect(short).toMatchObject({ id: 'biology-cells-02', type: 'short_answer', difficulty: 'medium', marks: 1 });
    expect(short.markScheme).toMatchObject([{ text: 'osmosis', accept: ['osmosis', 'Osmosis'], reject: ['diffusion'] }]);

    expect(numeric.markScheme).toMatchObject([{ text: '30 µm (± 0.5)', numeric: { value: 30, absTolerance: 0.5, unit: 'µm' } }]);
    expect(numeric.type).toBe('short_answer');

    expect(essay).toMatchObject({ type: 'essay', marks: 4 });
    expect(essay.markScheme.map((p) => [p.text, p.marks])).toEqual([
      ['the nucleus holds DNA', 1],
      ['mitochondria release energy in aerobic respiration', 1],
      ['ribosomes make proteins', 2],
    ]);
  });

  it('reports every invalid question with number, title, line and what is wrong, and returns no file', () => {
    const result = importGift(
      `::Essay::Explain why the sky is blue in your own words. {}

::TF::The Earth orbits the Sun. {T}

::Two right::Pick the even numbers from this list. {=2 =4 ~5}

::Short::Hi {=yes}

::Fine::Which of these is a noble gas? {=argon ~oxygen ~nitrogen}

::Six::Pick one of the following letters please. {=a ~b ~c ~d ~e ~f}

// difficulty: impossible
::Level::Which gas do plants take in for photosynthesis? {=carbon dioxide ~oxygen ~nitrogen}

::Broken::Unclosed {=a ~b`,
      { subject: 'Chemistry', topic: 'Mixed', strict: true },
    );
    expect(result.topicFile).toBeNull();
    expect(result.errors.map(formatImportError)).toEqual([
      'Question 8 "Broken" (line 16): the answer block is not closed with }',
      `Question 1 "Essay" (line 1): needs a mark scheme: an essay question needs a '// points: a; b; c' comment listing the mark-scheme points (one mark each; 'b [2]' for two marks)`,
      'Question 4 "Short" (line 7): the question text is empty or too short (at least 10 characters, counted after scripts, event handlers and web images are removed)',
      'Question 6 "Six" (line 11): multiple choice has 6 options; the bank allows at most 5 (A to E)',
      'Question 7 "Level" (line 13): difficulty "impossible" is not easy, medium or hard (or challenging or difficult, read as hard)',
    ]);
  });

  it('imports a multiple-response question: each right option a point, the wrong ones rejected', () => {
    const result = importGift('Which of these are even numbers? {~%50%2 ~%50%4 ~%-100%5}', { subject: 'Maths', topic: 'Numbers' });
    expect(result.errors).toEqual([]);
    const [q] = topicFileSchema.parse(result.topicFile).questions;
    expect(q).toMatchObject({ type: 'multiple_choice', marks: 2, correctAnswer: 'A,B', options: { A: '2', B: '4', C: '5' } });
    expect(q.markScheme.map((p) => [p.id, p.text, p.marks, p.accept, p.reject])).toEqual([
      ['o1', 'A: 2', 1, ['A'], ['C']],
      ['o2', 'B: 4', 1, ['B'], ['C']],
    ]);
    expect(result.report.changed.map((n) => n.message)).toContain(
      'multiple response: each right option is a point; a wrong option chosen cancels one right one',
    );
  });

  it('imports a question as Moodle exports it', () => {
    const moodle = [
      '// question: 2041  name: Speed of light',
      '::Speed of light::[html]<p>What is the speed of light in a vacuum, in m s<sup>-1</sup>?</p>{#',
      '\t=%100%300000000:1000000#',
      '\t=%50%3e8:1e7#Close.',
      '}',
      '',
      '// question: 2042  name: Prefix',
      '::Prefix::[html]<p>Which prefix means 10<sup>-6</sup>?</p>{',
      '\t~%0%<p>milli</p>',
      '\t~%100%<p>micro</p>',
      '\t~%0%<p>nano</p>',
      '}',
    ].join('\n');
    const result = importGift(moodle, { subject: 'Physics', topic: 'Units' });
    expect(result.errors).toEqual([]);
    const [speed, prefix] = topicFileSchema.parse(result.topicFile).questions;
    expect(speed.markScheme[0].numeric).toEqual({ value: 300000000, absTolerance: 1000000 });
    expect(prefix.options).toEqual({ A: '<p>milli</p>', B: '<p>micro</p>', C: '<p>nano</p>' });
    expect(prefix.correctAnswer).toBe('B');
    expect(prefix.markScheme[0].text).toBe('B: micro');
  });

  it('takes multiple choice with two options, and rejects one with a single option through the bank schema', () => {
    const two = importGift('::Two::Is water wet or dry today? {=wet ~dry}', { subject: 'Physics', topic: 'Misc' });
    expect(two.errors).toEqual([]);
    expect(two.topicFile?.questions[0]).toMatchObject({ options: { A: 'wet', B: 'dry' }, correctAnswer: 'A' });
    const one = importGift('::One::Is water wet or dry today? {=wet ~}', { subject: 'Physics', topic: 'Misc', strict: true });
    expect(one.topicFile).toBeNull();
  });

  it('asks for a topic when the file has several categories, and filters by --topic', () => {
    const two = `$CATEGORY: Physics/Waves\n\nWhat is the unit of frequency? {=hertz =Hz}\n\n$CATEGORY: Physics/Electricity\n\nWhat is the unit of charge? {=coulomb =C}`;
    expect(importGift(two).errors.map(formatImportError)).toEqual([
      'the file has 2 categories (Physics/Waves, Physics/Electricity); pass --topic to choose one',
    ]);
    const waves = importGift(two, { topic: 'Waves' });
    expect(waves.errors).toEqual([]);
    expect(waves.topicFile?.subject).toBe('Physics');
    expect(waves.topicFile?.questions.map((q) => q.text)).toEqual(['<p>What is the unit of frequency?</p>']);
  });

  it('refuses ids already used in the bank or twice in the file', () => {
    const gift = `// id: physics-waves-01\nWhat is the unit of frequency? {=hertz}\n\n// id: physics-waves-01\nWhat is the unit of period? {=second}`;
    const result = importGift(gift, { subject: 'Physics', topic: 'Waves', existingIds: new Set(['physics-waves-01']), strict: true });
    expect(result.errors.map(formatImportError)).toEqual([
      'Question 1 (line 1): id physics-waves-01 is already used elsewhere in the bank',
      'Question 2 (line 4): id physics-waves-01 is also used by question 1',
    ]);
  });

  it('reads points with escaped semicolons and mark counts', () => {
    expect(parsePointsComment('a\\; still a; b [3];  ; c')).toEqual([
      { text: 'a; still a', marks: 1 },
      { text: 'b', marks: 3 },
      { text: 'c', marks: 1 },
    ]);
  });
});

describe('GIFT round trips', () => {
  it('GIFT → bank → GIFT → bank gives the same questions', () => {
    const first = importGift(GIFT, { subject: 'Biology' });
    const topic: ExportTopic = {
      ...topicFileSchema.parse(first.topicFile),
    };
    const gift = exportGift([topic]);
    const second = importGift(gift);
    expect(second.errors).toEqual([]);
    expect(second.topicFile).toEqual(first.topicFile);
  });

  it('bank → GIFT → bank keeps text, type, marks, options, answers, hints, model answers and mark-scheme texts', () => {
    const questions: BankQuestion[] = [
      makeMultipleChoice('physics-waves-01', {
        text: '<p>What is \\( v = f\\lambda \\) for f = 50 Hz, λ = 2 m? {not a placeholder}</p>',
        options: { A: '25 m s<sup>-1</sup>', B: '100 m s<sup>-1</sup>', C: '52 m s<sup>-1</sup>' },
        correctAnswer: 'B',
        markScheme: [{ id: 'b1', text: 'B: 100 m s^-1', kind: 'answer', accept: ['B', 'option B'] }],
      }),
      makeQuestion('physics-waves-02', {
        text: '<p>Name the wave property: ratio = 1:2 # and ~ tilde.</p>',
        markScheme: [{ id: 'a1', text: 'amplitude', kind: 'answer', accept: ['amplitude', 'the amplitude'], reject: ['wavelength'] }],
      }),
      makeQuestion('physics-waves-03', {
        difficulty: 'hard',
        marks: 3,
        text: '<p>Explain how a stationary wave forms on a string.</p>',
        markScheme: [
          { id: 'p1', text: 'a wave reflects at the fixed end; it travels back' },
          { id: 'p2', text: 'the two waves superpose', marks: 2 },
        ],
        hints: ['<p>Think about reflection.</p>', '<p>Then superposition.</p>'],
        modelAnswer: '<p>The wave reflects at the end and travels back.</p>\n<p>The two waves superpose to form nodes and antinodes.</p>',
      }),
      makeQuestion('physics-waves-04', {
        text: '<p>A wave has frequency {{f}} Hz and wavelength 2.0 m. Find its speed.</p>',
        markScheme: [{ id: 'a1', text: 'v = {{v}} m s^-1', kind: 'answer', numeric: { value: 'v', unit: 'm s^-1', tolerance: 0.02 } }],
        modelAnswer: '<p>v = fλ = {{f}} × 2.0 = {{v}} m s^-1</p>',
        template: { variables: { f: { min: 10, max: 90 } }, computed: { v: 'f * 2' } },
      }),
    ].map((q) => bankQuestionSchema.parse(q));
    const topic: ExportTopic = { subject: 'Physics', topic: 'Waves', description: 'Progressive and stationary waves.', questions };
    const result = importGift(exportGift([topic], 5));
    expect(result.errors).toEqual([]);
    const back = topicFileSchema.parse(result.topicFile).questions;
    expect(result.topicFile?.description).toBe('Progressive and stationary waves.');
    expect(back.map((q) => q.id)).toEqual(questions.map((q) => q.id));

    questions.forEach((original, i) => {
      const expected = instantiateQuestion(original, 5);
      const q = back[i];
      expect(q.type).toBe(expected.type);
      expect(q.difficulty).toBe(expected.difficulty);
      expect(q.marks).toBe(expected.marks);
      expect(q.text).toBe(expected.text);
      expect(q.options).toEqual(expected.options);
      expect(q.correctAnswer).toBe(expected.correctAnswer);
      expect(q.hints).toEqual(expected.hints.map((h) => h.replace(/\s*\n\s*/g, ' ')));
      expect(q.modelAnswer).toBe(expected.modelAnswer.replace(/\s*\n\s*/g, ' '));
      expect(q.markScheme.map((p) => [p.text, p.marks])).toEqual(expected.markScheme.map((p) => [p.text, p.marks]));
    });
    expect(back[1].markScheme[0]).toMatchObject({ accept: ['amplitude', 'the amplitude'], reject: ['wavelength'] });
    const v = instantiateQuestion(questions[3], 5).values!.v;
    expect(back[3].markScheme[0].numeric).toMatchObject({ value: v, unit: 'm s^-1' });
    expect(back[3].markScheme[0].numeric?.absTolerance).toBeCloseTo(v * 0.02, 10);
  });
});

describe('importJson', () => {
  const file = {
    subject: 'Physics',
    topic: 'Waves',
    description: 'Waves.',
    questions: [makeQuestion('physics-waves-01'), makeQuestion('physics-waves-02', { marks: 2 })],
  };

  it('validates a topic file question by question', () => {
    const result = importJson(JSON.stringify(file));
    expect(result.topicFile).toBeNull();
    expect(result.errors.map(formatImportError)).toEqual([
      'Question 2 "physics-waves-02": marks (2) must equal the sum of the mark-scheme points (1)',
    ]);
    const ok = importJson(JSON.stringify({ ...file, questions: [file.questions[0]] }), { topic: 'Waves and optics' });
    expect(ok.errors).toEqual([]);
    expect(ok.topicFile?.topic).toBe('Waves and optics');
  });

  it('reads a bundle from exportJson, choosing a topic', () => {
    const topics: ExportTopic[] = [
      { subject: 'Physics', topic: 'Waves', description: 'W.', questions: [bankQuestionSchema.parse(makeQuestion('physics-waves-01'))] },
      { subject: 'Physics', topic: 'Fields', description: 'F.', questions: [bankQuestionSchema.parse(makeQuestion('physics-fields-01'))] },
    ];
    const bundle = exportJson(topics);
    expect(importJson(bundle).errors.map(formatImportError)).toEqual([
      'the bundle has 2 topics ("Waves", "Fields"); pass --topic to choose one',
    ]);
    const fields = importJson(bundle, { topic: 'fields' });
    expect(fields.errors).toEqual([]);
    expect(fields.topicFile?.questions.map((q) => q.id)).toEqual(['physics-fields-01']);
    expect(JSON.parse(exportJson([topics[0]]))).toEqual(JSON.parse(JSON.stringify(topics[0])));
  });

  it('accepts an array of questions with a subject and topic, and reports bad JSON', () => {
    const result = importJson(JSON.stringify(file.questions.slice(0, 1)), { subject: 'Physics', topic: 'Waves' });
    expect(result.errors).toEqual([]);
    expect(result.topicFile?.description).toBe('Waves questions.');
    expect(importJson(JSON.stringify(file.questions.slice(0, 1))).errors.map(formatImportError)).toEqual([
      'no topic: pass --topic',
      'no subject: pass --subject',
    ]);
    expect(importJson('{ nope').errors[0].message).toMatch(/^not valid JSON/);
  });
});

/** A valid template question (kinetic energy); override any field. */
const templated = (id: string, overrides: Record<string, unknown> = {}) => ({
  ...makeQuestion(id, {
    text: '<p>A mass of {{m}} kg moves at {{v}} m s^-1. Find its kinetic energy.</p>',
    markScheme: [{ id: 'a1', text: 'E = {{E:3}} J', kind: 'answer', numeric: { value: 'E', unit: 'J' } }],
    modelAnswer: '<p>E = ½ × {{m}} × {{v}}² = {{E:3}} J</p>',
    template: { variables: { m: { min: 1, max: 10 }, v: { min: 2, max: 20 } }, computed: { E: '0.5 * m * v^2' } },
  }),
  ...overrides,
});
const variables = { m: { min: 1, max: 10 }, v: { min: 2, max: 20 } };
const topicOf = (questions: unknown[]) => JSON.stringify({ subject: 'Physics', topic: 'Mechanics', description: 'M.', questions });

describe('importJson: templates', () => {
  it('instantiates templates and reports each one that cannot be, with the question and what is wrong', () => {
    const result = importJson(
      topicOf([
        templated('physics-mechanics-01'),
        templated('physics-mechanics-02', {
          template: { variables: { ...variables, m: { min: 10, max: 1 } }, computed: { E: '0.5 * m * v^2' } },
        }),
        templated('physics-mechanics-03', { template: { variables, computed: { E: '0.5 * m * v^' } } }),
        templated('physics-mechanics-04', { modelAnswer: '<p>E = {{zz}} J</p>' }),
        templated('physics-mechanics-05', {
          markScheme: [{ id: 'a1', text: 'E = {{E:3}} J', kind: 'answer', numeric: { value: 'E / k', unit: 'J' } }],
        }),
        templated('physics-mechanics-06', { template: { variables, computed: { E: '0.5 * m * v^2' }, constraints: ['m > 20'] } }),
        makeQuestion('physics-mechanics-07', { text: '<p>What is {{x}} plus two, please?</p>' }),
      ]),
    );
    expect(result.topicFile).toBeNull();
    expect(result.errors.map(formatImportError)).toEqual([
      'Question 2 "physics-mechanics-02": template.variables.m.min: min (10) must not be above max (1)',
      'Question 3 "physics-mechanics-03": template.computed.E: syntax error in "0.5 * m * v^": Unexpected end of expression (char 13)',
      'Question 4 "physics-mechanics-04": modelAnswer: unknown placeholder {{zz}}',
      'Question 5 "physics-mechanics-05": markScheme.0.numeric.value: cannot evaluate "E / k": Undefined symbol k',
      'Question 6 "physics-mechanics-06": template: no values satisfied the template after 500 draws (last: constraint "m > 20" failed)',
      'Question 7 "physics-mechanics-07": text: {{x}} is a template placeholder, but the question has no template',
    ]);
    expect(importJson(topicOf([templated('physics-mechanics-01')])).errors).toEqual([]);
  });

  it('says for how many seeds a template fails when only some values break it', () => {
    // E / (m - 5) is infinite for m = 5 only: a problem for a few seeds, not all.
    const question = templated('physics-mechanics-01', {
      markScheme: [{ id: 'a1', text: 'E = {{E:3}} J', kind: 'answer', numeric: { value: 'E / (m - 5)', unit: 'J' } }],
    });
    const [error, ...rest] = importJson(topicOf([question])).errors.map(formatImportError);
    expect(rest).toEqual([]);
    expect(error).toMatch(
      /^Question 1 "physics-mechanics-01": markScheme\.0\.numeric\.value: point a1 numeric value "E \/ \(m - 5\)" is not a finite number \(got Infinity\) \(for \d+ of 50 seeds, e\.g\. seed \d+\)$/,
    );
  });

  it('rejects min above max in the schema', () => {
    const parsed = bankQuestionSchema.safeParse(
      templated('physics-mechanics-01', { template: { variables: { ...variables, v: { min: 3, max: 2.5 } } } }),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['template.variables.v.min', 'min (3) must not be above max (2.5)'],
    ]);
    expect(
      bankQuestionSchema.safeParse(
        templated('physics-mechanics-01', { template: { variables: { ...variables, v: { min: 3, max: 3 } }, computed: { E: 'm * v' } } }),
      ).success,
    ).toBe(true);
  });
});

describe('import: difficulty words', () => {
  it("stores 'challenging' and 'difficult' (any case) as hard from JSON, as drawing a paper reads them", () => {
    const result = importJson(
      topicOf([
        { ...makeQuestion('physics-mechanics-01'), difficulty: 'challenging' },
        { ...makeQuestion('physics-mechanics-02'), difficulty: 'Difficult' },
        { ...makeQuestion('physics-mechanics-03'), difficulty: ' EASY ' },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.topicFile?.questions.map((q) => q.difficulty)).toEqual(['hard', 'hard', 'easy']);
    expect(topicFileSchema.safeParse(result.topicFile).success).toBe(true);
  });

  it("stores 'challenging' and 'difficult' as hard from a GIFT comment or the default difficulty", () => {
    const gift = '// difficulty: challenging\nWhat is the unit of charge? {=coulomb}\n\nWhat is the unit of current? {=ampere}';
    const result = importGift(gift, { subject: 'Physics', topic: 'Electricity', difficulty: 'difficult' });
    expect(result.errors).toEqual([]);
    expect(result.topicFile?.questions.map((q) => q.difficulty)).toEqual(['hard', 'hard']);
  });
});

describe('importJson: every problem of a question at once', () => {
  it('reports the mark and multiple-choice rules and the template alongside a bad field', () => {
    const result = importJson(
      topicOf([
        {
          ...makeMultipleChoice('physics-mechanics-01', { marks: 2, correctAnswer: 'E', options: { A: 'a' } }),
          difficulty: 'impossible',
        },
        { ...templated('physics-mechanics-02', { marks: 3, modelAnswer: '<p>{{zz}}</p>' }), difficulty: 'extreme' },
      ]),
    );
    expect(result.errors.map(formatImportError)).toEqual([
      'Question 1 "physics-mechanics-01": difficulty: Invalid option: expected one of "easy"|"medium"|"hard"',
      'Question 1 "physics-mechanics-01": multiple_choice needs at least 2 options',
      'Question 1 "physics-mechanics-01": multiple_choice needs a correctAnswer that is one of its options',
      'Question 1 "physics-mechanics-01": marks (2) must equal the sum of the mark-scheme points (1)',
      'Question 2 "physics-mechanics-02": difficulty: Invalid option: expected one of "easy"|"medium"|"hard"',
      'Question 2 "physics-mechanics-02": marks (3) must equal the sum of the mark-scheme points (1)',
      'Question 2 "physics-mechanics-02": modelAnswer: unknown placeholder {{zz}}',
    ]);
  });

  it('reports a rule once when zod has already reported it', () => {
    const result = importJson(topicOf([makeQuestion('physics-mechanics-01', { marks: 2 })]));
    expect(result.errors.map(formatImportError)).toEqual([
      'Question 1 "physics-mechanics-01": marks (2) must equal the sum of the mark-scheme points (1)',
    ]);
  });
});
