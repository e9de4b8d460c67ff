import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsOverview, SubjectPredictionDto } from '../../shared/analytics';
import { analyticsOverview, streaksOf } from '../services/analytics-overview';
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

describe('GET /api/analytics/overview', () => {
  it("adds up the student's submitted answers per subject, topic, course and day, and nobody else's", async () => {
    await markAnswers(6);
    const res = await get('/api/analytics/overview?tz=Europe/London');
    expect(res.statusCode).toBe(200);
    const o: AnalyticsOverview = res.json();
    const questions: { id: string; topic: string | null }[] = (await get(`/api/question-papers/${course.paper.id}/questions`)).json();
    const answers: { submitted: boolean; score: number | null; timeSpentSeconds: number }[] = (await get('/api/user/answers')).json();
    const submitted = answers.filter((a) => a.submitted);
    const scores = submitted.flatMap((a) => (a.score === null ? [] : [a.score]));
    // the same figures as the spec's list calls give
    expect(o.answersSubmitted).toBe(submitted.length);
    expect(o.markedAnswers).toBe(scores.length);
    expect(o.questionsAvailable).toBe(((await get('/api/user/questions')).json() as unknown[]).length);
    expect(o.averageScore).toBeCloseTo(scores.reduce((s, v) => s + v, 0) / scores.length, 5);
    expect(o.coursesAnswered).toBe(1);
    expect(o.todayProgress.questionsAnswered).toBe(submitted.length);
    expect(o.subjects).toHaveLength(1);
    expect(o.subjects[0]).toMatchObject({ subject: 'Physics', questionsAnswered: submitted.length, markedAnswers: scores.length });
    expect(o.subjects[0].correctAnswers).toBe(scores.filter((s) => s >= 60).length);
    expect(o.subjects[0].recentScores).toHaveLength(scores.length);
    expect(o.topics.reduce((s, t) => s + t.questionsAnswered, 0)).toBe(submitted.length);
    expect(o.topics.map((t) => t.topic)).toEqual(
      expect.arrayContaining([...new Set(questions.slice(0, 6).map((q) => q.topic?.trim() || 'General'))]),
    );
    expect(o.courses).toEqual([expect.objectContaining({ courseId: course.id, questionsAnswered: submitted.length })]);
    expect(o.days).toEqual([expect.objectContaining({ date: o.today, questionsAnswered: submitted.length })]);
    expect(o.streaks).toEqual({ current: 1, longest: 1, activeDays: 1 });
    // answered within minutes of each other: one session
    expect(o.sessions.count).toBe(1);
    expect(o.timeZone).toBe('Europe/London');
    // no answer text leaves the server
    expect(res.body).not.toContain('resultant force');

    const other: AnalyticsOverview = (await get('/api/analytics/overview', bob)).json();
    expect(other).toMatchObject({ answersSubmitted: 0, questionsAvailable: 0, subjects: [], topics: [], courses: [], days: [] });
    expect(other.averageScore).toBeNull();
  });

  it('refuses an unknown time zone with a 400 and needs a signed-in user', async () => {
    const bad = await get('/api/analytics/overview?tz=Nowhere/Atlantis');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Unknown time zone');
    expect((await get("/api/analytics/overview?tz=UTC';drop")).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/overview' })).statusCode).toBe(401);
  });

  it('answers 400, not 500, for a zone the browser knows but the database does not', async () => {
    await expect(analyticsOverview(t.database.db, alice.user.id, 'Nowhere/Atlantis')).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('streaksOf', () => {
  it('counts the longest run and the run ending today or yesterday', () => {
    expect(streaksOf(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-09', '2026-03-10'], '2026-03-10')).toEqual({
      current: 2,
      longest: 3,
      activeDays: 5,
    });
    expect(streaksOf(['2026-03-09'], '2026-03-10').current).toBe(1);
    expect(streaksOf(['2026-03-08'], '2026-03-10').current).toBe(0);
    expect(streaksOf(['2026-02-28', '2026-03-01'], '2026-03-01').longest).toBe(2);
  });
});
