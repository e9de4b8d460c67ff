import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questionImportResponseSchema } from '../../shared/question-import';
import { IMPORT_MAX_CHARS, IMPORT_TEXT } from '../../shared/question-import-text';
import { PRACTICE_TEXT } from '../../shared/practice-text';
import { courses } from '../db/schema';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// A teacher's own GIFT file into a course of theirs, through the API (PGlite here; the PostgreSQL pass runs it again).
const GIFT = `$CATEGORY: $course$/Physics/Units

::Prefix::Which prefix means one thousandth? {=milli ~micro ~kilo}

::Vectors::Which of these quantities are vectors? {~%50%velocity ~%50%force ~%-100%mass}

::Sun::The Sun is a main-sequence star. {T}

::Describe::Read the next three questions carefully.

::Essay::Explain what is meant by a scalar quantity. {}

::Script::[html]<p onmouseover="steal()">What is the SI unit of charge?</p><script>alert(1)</script> {=coulomb =C}
`;

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let courseId: string;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  courseId = (
    await t.app.inject({ method: 'POST', url: '/api/courses/direct-create', headers: alice.headers, payload: { subject: 'Physics' } })
  ).json().id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, who = alice) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });
const papersOf = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/courses/${id}/question-papers`, headers: alice.headers })).json() as { id: string }[];

describe('POST /api/courses/{id}/import/preview and /import', () => {
  it('previews every question with its type and marks, and what is changed or skipped, storing nothing', async () => {
    const before = await papersOf(courseId);
    const res = await post(`/api/courses/${courseId}/import/preview`, { fileName: 'units.gift', content: GIFT });
    expect(res.statusCode).toBe(200);
    const { report, paper } = questionImportResponseSchema.parse(res.json());
    expect(paper).toBeNull();
    expect(report.imported.map((q) => [q.number, q.title, q.type, q.marks, q.topic])).toEqual([
      [1, 'Prefix', 'multiple_choice', 1, 'Units'],
      [2, 'Vectors', 'multiple_choice', 2, 'Units'],
      [3, 'Sun', 'multiple_choice', 1, 'Units'],
      [5, 'Essay', 'essay', 1, 'Units'],
      [6, 'Script', 'short_answer', 1, 'Units'],
    ]);
    // the essay has no scheme in the file: imported flagged, for its owner to write one (needs-scheme.test.ts)
    expect(report.skipped.map((n) => n.title)).toEqual(['Describe']);
    expect(report.changed.map((n) => n.title)).toEqual(expect.arrayContaining(['Vectors', 'Sun', 'Essay']));
    expect(await papersOf(courseId)).toEqual(before);
  });

  it('imports the questions as a paper that is practised and marked like any other, with its HTML sanitised', async () => {
    const res = await post(`/api/courses/${courseId}/import`, { fileName: 'units.gift', content: GIFT });
    expect(res.statusCode).toBe(201);
    const { paper } = questionImportResponseSchema.parse(res.json());
    expect(paper).toMatchObject({ title: 'Imported: units', totalQuestions: 5, topic: 'Units' });
    const questions = (
      await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper!.id}/questions`, headers: alice.headers })
    ).json();
    expect(questions.map((q: { text: string }) => q.text).join(' ')).not.toMatch(/script|onmouseover|alert/);
    const vectors = questions[1];
    expect(vectors.options).toEqual({ A: 'velocity', B: 'force', C: 'mass' });
    await post('/api/answers/save', { questionId: vectors.id, text: 'A and B', submitted: true });
    const marked = await post('/api/answers/evaluate', { questionId: vectors.id, answer: 'A and B' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ marks_awarded: 2, total_marks: 2 });
  });

  it("keeps imported questions their owner's: another user gets 404 for the course, the paper and the questions", async () => {
    expect((await post(`/api/courses/${courseId}/import/preview`, { fileName: 'units.gift', content: GIFT }, bob)).statusCode).toBe(404);
    const res = await post(`/api/courses/${courseId}/import`, { fileName: 'units.gift', content: GIFT }, bob);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PRACTICE_TEXT.courseNotFound);
    const [paper] = await papersOf(courseId);
    expect((await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper.id}`, headers: bob.headers })).statusCode).toBe(404);
  });

  it('imports nothing with strict when any question has a problem, and says why', async () => {
    const before = await papersOf(courseId);
    const preview = questionImportResponseSchema.parse(
      (await post(`/api/courses/${courseId}/import/preview`, { fileName: 'units.gift', content: GIFT, strict: true })).json(),
    );
    expect(preview.report.imported).toEqual([]);
    expect(preview.report.skipped.map((n) => n.message)).toEqual(expect.arrayContaining([expect.stringMatching(/needs a mark scheme/)]));
    const res = await post(`/api/courses/${courseId}/import`, { fileName: 'units.gift', content: GIFT, strict: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(IMPORT_TEXT.nothingToImport);
    expect(await papersOf(courseId)).toEqual(before);
  });

  it('refuses an empty, oversized or malformed file with a clear message and stores nothing', async () => {
    const before = await papersOf(courseId);
    const empty = await post(`/api/courses/${courseId}/import`, { fileName: 'a.gift', content: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain(IMPORT_TEXT.empty);
    const big = await post(`/api/courses/${courseId}/import/preview`, { fileName: 'a.gift', content: 'x'.repeat(IMPORT_MAX_CHARS + 1) });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain(IMPORT_TEXT.tooLarge);
    // a body beyond the route's byte limit is refused before it is read, with the same message
    const huge = await post(`/api/courses/${courseId}/import`, {
      fileName: 'a.gift',
      content: 'x'.repeat(IMPORT_MAX_CHARS * 3 + 65 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: IMPORT_TEXT.tooLarge });
    // at most 3 bytes a character: a file of IMPORT_MAX_CHARS euro signs (3 bytes each) is not refused for its size
    const accented = await post(`/api/courses/${courseId}/import/preview`, {
      fileName: 'a.gift',
      content: `::Long::${'€'.repeat(IMPORT_MAX_CHARS - 100)} {=oui}`,
    });
    expect(accented.statusCode).toBe(200);
    const json = await post(`/api/courses/${courseId}/import`, { fileName: 'bank.json', content: '{ not json' });
    expect(json.statusCode).toBe(422);
    expect(json.json().message).toMatch(/^not valid JSON/);
    const broken = await post(`/api/courses/${courseId}/import`, { fileName: 'a.gift', content: '::A::Unclosed {=a ~b' });
    expect(broken.statusCode).toBe(422);
    expect(await papersOf(courseId)).toEqual(before);
  });
});

describe('GET /api/question-papers/{id}/export', () => {
  it('exports an imported paper as GIFT and JSON that import back with the same questions, marks and schemes', async () => {
    const [paper] = await papersOf(courseId);
    const gift = await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper.id}/export?format=gift`, headers: alice.headers });
    expect(gift.statusCode).toBe(200);
    expect(gift.headers['content-disposition']).toBe('attachment; filename="imported-units.gift"');
    expect(gift.body).toContain('$CATEGORY: Physics/Units');
    const json = await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper.id}/export?format=json`, headers: alice.headers });
    expect(json.headers['content-type']).toMatch(/^application\/json/);

    for (const [fileName, content] of [
      ['again.gift', gift.body],
      ['again.json', json.body],
    ]) {
      const back = questionImportResponseSchema.parse(
        (await post(`/api/courses/${courseId}/import/preview`, { fileName, content })).json(),
      );
      expect(back.report.skipped).toEqual([]);
      // the essay still waiting for its scheme goes out in GIFT (and comes back flagged), not in the bank's JSON
      expect(back.report.imported.map((q) => [q.type, q.marks, q.needsScheme ?? false])).toEqual([
        ['multiple_choice', 1, false],
        ['multiple_choice', 2, false],
        ['multiple_choice', 1, false],
        ...(fileName.endsWith('.gift') ? [['essay', 1, true]] : []),
        ['short_answer', 1, false],
      ]);
    }
  });

  it('answers 404 for another user and 400 for an unknown format', async () => {
    const [paper] = await papersOf(courseId);
    expect((await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper.id}/export`, headers: bob.headers })).statusCode).toBe(
      404,
    );
    const bad = await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper.id}/export?format=docx`, headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('format must be gift, xml or json');
  });
});

// The same course, a Moodle XML file: recognised by its content, whatever its name.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('pixels')]).toString('base64');
const XML = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Physics/Charge</text></category></question>
  <question type="multichoice">
    <name><text>Carrier</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which particle carries the current in a metal wire? <img src="@@PLUGINFILE@@/wire.png" alt="a wire"></p>]]></text>
      <file name="wire.png" path="/" encoding="base64">${PNG}</file></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Free electrons drift along the wire.</p>]]></text></generalfeedback>
    <penalty>0.3333333</penalty><single>true</single>
    <answer fraction="100" format="html"><text>electron</text><feedback format="html"><text></text></feedback></answer>
    <answer fraction="0" format="html"><text>proton</text><feedback format="html"><text>Protons stay in the nuclei.</text></feedback></answer>
    <answer fraction="0" format="html"><text>neutron</text><feedback format="html"><text></text></feedback></answer>
  </question>
  <question type="numerical">
    <name><text>Charge</text></name>
    <questiontext format="html"><text><![CDATA[<p onclick="steal()">A current of 2.0 A flows for 3.0 s. How much charge passes, in C?</p><script>alert(1)</script>]]></text></questiontext>
    <penalty>0</penalty>
    <answer fraction="100"><text>6</text><tolerance>0.1</tolerance></answer>
  </question>
  <question type="ddwtos">
    <name><text>Drag</text></name>
    <questiontext format="html"><text>Drag the words.</text></questiontext>
  </question>
</quiz>
`;

