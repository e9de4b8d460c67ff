import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRACTICE_PAPER_TEXT } from '../../shared/practice-paper-text';
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

  it('needs a signed-in user', async () => {
    expect((await generate(valid, null)).statusCode).toBe(401);
  });
});
