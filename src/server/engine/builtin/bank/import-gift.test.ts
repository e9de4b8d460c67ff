import { describe, expect, it } from 'vitest';
import { markAnswer } from '../marker/mark-answer';
import { exportGift } from './export-questions';
import { importForCourse } from './import-for-course';
import { giftTopics, importGift, marksForWeights, UNMARKED_ESSAY_NOTE } from './import-gift';
import { topicFileSchema, type BankQuestion } from './schema';

// One question of every kind Moodle writes, in our own words.
const EVERY_KIND = `$CATEGORY: $course$/Physics/Mixed practice

::Describe::Use this section to practise mixed questions.

::Essay::Explain why a satellite in a circular orbit does no work against gravity. {}

::Match::Match each quantity to its SI unit. {
  =force -> newton
  =energy -> joule
  =power -> watt
}

::Prefix::Which prefix means one thousandth? {
  =milli#Right: 10^-3.
  ~micro#No: micro is 10^-6.
  ~kilo#No: kilo is 10^3.
}

::Vectors::Which of these quantities are vectors? {
  ~%50%velocity#Yes: it has a direction.
  ~%50%force
  ~%-100%mass#Mass has no direction.
  ~%-100%energy
}

::Three::What is 3 ± 2? {#3:2~#Completely wrong}

::Range::Give a value between 9.7 and 9.9 for g in m s^-2. {#9.7..9.9}

::Pi::Give pi to three significant figures. {#
  =3.14:0.005
  =%50%3.1:0.05#Only two significant figures.
}

::Wave::Name the property of a wave measured from crest to crest. {
  =wavelength
  =%50%wave length
  =%0%amplitude#Amplitude is measured from the equilibrium line.
}

::Sun::The Sun is a main-sequence star. {T#Look at where it sits on the HR diagram.#Yes: it fuses hydrogen in its core.}

::Escape::In maths, \\{x\\} means the set holding x, and a\\:b is a ratio. Which symbol starts a comment in GIFT? {=// ~\\# ~\\=}

::Safe::[html]<p onclick="steal()">Which particle has no charge?</p><script>alert(1)</script> {=neutron ~proton ~electron}
`;

function imported(source: string) {
  const result = importGift(source, { subject: 'Physics' });
  const file = topicFileSchema.parse(result.topicFile);
  const byTitle = new Map(result.report.imported.map((q) => [q.title, file.questions.find((x) => x.id === q.id)!]));
  return { result, file, byTitle };
}

function mark(q: BankQuestion, answer: string) {
  return markAnswer({
    questionText: q.text,
    type: q.type,
    totalMarks: q.marks,
    markScheme: q.markScheme,
    rules: { groups: q.groups, levels: q.levels, final_answer_full_marks: q.final_answer_full_marks },
    answer,
    options: q.options,
    correctAnswer: q.correctAnswer,
  });
}