describe('Moodle XML through the API', () => {
  it('previews and imports a Moodle XML file (found by its content), with images kept, HTML sanitised and a report', async () => {
    const preview = questionImportResponseSchema.parse(
      (await post(`/api/courses/${courseId}/import/preview`, { fileName: 'bank.txt', content: XML })).json(),
    );
    expect(preview.report.imported.map((q) => [q.number, q.title, q.type, q.marks, q.topic])).toEqual([
      [1, 'Carrier', 'multiple_choice', 1, 'Charge'],
      [2, 'Charge', 'short_answer', 1, 'Charge'],
    ]);
    expect(preview.report.changed).toEqual([
      { number: 1, title: 'Carrier', message: "Moodle's penalty for each wrong try (33.3%) is not used: Markwell marks an answer once" },
    ]);
    expect(preview.report.skipped).toEqual([
      {
        number: 3,
        title: 'Drag',
        message: 'Moodle\'s drag and drop into text questions ("ddwtos") cannot be imported: Markwell has no equivalent',
      },
    ]);

    const res = await post(`/api/courses/${courseId}/import`, { fileName: 'charge.xml', content: XML });
    expect(res.statusCode).toBe(201);
    const { paper } = questionImportResponseSchema.parse(res.json());
    expect(paper).toMatchObject({ title: 'Imported: charge', totalQuestions: 2, topic: 'Charge' });
    const questions = (
      await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper!.id}/questions`, headers: alice.headers })
    ).json();
    expect(questions[0].text).toContain(`<img src="data:image/png;base64,${PNG}" alt="a wire" />`);
    expect(questions[1].text).toBe('<p>A current of 2.0 A flows for 3.0 s. How much charge passes, in C?</p>');
    const marked = await post('/api/answers/evaluate', { questionId: questions[1].id, answer: '6.0 C' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ marks_awarded: 1, total_marks: 1 });
  });

  it('exports the paper as Moodle XML that imports back with the same questions and marks', async () => {
    const paper = ((await papersOf(courseId)) as { id: string; title: string }[]).find((p) => p.title === 'Imported: charge')!;
    const xml = await t.app.inject({ method: 'GET', url: `/api/question-papers/${paper.id}/export?format=xml`, headers: alice.headers });
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    expect(xml.headers['content-disposition']).toBe('attachment; filename="imported-charge.xml"');
    expect(xml.body).toContain('<question type="numerical">');
    expect(xml.body).toContain(`<file name="image-1.png" path="/" encoding="base64">${PNG}</file>`);
    const back = questionImportResponseSchema.parse(
      (await post(`/api/courses/${courseId}/import/preview`, { fileName: 'again.xml', content: xml.body, format: 'xml' })).json(),
    );
    expect(back.report.skipped).toEqual([]);
    expect(back.report.changed).toEqual([]);
    // each question keeps its own name from the first file (not q1, q2)
    expect(back.report.imported.map((q) => [q.title, q.type, q.marks, q.topic])).toEqual([
      ['Carrier', 'multiple_choice', 1, 'Charge'],
      ['Charge', 'short_answer', 1, 'Charge'],
    ]);
  });

  it('refuses malformed XML, a DOCTYPE and an oversized file with a clear message, and stores nothing', async () => {
    const before = await papersOf(courseId);
    const broken = await post(`/api/courses/${courseId}/import`, { fileName: 'a.xml', content: XML.replace('</name>', '') });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().message).toMatch(/^not well-formed XML \(line \d+\): Expected closing tag 'name' \(opened in line 5, col 5\)/);
    const preview = questionImportResponseSchema.parse(
      (await post(`/api/courses/${courseId}/import/preview`, { fileName: 'a.xml', content: XML.replace('</name>', '') })).json(),
    );
    expect(preview.report.imported).toEqual([]);
    expect(preview.report.errors).toEqual([broken.json().message]);
    const doctype = XML.replace('<quiz>', '<!DOCTYPE quiz [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<quiz>');
    const xxe = await post(`/api/courses/${courseId}/import`, { fileName: 'a.xml', content: doctype });
    expect(xxe.statusCode).toBe(422);
    expect(xxe.json().message).toContain('DOCTYPE');
    const big = `<?xml version="1.0"?><quiz>${' '.repeat(IMPORT_MAX_CHARS)}</quiz>`;
    const tooBig = await post(`/api/courses/${courseId}/import`, { fileName: 'a.xml', content: big });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toContain(IMPORT_TEXT.tooLarge);
    expect(await papersOf(courseId)).toEqual(before);
  });
});

describe('GET /api/courses/{id}/export', () => {
  type Listed = { type: string; totalMarks: number; topic: string | null; needsScheme?: boolean };
  const exportOf = (id: string, format: string, who = alice) =>
    t.app.inject({ method: 'GET', url: `/api/courses/${id}/export?format=${format}`, headers: who.headers });
  const sorted = (rows: (string | number | boolean)[][]) => [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

  it('exports every question of the course, one category per topic, and the file imports back with the same questions, marks and topics', async () => {
    const stored = (
      await t.app.inject({ method: 'GET', url: `/api/courses/${courseId}/questions`, headers: alice.headers })
    ).json() as Listed[];
    const topics = new Set(stored.map((q) => q.topic));
    expect(topics.size).toBeGreaterThan(1); // the GIFT file's Units and the XML file's Charge at least
    for (const format of ['gift', 'xml'] as const) {
      const file = await exportOf(courseId, format);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="physics-a-level-practice.${format}"`);
      const categories = format === 'gift' ? file.body.match(/^\$CATEGORY: /gm) : file.body.match(/<question type="category">/g);
      expect(categories).toHaveLength(topics.size);
      const back = questionImportResponseSchema.parse(
        (await post(`/api/courses/${courseId}/import/preview`, { fileName: `course.${format}`, content: file.body })).json(),
      );
      expect(back.report.skipped).toEqual([]);
      expect(sorted(back.report.imported.map((q) => [q.type, q.marks, q.topic ?? '', q.needsScheme ?? false]))).toEqual(
        sorted(stored.map((q) => [q.type, q.totalMarks, q.topic ?? '', q.needsScheme ?? false])),
      );
    }
    // JSON, the bank's own format: one topic file named after the course, without the questions still waiting for a scheme
    const json = await exportOf(courseId, 'json');
    expect(json.headers['content-disposition']).toBe('attachment; filename="physics-a-level-practice.json"');
    const back = questionImportResponseSchema.parse(
      (await post(`/api/courses/${courseId}/import/preview`, { fileName: 'course.json', content: json.body })).json(),
    );
    expect(sorted(back.report.imported.map((q) => [q.type, q.marks]))).toEqual(
      sorted(stored.filter((q) => !q.needsScheme).map((q) => [q.type, q.totalMarks])),
    );
  });

  it('answers 404 for another user, 400 for an unknown format and 422 for a course with no questions', async () => {
    const other = await exportOf(courseId, 'gift', bob);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PRACTICE_TEXT.courseNotFound);
    const bad = await exportOf(courseId, 'docx');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('format must be gift, xml or json');
    // every course is created with its first paper: an empty one is made here in the database
    const [empty] = await t.database.db.insert(courses).values({ ownerId: bob.user.id, title: 'Empty', subject: 'Physics' }).returning();
    const res = await exportOf(empty.id, 'gift', bob);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(IMPORT_TEXT.nothingToExport);
  });
});
