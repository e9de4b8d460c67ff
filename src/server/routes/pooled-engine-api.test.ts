import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { createPooledEngine, type PooledEngine } from '../engine/builtin/pool/pooled-engine';
import { findQuestion, questionForMarking } from '../services/questions';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/** The app as index.ts builds it by default: the built-in engine's work done in a worker thread. */
describe('the API on the pooled built-in engine', () => {
  let pooled: PooledEngine;
  let t: TestApp;
  beforeAll(async () => {
    pooled = createPooledEngine({ workers: 1, maxQueue: 16 });
    t = await buildTestApp({}, pooled);
  });
  afterAll(async () => {
    await t.close();
    await pooled.close();
  });

  it('creates a course and marks an answer in the worker, with the marks the in-process engine gives', async () => {
    const student = await signUp(t.app);
    const course = await t.app.inject({
      method: 'POST',
      url: '/api/courses/direct-create',
      headers: student.headers,
      payload: { subject: 'Chemistry' },
    });
    expect(course.statusCode).toBe(201);
    const questions = (
      await t.app.inject({ method: 'GET', url: `/api/question-papers/${course.json().paper.id}/questions`, headers: student.headers })
    ).json() as {
      id: string;
    }[];
    const scheme = await t.app.inject({ method: 'GET', url: `/api/questions/${questions[0].id}/markscheme`, headers: student.headers });
    const answer = (scheme.json() as { text: string }[]).map((p) => p.text).join('. ');

    const before = pooled.stats().completed;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/answers/evaluate',
      headers: student.headers,
      payload: { questionId: questions[0].id, answer },
    });
    expect(res.statusCode).toBe(200);
    expect(pooled.stats().completed).toBe(before + 1);

    const stored = await findQuestion(t.database.db, student.user.id, questions[0].id);
    const inProcess = await createBuiltinEngine().evaluateAnswer({ question: await questionForMarking(t.database.db, stored), answer });
    expect(res.json()).toMatchObject({ marks_awarded: inProcess.marks_awarded, markscheme_evaluation: inProcess.markscheme_evaluation });
  }, 180_000); // the first call waits for the worker's start and warm-up, slow on a busy machine

  it('answers an engine error from the worker with its status and message (422 for a subject the bank lacks)', async () => {
    const student = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/courses/direct-create',
      headers: student.headers,
      payload: { subject: 'Klingon' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('"Klingon" is not in the offline question bank');
  });
});