describe('importGift: every question type Moodle writes', () => {
  it('imports what it can and reports, question by question, what was imported, changed and skipped', () => {
    const { result, file } = imported(EVERY_KIND);
    expect(result.errors).toEqual([]);
    expect(file.topic).toBe('Mixed practice');
    expect(result.report.imported.map((q) => [q.title, q.type, q.marks])).toEqual([
      ['Match', 'short_answer', 3],
      ['Prefix', 'multiple_choice', 1],
      ['Vectors', 'multiple_choice', 2],
      ['Three', 'short_answer', 1],
      ['Range', 'short_answer', 1],
      ['Pi', 'short_answer', 2],
      ['Wave', 'short_answer', 2],
      ['Sun', 'multiple_choice', 1],
      ['Escape', 'multiple_choice', 1],
      ['Safe', 'multiple_choice', 1],
    ]);
    expect(result.report.skipped.map((n) => [n.title, n.message.split(':')[0]])).toEqual([
      ['Describe', 'a description item (text with no answer block), not a question'],
      ['Essay', 'needs a mark scheme'],
    ]);
    expect(result.report.changed.map((n) => n.title)).toEqual(expect.arrayContaining(['Match', 'Vectors', 'Sun']));
  });

  it('keeps the whole file out with strict, naming every problem', () => {
    const result = importGift(EVERY_KIND, { subject: 'Physics', strict: true });
    expect(result.topicFile).toBeNull();
    expect(result.errors.map((e) => e.title)).toEqual(['Essay']);
  });

  it('turns true/false into a two-option question with its feedback kept', () => {
    const sun = imported(EVERY_KIND).byTitle.get('Sun')!;
    expect(sun).toMatchObject({ options: { A: 'True', B: 'False' }, correctAnswer: 'A' });
    expect(sun.hints).toContain('Look at where it sits on the HR diagram.');
    expect(sun.modelAnswer).toContain('it fuses hydrogen in its core');
    expect(mark(sun, 'A').marks_awarded).toBe(1);
    expect(mark(sun, 'False').marks_awarded).toBe(0);
  });

  it('marks a multiple-response question option by option, a wrong choice cancelling a right one', () => {
    const vectors = imported(EVERY_KIND).byTitle.get('Vectors')!;
    expect(vectors.correctAnswer).toBe('A,B');
    expect(mark(vectors, 'A, B').marks_awarded).toBe(2);
    expect(mark(vectors, 'A').marks_awarded).toBe(1);
    expect(mark(vectors, 'A and B and C').marks_awarded).toBe(1);
    expect(mark(vectors, 'A B C D').marks_awarded).toBe(0);
    expect(mark(vectors, 'velocity and force').marks_awarded).toBe(2);
  });

  it('reads numerical tolerances, ranges, weighted answers and wrong-answer feedback', () => {
    const { byTitle } = imported(EVERY_KIND);
    const three = byTitle.get('Three')!;
    expect(three.markScheme[0].numeric).toEqual({ value: 3, absTolerance: 2 });
    expect(three.hints).toContain('Completely wrong');
    expect(mark(three, '4.5').marks_awarded).toBe(1);
    expect(mark(three, '6').marks_awarded).toBe(0);
    const range = byTitle.get('Range')!;
    expect(range.markScheme[0].numeric?.value).toBeCloseTo(9.8);
    expect(range.markScheme[0].numeric?.absTolerance).toBeCloseTo(0.1);
    const pi = byTitle.get('Pi')!;
    expect(pi.groups).toEqual([{ id: 'g1', max: 2 }]);
    expect(pi.markScheme.map((p) => [p.marks, p.numeric?.value])).toEqual([
      [2, 3.14],
      [1, 3.1],
    ]);
    expect(mark(pi, '3.14').marks_awarded).toBe(2);
    expect(mark(pi, '3.1').marks_awarded).toBe(1);
    expect(pi.hints).toContain('Only two significant figures.');
  });

  it('gives partial-credit short answers lesser points and keeps wrong answers as rejects', () => {
    const wave = imported(EVERY_KIND).byTitle.get('Wave')!;
    expect(wave.marks).toBe(2);
    expect(wave.markScheme.map((p) => [p.text, p.marks, p.reject])).toEqual([
      ['wavelength', 2, ['amplitude']],
      ['wave length', 1, []],
    ]);
  });

  it('makes each matching pair a point', () => {
    const match = imported(EVERY_KIND).byTitle.get('Match')!;
    expect(match.markScheme.map((p) => p.text)).toEqual(['force: newton', 'energy: joule', 'power: watt']);
    expect(match.text).toContain('<li>force</li>');
  });

  it('undoes escapes and sanitises HTML', () => {
    const { byTitle } = imported(EVERY_KIND);
    const escape = byTitle.get('Escape')!;
    expect(escape.text).toContain('{x}');
    expect(escape.text).toContain('a:b');
    expect(escape.options).toEqual({ A: '//', B: '#', C: '=' });
    const safe = byTitle.get('Safe')!;
    expect(safe.text).not.toMatch(/script|onclick|alert/);
    expect(safe.text).toContain('Which particle has no charge?');
  });

  it('lists every category of a file as a topic', () => {
    const two = `$CATEGORY: Physics/Waves\n\nWhat is the unit of frequency? {=hertz}\n\n$CATEGORY: Physics/Electricity\n\nWhat is the unit of charge? {=coulomb}`;
    expect(giftTopics(two)).toEqual(['Waves', 'Electricity']);
  });
});

