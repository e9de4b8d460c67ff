import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WeakPointsResponse } from '../../shared/weak-points';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;
let course: { id: string; paper: { id: string } };

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });
const post = (url: string, payload: object, who = alice) => t.app.inject({ method: 'POST', url, payload, headers: who.headers });

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
  course = (await post('/api/courses/direct-create', { subject: 'Physics' })).json();
  // Alice answers every question of her first paper without knowing: every point missed.
  const qs: { id: string; type: string; options: Record<string, string> | null }[] = (
    await get(`/api/question-papers/${course.paper.id}/questions`)
  ).json();
  for (const q of qs) {
    const text = q.type === 'multiple_choice' ? 'Z' : 'I am not sure.';
    expect((await post('/api/answers/save', { questionId: q.id, text, submitted: true })).statusCode).toBe(200);
    expect((await post('/api/answers/evaluate', { questionId: q.id, answer: text })).statusCode).toBe(200);
  }
}, 240_000);
afterAll(async () => {
  await t.close();
});

describe('GET /api/analytics/weak-points', () => {
  it('finds the kinds of mark the student keeps missing, with counts, topics and questions to try again', async () => {
    const res = await get('/api/analytics/weak-points');
    expect(res.statusCode).toBe(200);
    const body: WeakPointsResponse = res.json();
    expect(body.pointsMarked).toBeGreaterThan(0);
    expect(body.findings.length).toBeGreaterThan(0);
    for (const f of body.findings) {
      expect(f.subject).toBe('Physics');
      expect(f.opportunities).toBeGreaterThanOrEqual(5);
      expect(f.missed).toBe(f.opportunities); // nothing was earned
      expect(f.text).toBe(`${f.text.split(' in 100% ')[0]} in 100% of the chances you had (${f.missed} of ${f.opportunities}).`);
      expect(f.courseId).toBe(course.id);
      expect(f.topics.length).toBeGreaterThan(0);
      expect(f.questions.length).toBeGreaterThan(0);
      expect(f.questions.length).toBeLessThanOrEqual(3);
      for (const q of f.questions) expect(q).toMatchObject({ courseId: course.id, paperId: course.paper.id });
    }
  });

  it('shows another student nothing of hers, and needs a signed-in user', async () => {
    expect((await get('/api/analytics/weak-points', bob)).json()).toEqual({ findings: [], pointsMarked: 0, minOpportunities: 5 });
    expect((await t.app.inject({ method: 'GET', url: '/api/analytics/weak-points' })).statusCode).toBe(401);
  });
});

describe('POST /api/courses/{id}/practise-weak-points', () => {
  it('draws a paper on the weakest skills and topics, stored in the course like any paper', async () => {
    const { findings }: WeakPointsResponse = (await get('/api/analytics/weak-points')).json();
    const res = await post(`/api/courses/${course.id}/practise-weak-points`, {});
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.paper).toMatchObject({ courseId: course.id, title: 'Physics: my weak points' });
    expect(body.totalQuestions).toBeGreaterThan(0);
    const papers: { id: string }[] = (await get(`/api/courses/${course.id}/question-papers`)).json();
    expect(papers.map((p) => p.id)).toContain(body.paper.id);
    // one skill asked for: every question has a point of it
    const skill = findings[0].skill;
    const one = await post(`/api/courses/${course.id}/practise-weak-points`, { skill });
    expect(one.statusCode).toBe(201);
    const ids = (one.json().questions as { id: string }[]).map((q) => q.id);
    expect(ids.length).toBeGreaterThan(0);
    const withSkill = (
      (await t.database.db.execute(
        sql`select distinct question_id from mark_scheme_points where details->>'skill' = ${skill} and question_id in ${sql.raw(`('${ids.join("','")}')`)}`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(withSkill).toHaveLength(ids.length);
  });

  it("says so on a course with nothing marked yet, and refuses another student's course (404) and a bad skill (400)", async () => {
    const chemistry = (await post('/api/courses/direct-create', { subject: 'Chemistry' })).json();
    const none = await post(`/api/courses/${chemistry.id}/practise-weak-points`, {});
    expect(none.statusCode).toBe(201);
    expect(none.json().note).toContain('No weak points found yet');
    expect(none.json().paper.description).toBe('Questions from across Chemistry.');
    expect((await post(`/api/courses/${course.id}/practise-weak-points`, {}, bob)).statusCode).toBe(404);
    expect((await post(`/api/courses/${course.id}/practise-weak-points`, { skill: 'juggling' })).statusCode).toBe(400);
  });
});
