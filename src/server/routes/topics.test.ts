import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listSubjects, listTopics } from '../engine/builtin/bank/bank';
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

describe('POST /api/topics/match (issue 27: a topic checked before generating)', () => {
  const match = (subject: string, topic: string, who: typeof alice | null = alice) =>
    t.app.inject({ method: 'POST', url: '/api/topics/match', payload: { subject, topic }, ...(who ? { headers: who.headers } : {}) });

  it('takes a topic as named', async () => {
    const res = await match('Biology', 'cells');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'exact', topic: 'Cells', suggestion: null, message: null });
  });

  it('suggests the spelling of a misspelt topic and names the topic the paper will be on', async () => {
    const res = await match('biology', 'photosynthsis');
    expect(res.json()).toEqual({
      status: 'near',
      topic: 'Energy transfers in and between organisms',
      suggestion: 'Photosynthesis',
      message: null,
    });
    expect((await match('Physics', 'electricty')).json()).toMatchObject({
      status: 'near',
      topic: 'Electricity',
      suggestion: 'Electricity',
    });
  });

  it('respells only a name-like topic, never markup or a passage', async () => {
    const res = (await match('Chemistry', 'Energetics <svg onload="alert(1)"></svg> onerorr')).json();
    expect(res).toMatchObject({ status: 'near', topic: 'Energetics', suggestion: null });
  });

  it('names the topic a part of it belongs to', async () => {
    expect((await match('Biology', 'enzymes')).json()).toEqual({
      status: 'near',
      topic: 'Biological molecules',
      suggestion: null,
      message: null,
    });
  });

  it('says why a topic or subject the bank lacks is refused', async () => {
    const topic = (await match('Physics', 'Quantum tunnelling')).json();
    expect(topic.status).toBe('unknown');
    expect(topic.message).toMatch(/^No questions on 'Quantum tunnelling' yet\. Topics available: Electricity/);
    const subject = (await match('History', 'Tudors')).json();
    expect(subject.status).toBe('unknown');
    expect(subject.message).toContain('PDF Documents');
  });

  it('refuses a blank topic with a clear message, and needs a signed-in user', async () => {
    const blank = await match('Biology', '  ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Please enter a topic');
    expect((await match('Biology', 'Cells', null)).statusCode).toBe(401);
  });
});

describe('GET /api/subjects (issue 27: the New Course card)', () => {
  it("lists the bank's subjects as the offline ones, and no provider on the built-in engine", async () => {
    const res = await get('/api/subjects');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ offline: listSubjects(), provider: null });
    expect(listSubjects()).toEqual(expect.arrayContaining(['Biology', 'Chemistry', 'Mathematics', 'Physics']));
    expect((await t.app.inject({ method: 'GET', url: '/api/subjects' })).statusCode).toBe(401);
  });
});
