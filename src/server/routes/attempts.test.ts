import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaperResults } from '../../shared/attempts';
import type { Paper } from '../../shared/practice';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let course: { id: string; paper: { id: string } };

type Q = { id: string; type: string; totalMarks: number; questionNumber: number; options: Record<string, string> | null };

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/courses/direct-create',
    headers: alice.headers,
    payload: { subject: 'Physics' },
  });
  expect(res.statusCode).toBe(201);
  course = res.json();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: object, who = alice) => t.app.inject({ method: 'POST', url, payload, headers: who.headers });

async function questionsOf(paperId: string): Promise<Q[]> {
  const res = await get(`/api/question-papers/${paperId}/questions`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('finishing a paper', () => {
  it('shows progress on the paper before anything is answered', async () => {
    const paper: Paper = (await get(`/api/question-papers/${course.paper.id}`)).json();
    const qs = await questionsOf(course.paper.id);
    expect(paper.progress).toMatchObject({ answered: 0, submitted: 0, marksAwarded: 0, finished: false, elapsedSeconds: 0 });
    expect(paper.progress?.nextQuestionId).toBe(qs[0].id);
    expect(paper.progress?.totalMarks).toBe(qs.reduce((s, q) => s + q.totalMarks, 0));
  });

  it('keeps the timer on the server, never winding it back', async () => {
    const url = `/api/question-papers/${course.paper.id}/elapsed`;
    expect((await post(url, { elapsedSeconds: 95 })).json()).toEqual({ elapsedSeconds: 95 });
    expect((await post(url, { elapsedSeconds: 40 })).json()).toEqual({ elapsedSeconds: 95 });
    expect((await post(url, { elapsedSeconds: -1 })).statusCode).toBe(400);
    const paper: Paper = (await get(`/api/question-papers/${course.paper.id}`)).json();
    expect(paper.progress?.elapsedSeconds).toBe(95);
  });

  it('marks every unsubmitted answer on finish, scores blanks as nothing, and returns the results', async () => {
    const qs = await questionsOf(course.paper.id);
    // A draft on the first two questions (one submitted already), nothing on the rest.
    const [first, second] = qs;
    const answerFor = (q: Q) =>
      q.type === 'multiple_choice' ? Object.keys(q.options ?? { A: '' })[0] : 'The force is proportional to the extension.';
    expect((await post('/api/answers/save', { questionId: first.id, text: answerFor(first), submitted: false })).statusCode).toBe(200);
    expect(
      (await post('/api/answers/save', { questionId: second.id, text: answerFor(second), submitted: true, timeSpentSeconds: 30 }))
        .statusCode,
    ).toBe(200);

    const before: Paper = (await get(`/api/question-papers/${course.paper.id}`)).json();
    expect(before.progress).toMatchObject({ answered: 2, submitted: 1 });
    expect(before.progress?.nextQuestionId).toBe(qs[2].id);

    const res = await post(`/api/question-papers/${course.paper.id}/finish`, { elapsedSeconds: 120 });
    expect(res.statusCode).toBe(200);
    const results: PaperResults = res.json();
    expect(results.finished).toBe(true);
    expect(results.finishedAt).toBeTruthy();
    expect(results.elapsedSeconds).toBe(120);
    expect(results.questionCount).toBe(qs.length);
    expect(results.answered).toBe(2);
    expect(results.totalMarks).toBe(qs.reduce((s, q) => s + q.totalMarks, 0));
    const [r1, r2, r3] = results.questions;
    expect(r1.submitted).toBe(true);
    expect(r1.feedback).not.toBeNull();
    expect(r2.feedback).not.toBeNull();
    expect(r2.timeSpentSeconds).toBe(30);
    expect(r3).toMatchObject({ answerText: '', submitted: false, marksAwarded: null, feedback: null });
    const sum = results.questions.reduce((s, q) => s + (q.marksAwarded ?? 0), 0);
    expect(results.marksAwarded).toBeCloseTo(sum, 5);
    expect(results.percentage).toBeCloseTo((100 * results.marksAwarded) / results.totalMarks, 0);

    const again: PaperResults = (await get(`/api/question-papers/${course.paper.id}/results`)).json();
    expect(again).toMatchObject({ finished: true, marksAwarded: results.marksAwarded, finishedAt: results.finishedAt });
    const after: Paper = (await get(`/api/question-papers/${course.paper.id}`)).json();
    expect(after.progress).toMatchObject({ answered: 2, submitted: 2, finished: true });
  });

  it('shows course progress on the course list and the course', async () => {
    const [listed] = (await get('/api/courses')).json();
    expect(listed.progress.answered).toBe(2);
    expect((await get(`/api/courses/${course.id}`)).json().progress.answered).toBe(2);
    expect((await get('/api/courses', bob)).json()).toEqual([]);
  });

  it('retries with a fresh paper of the same length, once', async () => {
    const res = await post(`/api/question-papers/${course.paper.id}/retry`, {});
    expect(res.statusCode).toBe(201);
    const retry: Paper = res.json().paper;
    const original: Paper = (await get(`/api/question-papers/${course.paper.id}`)).json();
    expect(retry.id).not.toBe(original.id);
    expect(retry.totalQuestions).toBe(original.totalQuestions);
    expect(retry.progress).toMatchObject({ answered: 0, finished: false });
    expect((await get(`/api/question-papers/${course.paper.id}/results`)).json().retryPaperId).toBe(retry.id);
    // Asking again returns the same paper rather than drawing another.
    expect((await post(`/api/question-papers/${course.paper.id}/retry`, {})).json().paper.id).toBe(retry.id);
  });

  it('keeps a paper’s results, timer and retry to its owner', async () => {
    for (const [method, url, payload] of [
      ['GET', `/api/question-papers/${course.paper.id}/results`, undefined],
      ['POST', `/api/question-papers/${course.paper.id}/finish`, {}],
      ['POST', `/api/question-papers/${course.paper.id}/retry`, {}],
      ['POST', `/api/question-papers/${course.paper.id}/elapsed`, { elapsedSeconds: 5 }],
    ] as const) {
      const res = await t.app.inject({ method, url, payload, headers: bob.headers });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await get('/api/question-papers/not-a-uuid/results')).statusCode).toBe(404);
  });
});