describe('marksForWeights', () => {
  it('finds the smallest whole-mark total for the weights', () => {
    expect(marksForWeights([100, 50])).toEqual({ total: 2, marks: [2, 1], exact: true });
    expect(marksForWeights([50, 50])).toEqual({ total: 2, marks: [1, 1], exact: true });
    expect(marksForWeights([33.33333, 33.33333, 33.33333])).toEqual({ total: 3, marks: [1, 1, 1], exact: true });
    expect(marksForWeights([100, 37]).exact).toBe(false);
  });
});

describe('GIFT round trip of the mark-scheme structure', () => {
  it('carries kinds, dependencies, ECF, groups, levels and the final-answer rule in a // scheme: comment', () => {
    const question: BankQuestion = topicFileSchema.parse({
      subject: 'Physics',
      topic: 'Motion',
      description: 'Motion.',
      questions: [
        {
          id: 'physics-motion-01',
          type: 'short_answer',
          difficulty: 'medium',
          marks: 4,
          text: '<p>A car accelerates from rest at 2.0 m s^-2 for 5.0 s. Find its final speed and the distance it travels.</p>',
          markScheme: [
            { id: 'm1', text: 'v = u + at', kind: 'M', skill: 'calculation-method' },
            { id: 'a1', text: 'v = 10 m s^-1', kind: 'A', depends_on: 'm1', numeric: { value: 10, unit: 'm s^-1' } },
            { id: 'a2', text: 's = 25 m', kind: 'A', ecf: true, ecf_formula: 'a1 * 2.5', numeric: { value: 25, unit: 'm' } },
            { id: 'b1', text: 'states the car starts from rest', group: 'g1' },
          ],
          groups: [{ id: 'g1', max: 1 }],
          final_answer_full_marks: true,
          modelAnswer: '<p>v = 0 + 2.0 × 5.0 = 10 m s^-1; s = ½ × 10 × 5.0 = 25 m.</p>',
          hints: ['<p>Use v = u + at.</p>'],
        },
      ],
    }).questions[0];
    const back = importGift(exportGift([{ subject: 'Physics', topic: 'Motion', description: 'Motion.', questions: [question] }]));
    expect(back.errors).toEqual([]);
    const [q] = topicFileSchema.parse(back.topicFile).questions;
    expect(q.marks).toBe(4);
    expect(q.groups).toEqual([{ id: 'g1', max: 1 }]);
    expect(q.final_answer_full_marks).toBe(true);
    expect(q.markScheme.map((p) => [p.id, p.kind, p.depends_on, p.ecf, p.ecf_formula, p.group, p.skill])).toEqual([
      ['m1', 'M', undefined, undefined, undefined, undefined, 'calculation-method'],
      ['a1', 'A', 'm1', undefined, undefined, undefined, undefined],
      ['a2', 'A', undefined, true, 'a1 * 2.5', undefined, undefined],
      ['b1', 'B', undefined, undefined, undefined, 'g1', undefined],
    ]);
  });
});

