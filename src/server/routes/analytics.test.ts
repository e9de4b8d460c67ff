import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubjectPredictionDto } from '../../shared/analytics';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let course: { id: string; paper: { id: string } };

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
  course = res.json();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: object, who = alice) => t.app.inject({ method: 'POST', url, payload, headers: who.headers });

async function markAnswers(count: number) {
  const qs: { id: string; type: string; options: Record<string, string> | null }[] = (
    await get(`/api/question-papers/${course.paper.id}/questions`)
  ).json();
  for (const q of qs.slice(0, count)) {
    const text =
      q.type === 'multiple_choice' ? Object.keys(q.options ?? { A: '' })[0] : 'The energy is transferred by the resultant force.';
    expect((await post('/api/answers/save', { questionId: q.id, text, submitted: true })).statusCode).toBe(200);
    expect((await post('/api/answers/evaluate', { questionId: q.id, answer: text })).statusCode).toBe(200);
  }
}

describe('GET /api/analytics/predictions', () => {
  it('says "Not enough answers yet" below five marked answers, and shows nobody else’s subjects', async () => {
    await markAnswers(3);
    const [physics]: SubjectPredictionDto[] = (await get('/api/analytics/predictions')).json();
    expect(physics).toMatchObject({ subject: 'Physics', status: 'too-few', markedAnswers: 3, message: 'Not enough answers yet (3 of 5)' });
    expect(physics.predictedScore).toBeNull();
    expect((await get('/api/analytics/predictions', bob)).json()).toEqual([]);
  });

  it('predicts from five marked answers: a range, grades and the spec figures', async () => {
    await markAnswers(6);
    const [physics]: SubjectPredictionDto[] = (await get('/api/analytics/predictions')).json();
    expect(physics.status).toBe('predicted');
    expect(physics.markedAnswers).toBe(6);
    expect(physics.predictedScore).not.toBeNull();
    const predicted = physics.predictedScore as number;
    expect(physics.low as number).toBeLessThanOrEqual(predicted);
    expect(physics.high as number).toBeGreaterThanOrEqual(predicted);
    expect(physics.grades).toMatch(/^(A\*|[A-EU])(-(A|[A-EU]))?$/);
    expect(physics.improvementNeeded).toBe(Math.max(0, 75 - predicted));
    expect([5, 10]).toContain(physics.recommendedStudyTime);
    if (physics.currentPerformance > 0) expect(predicted).toBeGreaterThan(0);
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/predictions' })).statusCode).toBe(401);
  });
});
