import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTopics } from '../engine/builtin/bank/load-bank';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let bob: Awaited<ReturnType<typeof signUp>>;

const get = (url: string, who = alice) => t.app.inject({ method: 'GET', url, headers: who.headers });

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  bob = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/courses/{id}/topics', () => {
  it("lists the offline bank's topics for the course's subject, to its owner only", async () => {
    const course = (
      await t.app.inject({ method: 'POST', url: '/api/courses/direct-create', headers: alice.headers, payload: { subject: 'chemistry' } })
    ).json();
    const res = await get(`/api/courses/${course.id}/topics`);
    expect(res.statusCode).toBe(200);
    const { topics } = res.json() as { topics: string[] };
    expect(topics.slice(0, listTopics('Chemistry').length)).toEqual(listTopics('Chemistry'));
    expect(topics.length).toBeGreaterThan(0);
    expect((await get(`/api/courses/${course.id}/topics`, bob)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/courses/${course.id}/topics` })).statusCode).toBe(401);
  });
});
