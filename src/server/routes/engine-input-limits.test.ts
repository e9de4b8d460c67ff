import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Every text the engine works on has a length cap, checked before any work starts: one character over
 * it is a 400 with a message naming the limit (never a 413, a 500 or minutes of marking).
 */
const over = (n: number) => 'a'.repeat(n + 1);
const pdf = 'JVBERi0xLjQK'; // '%PDF-1.4\n': refused for its length before it is read

const CASES = [
  {
    url: '/api/answers/evaluate',
    payload: { questionId: 'q', answer: over(20_000) },
    message: 'An answer can be at most 20000 characters',
  },
  { url: '/api/answers/save', payload: { questionId: 'q', text: over(20_000) }, message: 'An answer can be at most 20000 characters' },
  { url: '/api/tutor/message', payload: { questionId: 'q', message: over(4000) }, message: 'Keep messages under 4000 characters' },
  { url: '/api/pdf/ask-question', payload: { pdfData: pdf, question: over(2000) }, message: 'Keep the question under 2000 characters' },
  {
    url: '/api/pdf/ask-question',
    payload: { pdfData: pdf, question: 'why?', pdfName: over(200) },
    message: 'A file name can be at most 200 characters',
  },
  { url: '/api/pdf/generate-questions', payload: { pdfData: pdf, subject: over(80) }, message: 'A subject can be at most 80 characters' },
  { url: '/api/courses/direct-create', payload: { subject: over(80) }, message: 'A subject can be at most 80 characters' },
  { url: '/api/question-papers/generate', payload: { courseId: 'c', topic: over(120) }, message: 'A topic can be at most 120 characters' },
  { url: '/api/generate-custom-pdf', payload: { subject: over(80), topic: 'Enzymes' }, message: 'A subject can be at most 80 characters' },
  { url: '/api/generate-custom-pdf', payload: { subject: 'Biology', topic: over(120) }, message: 'A topic can be at most 120 characters' },
  {
    url: '/api/feedback/disagree',
    payload: { questionId: 'q', pointId: 'p', reason: over(1000) },
    message: 'Keep the reason under 1000 characters',
  },
] as const;

describe('length caps on the texts the engine works on', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await buildTestApp();
    headers = (await signUp(t.app)).headers;
  });
  afterAll(async () => t.close());

  for (const c of CASES) {
    const field = Object.entries(c.payload).find(([, v]) => typeof v === 'string' && v.length > 50)![0];
    it(`${c.url}: ${field} one character over the cap → 400 '${c.message}'`, async () => {
      const res = await t.app.inject({ method: 'POST', url: c.url, headers, payload: c.payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: c.message });
    });
  }

  it('the course title and the paper subject, capped without a message of their own, name the field and the limit', async () => {
    const title = await t.app.inject({
      method: 'POST',
      url: '/api/courses/direct-create',
      headers,
      payload: { subject: 'Biology', title: over(120) },
    });
    expect(title.statusCode).toBe(400);
    expect(title.json()).toEqual({ message: 'title can be at most 120 characters' });
    const subject = await t.app.inject({
      method: 'POST',
      url: '/api/question-papers/generate',
      headers,
      payload: { courseId: 'c', topic: 'Cells', subject: over(80) },
    });
    expect(subject.statusCode).toBe(400);
    expect(subject.json()).toEqual({ message: 'subject can be at most 80 characters' });
  });
});