describe('importForCourse: an essay without a mark scheme', () => {
  it('is imported flagged "needs a mark scheme", with an empty scheme and 1 mark, and reported as changed', () => {
    const { questions, report } = importForCourse({ format: 'gift', source: EVERY_KIND, subject: 'Physics' });
    const essay = questions.find((q) => q.needsScheme);
    expect(essay).toMatchObject({ type: 'essay', totalMarks: 1, markScheme: [], topic: 'Mixed practice', needsScheme: true });
    expect(essay!.text).toContain('does no work against gravity');
    expect(questions.filter((q) => q.needsScheme)).toHaveLength(1);
    expect(report.imported.find((q) => q.title === 'Essay')).toMatchObject({ type: 'essay', marks: 1, needsScheme: true });
    expect(report.changed.filter((n) => n.title === 'Essay').map((n) => n.message)).toEqual([UNMARKED_ESSAY_NOTE]);
    expect(report.skipped.map((n) => n.title)).toEqual(['Describe']);
  });

  it("takes the file's grade as its marks (Moodle XML defaultgrade)", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="essay">
    <name><text>Long answer</text></name>
    <questiontext format="html"><text><![CDATA[<p>Discuss the evidence for the expanding universe.</p>]]></text></questiontext>
    <defaultgrade>6</defaultgrade>
  </question>
</quiz>`;
    const { questions, report } = importForCourse({ format: 'xml', source: xml, subject: 'Physics' });
    expect(questions).toEqual([expect.objectContaining({ type: 'essay', totalMarks: 6, markScheme: [], needsScheme: true })]);
    expect(report.changed.map((n) => n.message)).toEqual([UNMARKED_ESSAY_NOTE]);
    expect(report.errors).toEqual([]);
  });

  it('is still refused with strict (all or nothing: every question whole and markable)', () => {
    const { questions, report } = importForCourse({ format: 'gift', source: EVERY_KIND, subject: 'Physics', strict: true });
    expect(questions).toEqual([]);
    expect(report.skipped.find((n) => n.title === 'Essay')?.message).toMatch(/^needs a mark scheme/);
  });
});

describe('importForCourse: a GIFT file with bad questions in it', () => {
  // One good question among a malformed one, a number that is not one, a Moodle type GIFT cannot hold (a Cloze gap),
  // and one that is nothing but a script: each skipped with its own message, the good one imported, nothing run.
  const BAD = `::Good::What is the SI unit of frequency? {=hertz =Hz}

::Unclosed::What is the unit of charge? {=coulomb ~ampere

::NotANumber::How many protons has a carbon atom? {#six}

::Cloze::Charge is measured in {1:SHORTANSWER:=coulombs}.

::OnlyScript::[html]<script>document.title = 'hacked'</script><img src="https://example.com/x.png" onerror="alert(1)"> {=yes ~no}
`;

  it('skips each bad question with a clear message of its own and imports the rest', () => {
    const { questions, report } = importForCourse({ format: 'gift', source: BAD, subject: 'Physics' });
    expect(report.imported.map((q) => q.title)).toEqual(['Good']);
    expect(questions).toHaveLength(1);
    expect(report.skipped.map((n) => [n.number, n.title, n.message])).toEqual([
      [2, 'Unclosed', 'the answer block is not closed with }'],
      [3, 'NotANumber', '"six" is not a number'],
      [
        4,
        'Cloze',
        "Moodle's embedded answers (Cloze) questions cannot be imported: Markwell has no equivalent (write each gap as a question of its own)",
      ],
      [
        5,
        'OnlyScript',
        'the question text is empty or too short (at least 10 characters, counted after scripts, event handlers and web images are removed)',
      ],
    ]);
    expect(report.errors).toEqual([]);
    expect(JSON.stringify(questions)).not.toMatch(/script|onerror|hacked|alert/);
  });

  it('imports nothing with strict, naming every bad question', () => {
    const { questions, report } = importForCourse({ format: 'gift', source: BAD, subject: 'Physics', strict: true });
    expect(questions).toEqual([]);
    expect(report.skipped.map((n) => n.title)).toEqual(['Unclosed', 'NotANumber', 'Cloze', 'OnlyScript']);
  });
});
