import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { markAnswer } from '../marker/mark-answer';
import type { GeneratedQuestion } from '../../engine';
import { exportMoodleXml } from './export-moodle-xml';
import { importTree, UNMARKED_ESSAY_NOTE } from './import-gift';
import { exportForCourse, importForCourse } from './import-for-course';
import { formatImportError } from './import-questions';
import { instantiateQuestion } from './instantiate';
import { loadBank } from './bank';
import { IMAGE_MAX_BYTES, parseMoodleXml } from './parse-moodle-xml';
import { topicFileSchema, type BankQuestion } from './schema';

// Our own Moodle XML: one question of every type Moodle writes (and some it does not), in our own words.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('a tiny test image')]).toString(
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>').toString('base64');
const HUGE = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(IMAGE_MAX_BYTES + 10)]).toString(
  'base64',
);

const q = (type: string, name: string, inner: string, text = `<p>${name} question text goes here.</p>`, format = 'html') =>
  `  <question type="${type}">
    <name><text>${name}</text></name>
    <questiontext format="${format}"><text><![CDATA[${text}]]></text></questiontext>
    ${inner}
  </question>`;
const ans = (fraction: number, text: string, feedback = '', extra = '') =>
  `<answer fraction="${fraction}" format="html"><text><![CDATA[${text}]]></text>${extra}<feedback format="html"><text>${feedback}</text></feedback></answer>`;

export const EVERY_TYPE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <!-- question: 0  -->
  <question type="category">
    <category><text>$course$/top/Physics/Mixed practice</text></category>
    <info format="html"><text>Forces, waves &amp; units.</text></info>
  </question>
