import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_PAPER_TEXT } from '../../shared/practice-paper-text';
import { pdfPageLines } from '../testing/pdf-page-lines';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

const generate = (payload: object, who: { headers: Record<string, string> } | null = alice) =>
  t.app.inject({ method: 'POST', url: '/api/generate-custom-pdf', payload, headers: who?.headers ?? {} });
const valid = {
  subject: 'Biology',
  topic: 'Biological molecules',
  questionCount: 6,
  difficultyLevel: 'medium',
  includeAnswers: false,
  includeMarkScheme: false,
};

describe('POST /api/generate-custom-pdf', () => {
  it('returns a complete printable HTML paper and a file name', async () => {
    const res = await generate(valid);
    expect(res.statusCode, res.body).toBe(200);
    const { filename, html } = res.json();
    expect(filename).toMatch(/^biology-.+-practice-paper\.html$/);
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('</html>');
    expect(html).toContain('@media print');
    expect(html.match(/<section class="question">/g)).toHaveLength(6);
    expect(html).toContain('Biology');
    expect(html).not.toContain('Answer key (for teachers)');
    expect(html).not.toContain('Mark scheme (for teachers)');
  });

  it('adds the answer key and the mark scheme for teachers when asked', async () => {
    const res = await generate({ ...valid, includeAnswers: true, includeMarkScheme: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toContain('Answer key (for teachers)');
    expect(res.json().html).toContain('Mark scheme (for teachers)');
  });

  it('uses the dialog’s defaults (10 questions, medium) for what is not sent', async () => {
    const res = await generate({ subject: 'Chemistry', topic: 'Kinetics' });
    expect(res.statusCode).toBe(200);
    expect(res.json().html).toMatch(/medium · \d+ questions/);
  });

  it('needs both subject and topic, with the spec message', async () => {
    for (const payload of [{ ...valid, subject: '' }, { ...valid, topic: '   ' }, { questionCount: 10 }, { subject: 'Biology' }]) {
      const res = await generate(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PRACTICE_PAPER_TEXT.subjectAndTopicRequired);
    }
  });

  it('keeps to 5–20 questions and easy, medium or hard', async () => {
    for (const questionCount of [4, 21, 7.5]) {
      const res = await generate({ ...valid, questionCount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PRACTICE_PAPER_TEXT.questionCount);
    }
    const res = await generate({ ...valid, difficultyLevel: 'impossible' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PRACTICE_PAPER_TEXT.difficulty);
  });

  it('explains when the offline engine cannot write a paper for the subject', async () => {
    const res = await generate({ ...valid, subject: 'Underwater Basket Weaving' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('AI provider');
  });

  it('refuses a topic the subject lacks, as the course page does, instead of printing another topic (issue 27)', async () => {
    const res = await generate({ ...valid, subject: 'Physics', topic: 'Quantum tunnelling' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/^No questions on 'Quantum tunnelling' yet\. Topics available: .*Electricity/);
  });

  it('needs a signed-in user', async () => {
    expect((await generate(valid, null)).statusCode).toBe(401);
  });
});

describe('GET /api/practice-papers/{code}/pdf (issue 26: the same paper printed again)', () => {
  const questionPages = (pages: { text: string }[][]) =>
    pages
      .flat()
      .map((line) => line.text)
      .filter((line) => !/^(Page \d+ of \d+|Paper code MW-)/.test(line))
      .join('\n')
      .split(/Answer key \(for teachers\)|Mark scheme \(for teachers\)/)[0]
      // the questions' lines, whatever order a heading and its marks label sit in on the line
      .split('\n')
      .filter(Boolean)
      .sort()
      .join('\n');

  const all = (pages: { text: string }[][]) =>
    pages
      .flat()
      .map((line) => line.text)
      .join('\n');

  it('prints a paper again by its code: the student copy and the copy with the key and scheme have the same questions', async () => {
    const first = await generate({ ...valid, format: 'pdf' });
    expect(first.statusCode).toBe(200);
    const code = first.headers['x-paper-code'] as string;
    expect(code).toMatch(/^MW-[A-Z0-9]{6}$/);
    const student = await t.app.inject({ method: 'GET', url: `/api/practice-papers/${code}/pdf`, headers: alice.headers });
    expect(student.statusCode).toBe(200);
    expect(student.headers['content-type']).toContain('application/pdf');
    expect(student.headers['content-disposition']).toContain(`${code.toLowerCase()}.pdf`);
    const teacher = await t.app.inject({
      method: 'GET',
      url: `/api/practice-papers/${code.toLowerCase()}/pdf?include=answers,scheme`,
      headers: alice.headers,
    });
    expect(teacher.statusCode).toBe(200);
    const [original, copy, withScheme] = await Promise.all([first, student, teacher].map((r) => pdfPageLines(r.rawPayload)));
    expect(questionPages(copy)).toBe(questionPages(original));
    expect(questionPages(withScheme)).toBe(questionPages(original));
    expect(all(copy)).not.toContain('Mark scheme (for teachers)');
    expect(all(withScheme)).toContain('Answer key (for teachers)');
    expect(all(withScheme)).toContain('Mark scheme (for teachers)');
    expect(all(withScheme)).toContain(`Paper code ${code}`);
  });

  it('gives the code with the HTML paper too, and prints only your own papers', async () => {
    const res = await generate(valid);
    const code = res.json().code as string;
    expect(res.json().html).toContain(code);
    const bob = await signUp(t.app);
    const other = await t.app.inject({ method: 'GET', url: `/api/practice-papers/${code}/pdf`, headers: bob.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(PRACTICE_PAPER_TEXT.notYours);
    expect((await t.app.inject({ method: 'GET', url: `/api/practice-papers/${code}/pdf` })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: `/api/practice-papers/${code}/pdf?include=everything`, headers: alice.headers });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/practice-papers/not-a-code/pdf', headers: alice.headers })).statusCode).toBe(
      404,
    );
  });
});