${q('description', 'Describe', '<p>The next questions are about forces and waves.</p>')}
${q(
  'multichoice',
  'Prefix',
  `<generalfeedback format="html"><text><![CDATA[<p>Milli means one thousandth: 10<sup>-3</sup>.</p>]]></text></generalfeedback>
    <defaultgrade>1.0000000</defaultgrade><penalty>0.3333333</penalty><hidden>0</hidden>
    <single>true</single><shuffleanswers>true</shuffleanswers><answernumbering>abc</answernumbering>
    ${ans(100, '<p>milli</p>', 'Right.')}
    ${ans(0, '<p>micro</p>', 'No: micro is a millionth.')}
    ${ans(0, '<p>kilo</p>')}
    <hint format="html"><text><![CDATA[<p>Think of millimetres in a metre.</p>]]></text></hint>`,
  `<p>Which prefix means one thousandth? <img src="@@PLUGINFILE@@/ruler%20scale.png" alt="a ruler"> <img src="@@PLUGINFILE@@/bad.svg" alt="x"> <img src="https://example.com/x.png"></p>`,
).replace(
  '</text></questiontext>',
  `</text><file name="ruler scale.png" path="/" encoding="base64">${PNG}</file><file name="bad.svg" path="/" encoding="base64">${SVG}</file></questiontext>`,
)}
${q(
  'multichoice',
  'Vectors',
  `<defaultgrade>2</defaultgrade><penalty>0</penalty><single>false</single>
    ${ans(50, 'velocity', 'Yes: it has a direction.')}
    ${ans(50, 'force')}
    ${ans(-100, 'mass', 'Mass has no direction.')}
    ${ans(-100, 'energy')}`,
  '<p>Which of these quantities are vectors?</p>',
)}
${q(
  'truefalse',
  'Sun',
  `<penalty>1</penalty>
    ${ans(100, 'true', 'Yes: it fuses hydrogen in its core.')}
    ${ans(0, 'false', 'Look at where it sits on the HR diagram.')}`,
  'The Sun is a main-sequence star.',
  'plain_text',
)}
${q(
  'shortanswer',
  'Wave',
  `<penalty>0</penalty><usecase>1</usecase>
    ${ans(100, 'wavelength')}
    ${ans(50, 'wave*length')}
    ${ans(0, 'amplitude', 'Amplitude is measured from the equilibrium line.')}`,
  '<p>Name the property of a wave measured from crest to crest.</p>',
)}
${q(
  'numerical',
  'Pi',
  `<penalty>0</penalty>
    ${ans(100, '3.14', '', '<tolerance>0.005</tolerance>')}
    ${ans(50, '3.1', 'Only two significant figures.', '<tolerance>0.05</tolerance>')}
    ${ans(0, '*', 'Completely wrong.')}`,
  '<p>Give pi to three significant figures.</p>',
)}
${q(
  'numerical',
  'Gravity',
  `<penalty>0</penalty>
    ${ans(100, '9.8', '', '<tolerance>0.1</tolerance>')}
    <units><unit><multiplier>1</multiplier><unit_name>m s^-2</unit_name></unit><unit><multiplier>100</multiplier><unit_name>cm s^-2</unit_name></unit></units>`,
  'What is *g* at the surface of the Earth?',
  'markdown',
)}
${q(
  'matching',
  'Units',
  `<penalty>0</penalty><defaultgrade>1</defaultgrade>
    <subquestion format="html"><text><![CDATA[<p>force</p>]]></text><answer><text>newton</text></answer></subquestion>
    <subquestion format="html"><text><![CDATA[<p>energy</p>]]></text><answer><text>joule</text></answer></subquestion>
    <subquestion format="html"><text><![CDATA[<p>power</p>]]></text><answer><text>watt</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>pascal</text></answer></subquestion>`,
  '<p>Match each quantity to its SI unit.</p>',
)}
${q('essay', 'Essay', '<responseformat>editor</responseformat><graderinfo format="html"><text></text></graderinfo>')}
${q('calculated', 'Calculated', '<answer fraction="100"><text>{a}*{b}</text></answer>')}
${q('multianswer', 'Cloze', '')}
${q(
  'shortanswer',
  'Script',
  `<penalty>0</penalty><generalfeedback format="html"><text><![CDATA[<p onclick="x()">The coulomb.</p><script>steal()</script>]]></text></generalfeedback>
    ${ans(100, 'coulomb')}
    ${ans(100, 'C')}`,
  '<p onmouseover="steal()">What is the SI unit of charge?</p><script>alert(1)</script><iframe src="https://example.com"></iframe>',
)}
</quiz>
`;

function imported(source: string, options: { strict?: boolean } = {}) {
  const result = importTree(parseMoodleXml(source), { subject: 'Physics', ...options });
  const file = result.topicFile ? topicFileSchema.parse(result.topicFile) : null;
  const byTitle = new Map(result.report.imported.map((r) => [r.title, file!.questions.find((x) => x.id === r.id)!]));
  return { result, file, byTitle };
}

function mark(question: BankQuestion, answer: string) {
  return markAnswer({
    questionText: question.text,
    type: question.type,
    totalMarks: question.marks,
    markScheme: question.markScheme,
    rules: { groups: question.groups, levels: question.levels, final_answer_full_marks: question.final_answer_full_marks },
    answer,
    options: question.options,
    correctAnswer: question.correctAnswer,
  });
}

const notesFor = (result: ReturnType<typeof imported>['result'], title: string) =>
  result.report.changed.filter((n) => n.title === title).map((n) => n.message);

describe('Moodle XML import: every question type', () => {
  it('imports what it can and reports, question by question, what was imported, changed and skipped', () => {
    const { result, file } = imported(EVERY_TYPE);
    expect(result.errors).toEqual([]);
    expect(file!.topic).toBe('Mixed practice');
    expect(file!.description).toBe('Forces, waves & units.');
    expect(result.report.imported.map((r) => [r.number, r.title, r.type, r.marks])).toEqual([
      [2, 'Prefix', 'multiple_choice', 1],
      [3, 'Vectors', 'multiple_choice', 2],
      [4, 'Sun', 'multiple_choice', 1],
      [5, 'Wave', 'short_answer', 2],
      [6, 'Pi', 'short_answer', 2],
      [7, 'Gravity', 'short_answer', 1],
      [8, 'Units', 'short_answer', 3],
      [12, 'Script', 'short_answer', 1],
    ]);
    expect(result.report.skipped.map((n) => [n.number, n.title, n.message])).toEqual([
      [1, 'Describe', 'a description item (text with no answer block), not a question'],
      [9, 'Essay', expect.stringMatching(/^needs a mark scheme/)],
      [10, 'Calculated', 'Moodle\'s calculated questions ("calculated") cannot be imported: Markwell has no equivalent'],
      [11, 'Cloze', 'Moodle\'s embedded answers (Cloze) questions ("multianswer") cannot be imported: Markwell has no equivalent'],
    ]);
    // each question's line in the file, for the report
    expect(result.report.skipped[2].line).toBe(EVERY_TYPE.split('\n').findIndex((l) => l.includes('type="calculated"')) + 1);
  });

  it('reports the penalty, case sensitivity, extra units and marks the file gave as changes', () => {
    const { result } = imported(EVERY_TYPE);
    expect(notesFor(result, 'Prefix')).toContain("Moodle's penalty for each wrong try (33.3%) is not used: Markwell marks an answer once");
    expect(notesFor(result, 'Sun')).toContain("Moodle's penalty for each wrong try (100%) is not used: Markwell marks an answer once");
    expect(notesFor(result, 'Vectors').some((m) => /penalty/.test(m))).toBe(false);
    expect(notesFor(result, 'Wave')).toContain("case-sensitive in Moodle: Markwell's marker ignores case");
    expect(notesFor(result, 'Gravity')).toContain('only the unit m s^-2 kept (not cm s^-2)');
    expect(notesFor(result, 'Units')).toContain('worth 3 marks here (1 in the file): marks come from the answers');
  });

  it('keeps strict all or nothing, naming every problem', () => {
    const { result } = imported(EVERY_TYPE, { strict: true });
    expect(result.topicFile).toBeNull();
    expect(result.errors.map((e) => e.title)).toEqual(['Calculated', 'Cloze', 'Essay']);
  });

  it('reads single-answer multiple choice with per-answer feedback, the general feedback and hints', () => {
    const prefix = imported(EVERY_TYPE).byTitle.get('Prefix')!;
    expect(prefix.options).toEqual({ A: 'milli', B: 'micro', C: 'kilo' });
    expect(prefix.correctAnswer).toBe('A');
    expect(prefix.modelAnswer).toBe('<p>Milli means one thousandth: 10<sup>-3</sup>.</p>');
    expect(prefix.hints).toEqual(['<p>Think of millimetres in a metre.</p>', 'If you chose B: No: micro is a millionth.']);
    expect(mark(prefix, 'A').marks_awarded).toBe(1);
    expect(mark(prefix, 'B').marks_awarded).toBe(0);
  });

  it('keeps embedded PNG images as data: URLs and leaves out SVG and web images, saying so', () => {
    const { result, byTitle } = imported(EVERY_TYPE);
    const text = byTitle.get('Prefix')!.text;
    expect(text).toContain(`<img src="data:image/png;base64,${PNG}" alt="a ruler" />`);
    expect(text).not.toMatch(/svg|example\.com|@@PLUGINFILE@@/);
    expect(notesFor(result, 'Prefix')).toEqual(
      expect.arrayContaining([
        'image bad.svg left out: only PNG, JPEG, GIF and WebP images are kept',
        'an image that is not in the file (a web address) left out',
      ]),
    );
  });

  it('leaves out an image over the size limit', () => {
    const big = EVERY_TYPE.replace(`>${PNG}</file>`, `>${HUGE}</file>`);
    const { result, byTitle } = imported(big);
    expect(byTitle.get('Prefix')!.text).not.toContain('<img');
    expect(notesFor(result, 'Prefix')).toContain(`image ruler scale.png left out: it is 513 KB; the limit is 512 KB`);
  });

  it('marks a multiple-response question option by option', () => {
    const vectors = imported(EVERY_TYPE).byTitle.get('Vectors')!;
    expect(vectors.correctAnswer).toBe('A,B');
    expect(mark(vectors, 'A, B').marks_awarded).toBe(2);
    expect(mark(vectors, 'A and B and C').marks_awarded).toBe(1);
    expect(vectors.hints).toContain('If you chose C: Mass has no direction.');
  });

  it('turns true/false (plain text) into a two-option question with its feedback', () => {
    const sun = imported(EVERY_TYPE).byTitle.get('Sun')!;
    expect(sun.text).toBe('<p>The Sun is a main-sequence star.</p>');
    expect(sun).toMatchObject({ options: { A: 'True', B: 'False' }, correctAnswer: 'A' });
    expect(sun.hints).toContain('Look at where it sits on the HR diagram.');
    expect(sun.modelAnswer).toContain('it fuses hydrogen in its core');
  });

  it('reads weighted short answers, wildcards and rejects', () => {
    const { result, byTitle } = imported(EVERY_TYPE);
    const wave = byTitle.get('Wave')!;
    expect(wave.markScheme.map((p) => [p.text, p.marks, p.reject])).toEqual([
      ['wavelength', 2, ['amplitude']],
      ['wave length', 1, []],
    ]);
    expect(notesFor(result, 'Wave')).toContain('`*` wildcards removed: the marker judges the wording around them');
    expect(mark(wave, 'wavelength').marks_awarded).toBe(2);
  });

  it('reads numerical answers with tolerances, weights, the catch-all feedback, units and Markdown text', () => {
    const { byTitle } = imported(EVERY_TYPE);
    const pi = byTitle.get('Pi')!;
    expect(pi.markScheme.map((p) => [p.marks, p.numeric])).toEqual([
      [2, { value: 3.14, absTolerance: 0.005 }],
      [1, { value: 3.1, absTolerance: 0.05 }],
    ]);
    expect(pi.hints).toEqual(expect.arrayContaining(['Completely wrong.', 'Only two significant figures.']));
    expect(mark(pi, '3.14').marks_awarded).toBe(2);
    expect(mark(pi, '3.1').marks_awarded).toBe(1);
    const gravity = byTitle.get('Gravity')!;
    expect(gravity.text).toBe('<p>What is <em>g</em> at the surface of the Earth?</p>');
    expect(gravity.markScheme[0].numeric).toEqual({ value: 9.8, absTolerance: 0.1, unit: 'm s^-2' });
  });

  it('makes each matching pair a point, the empty subquestion a distractor', () => {
    const units = imported(EVERY_TYPE).byTitle.get('Units')!;
    expect(units.markScheme.map((p) => p.text)).toEqual(['force: newton', 'energy: joule', 'power: watt']);
    expect(units.text).toContain('Match each item to one of: joule; newton; pascal; watt.');
  });

  it('sanitises HTML: no script, handler or frame survives in the text or the model answer', () => {
    const script = imported(EVERY_TYPE).byTitle.get('Script')!;
    expect(script.text).toBe('<p>What is the SI unit of charge?</p>');
    expect(script.modelAnswer).toBe('<p>The coulomb.</p>');
    expect(script.markScheme[0].accept).toEqual(['coulomb', 'C']);
  });
});

describe('Moodle XML import: a file that cannot be read', () => {
  it('refuses malformed XML with the line, and imports nothing', () => {
    const broken = EVERY_TYPE.replace('<name><text>Vectors</text></name>', '<name><text>Vectors</name>');
    const parsed = parseMoodleXml(broken);
    expect(parsed.fileErrors).toEqual([expect.stringMatching(/^not well-formed XML \(line \d+\): /)]);
    expect(parsed.questions).toEqual([]);
    const { questions, report } = importForCourse({ format: 'xml', source: broken, subject: 'Physics' });
    expect(questions).toEqual([]);
    expect(report.imported).toEqual([]);
    expect(report.errors).toEqual(parsed.fileErrors);
  });

  it('refuses a DOCTYPE (no entity is ever expanded, no external file read)', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY secret SYSTEM "file:///etc/passwd">]><quiz><question type="essay"><name><text>&secret;</text></name></question></quiz>`;
    expect(parseMoodleXml(xxe).fileErrors).toEqual([
      'the file has a DOCTYPE or entity declaration, which a Moodle XML file never needs: refused',
    ]);
  });

  it('refuses XML that is not a Moodle quiz, and a quiz with no questions', () => {
    expect(parseMoodleXml('<?xml version="1.0"?><html><body/></html>').fileErrors).toEqual([
      'not a Moodle XML question file: its root element must be <quiz>',
    ]);
    expect(parseMoodleXml('<quiz></quiz>').fileErrors).toEqual(['the file holds no <question> elements']);
  });

  it('reports a question it cannot read (a number that is not one) and imports the rest', () => {
    const bad = EVERY_TYPE.replace('<text><![CDATA[9.8]]></text>', '<text><![CDATA[nine]]></text>');
    const { result } = imported(bad);
    expect(result.report.skipped.find((n) => n.title === 'Gravity')?.message).toBe('"nine" is not a number');
    expect(result.report.imported).toHaveLength(7);
  });
});

const sameQuestion = (q: GeneratedQuestion) => [
  q.type,
  q.totalMarks,
  q.text,
  q.options,
  q.correctAnswer,
  q.markScheme,
  q.schemeRules,
  q.modelAnswer,
  q.hints,
  q.topic,
  q.needsScheme ?? false,
];

describe('Moodle XML round trip', () => {
  it('exports imported questions as Moodle XML, GIFT and JSON that import back with the same questions, marks and schemes', () => {
    const first = importForCourse({ format: 'xml', source: EVERY_TYPE, subject: 'Physics' });
    // the essay without a scheme comes in flagged (empty scheme, the file's grade) and goes out and back the same
    expect(first.questions).toHaveLength(9);
    expect(first.questions.filter((q) => q.needsScheme).map((q) => [q.type, q.markScheme])).toEqual([['essay', []]]);
    const exported = (format: 'xml' | 'gift' | 'json') =>
      exportForCourse({
        format,
        subject: 'Physics',
        topic: 'Mixed practice',
        description: 'Forces, waves & units.',
        difficulty: 'medium',
        questions: first.questions.map((q, i) => ({ ...q, id: `q${i + 1}` })),
      });
    const xml = exported('xml');
    expect(xml).toMatchObject({ contentType: 'application/xml; charset=utf-8', extension: 'xml' });
    const again = importForCourse({ format: 'xml', source: xml.content, subject: 'Physics' });
    expect(again.report.skipped).toEqual([]);
    expect(again.report.changed.map((n) => n.message)).toEqual([UNMARKED_ESSAY_NOTE]);
    expect(again.questions.map(sameQuestion)).toEqual(first.questions.map(sameQuestion));
    // JSON is the bank's own format, whose questions all have a scheme: only the markable ones go round it
    const markable = first.questions.filter((q) => !q.needsScheme);
    const jsonFile = exportForCourse({
      format: 'json',
      subject: 'Physics',
      topic: 'Mixed practice',
      description: 'Forces, waves & units.',
      difficulty: 'medium',
      questions: markable.map((q, i) => ({ ...q, id: `q${i + 1}` })),
    });
    const json = importForCourse({ format: 'json', source: jsonFile.content, subject: 'Physics' });
    expect(json.questions.map((q) => sameQuestion({ ...q, topic: 'Mixed practice' }))).toEqual(markable.map(sameQuestion));
    // GIFT holds the same questions and marks (its own round trip is import-gift.test.ts's)
    const gift = importForCourse({ format: 'gift', source: exported('gift').content, subject: 'Physics' });
    expect(gift.questions.map((q) => [q.type, q.totalMarks, q.options, q.correctAnswer])).toEqual(
      first.questions.map((q) => [q.type, q.totalMarks, q.options, q.correctAnswer]),
    );
  });

  it('writes what Moodle reads: native types, the image as a file, no penalty; without the markwell comments (as Moodle re-exports) the same types and marks', () => {
    const first = importForCourse({ format: 'xml', source: EVERY_TYPE, subject: 'Physics' });
    const xml = exportForCourse({
      format: 'xml',
      subject: 'Physics',
      topic: 'Mixed practice',
      description: 'Mixed.',
      difficulty: 'medium',
      questions: first.questions.map((q, i) => ({ ...q, id: `q${i + 1}` })),
    }).content;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n')).toBe(true);
    expect(xml).toContain('<category><text>$course$/top/Physics/Mixed practice</text></category>');
    expect([...xml.matchAll(/<question type="(\w+)">/g)].map((m) => m[1])).toEqual([
      'category',
      'multichoice',
      'multichoice',
      'truefalse',
      'essay',
      'essay',
      'numerical',
      'essay',
      'essay',
      'shortanswer',
    ]);
    expect(xml).toContain(`<file name="image-1.png" path="/" encoding="base64">${PNG}</file>`);
    expect(xml).toContain('src="@@PLUGINFILE@@/image-1.png"');
    const plain = xml.replace(/<!-- markwell: .*? -->/g, '');
    expect(plain).not.toContain('markwell');
    const back = importForCourse({ format: 'xml', source: plain, subject: 'Physics' });
    // without Markwell's scheme, an essay's points come back from the grader information (where Moodle keeps them);
    // the essay that had none comes in flagged, to have one written; the native types come back with the same marks
    expect(back.report.imported.filter((r) => r.needsScheme).map((r) => r.type)).toEqual(['essay']);
    // names kept through the round trip; the marks the same
    expect(back.report.imported.filter((r) => !r.needsScheme).map((r) => [r.title, r.type, r.marks])).toEqual([
      ['Prefix', 'multiple_choice', 1],
      ['Vectors', 'multiple_choice', 2],
      ['Sun', 'multiple_choice', 1],
      ['Wave', 'essay', 2],
      ['Pi', 'essay', 2],
      ['Gravity', 'short_answer', 1],
      ['Units', 'essay', 3],
      ['Script', 'short_answer', 1],
    ]);
    expect(back.report.skipped).toEqual([]);
    expect(back.report.changed.filter((n) => n.message === UNMARKED_ESSAY_NOTE)).toHaveLength(1);
  });

  it('keeps the markwell comment a valid XML comment when the scheme holds "--" or "]]>"', () => {
    const question = topicFileSchema.parse({
      subject: 'Physics',
      topic: 'Signs',
      description: 'Signs.',
      questions: [
        {
          id: 'physics-signs-01',
          type: 'short_answer',
          difficulty: 'easy',
          marks: 1,
          text: '<p>What does the arrow --&gt; mean in a flow chart? (not ]]&gt; text)</p>',
          markScheme: [{ id: 'a1', text: 'leads to -- the next step', accept: ['-->', 'next ]]> step'] }],
          modelAnswer: '<p>It leads to -- the next step.</p>',
          hints: ['<p>Follow the arrow.</p>'],
        },
      ],
    }).questions[0];
    const xml = exportMoodleXml([{ subject: 'Physics', topic: 'Signs', description: 'Signs.', questions: [question] }]);
    expect(XMLValidator.validate(xml)).toBe(true);
    for (const comment of xml.match(/<!--([\s\S]*?)-->/g)!) expect(comment.slice(4, -3)).not.toContain('--');
    const back = importTree(parseMoodleXml(xml));
    expect(back.errors).toEqual([]);
    expect(topicFileSchema.parse(back.topicFile).questions).toEqual([question]);
  });

  it('exports every bank topic to Moodle XML and imports it back with the same questions, marks and schemes', () => {
    const bank = loadBank();
    const topics = bank.subjects.flatMap((s) => s.topics);
    expect(topics.length).toBeGreaterThan(10);
    for (const topic of topics) {
      const result = importTree(parseMoodleXml(exportMoodleXml([topic], 3)));
      expect(result.errors.map(formatImportError), topic.file).toEqual([]);
      expect(result.report.changed, topic.file).toEqual([]);
      const back = topicFileSchema.parse(result.topicFile);
      expect([back.subject, back.topic, back.description]).toEqual([topic.subject, topic.topic, topic.description]);
      // exam boards' specification tags are the bank's own (issue 31): Moodle XML does not carry them
      const withoutSpec = topic.questions.map(({ spec: _spec, ...x }) => instantiateQuestion(x, 3));
      const expected = topicFileSchema.parse({ ...topic, questions: withoutSpec }).questions;
      expect(back.questions, topic.file).toEqual(expected);
    }
  });
});
