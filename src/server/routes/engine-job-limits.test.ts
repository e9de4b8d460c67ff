import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_RETRY_AFTER_SECONDS, tooManyAtOnceMessage } from '../engine-job-limits';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import type { Engine } from '../engine/engine';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/** Every call that starts engine work, with a body (its content does not matter: the limits run before it is read). */
const LIMITED = [
  { url: '/api/answers/evaluate', payload: { questionId: 'none', answer: 'x' }, asked: 'answers to be marked' },
  { url: '/api/tutor/message', payload: { questionId: 'none', message: 'hint?' }, asked: 'tutor replies' },
  { url: '/api/question-papers/generate', payload: { courseId: 'none', topic: 'cells' }, asked: 'question papers' },
  { url: '/api/courses/direct-create', payload: { subject: 'Klingon' }, asked: 'new courses' },
  { url: '/api/generate-custom-pdf', payload: { subject: 'Klingon', topic: 'x' }, asked: 'practice papers' },
  { url: '/api/pdf/ask-question', payload: { pdfData: 'bm90IGEgcGRm', question: 'why?' }, asked: 'answers about documents' },
  { url: '/api/pdf/generate-questions', payload: { pdfData: 'bm90IGEgcGRm', subject: 'Biology' }, asked: 'papers from documents' },
  { url: '/api/teacher/grade-answer', payload: { questionImage: 'eA==', answerImage: 'eA==' }, asked: 'gradings' },
  { url: '/api/questions/none/markscheme/draft', payload: {}, asked: 'mark-scheme drafts' },
] as const;

describe('per-user rate limit on the calls that start engine work', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => t.close());

  for (const call of LIMITED) {
    it(`${call.url}: the third call in a minute is refused with 429, a message and Retry-After; another user is not affected`, async () => {
      const a = await signUp(t.app);
      const b = await signUp(t.app);
      const send = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: call.url, headers, payload: call.payload });
      for (let i = 0; i < 2; i++) expect((await send(a.headers)).statusCode).not.toBe(429);

      const refused = await send(a.headers);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(
          new RegExp(
            `^You have asked for too many ${call.asked} in the last minute \\(the limit is 2 a minute\\)\\. Please try again in \\d+ seconds?\\.$`,
          ),
        ),
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);

      const other = await send(b.headers);
      expect(other.statusCode).not.toBe(429);
    });
  }

  it('counts each kind of call on its own: marking a lot does not stop the tutor', async () => {
    const a = await signUp(t.app);
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: 'POST', url: '/api/answers/evaluate', headers: a.headers, payload: LIMITED[0].payload });
    const tutor = await t.app.inject({ method: 'POST', url: '/api/tutor/message', headers: a.headers, payload: LIMITED[1].payload });
    expect(tutor.statusCode).toBe(404);
  });

  it('still answers 401 without a session (authentication comes first)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/answers/evaluate', payload: LIMITED[0].payload });
    expect(res.statusCode).toBe(401);
  });
});

/** The built-in engine, except that marking waits until the test lets it go. */
function gatedEngine() {
  const builtin = createBuiltinEngine();
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => (open = resolve));
  let started = 0;
  const engine: Engine = {
    ...builtin,
    async evaluateAnswer(input) {
      started += 1;
      await gate;
      return builtin.evaluateAnswer(input);
    },
  };
  return {
    engine,
    started: () => started,
    release() {
      open();
      gate = new Promise<void>((resolve) => (open = resolve));
    },
  };
}

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('per-user cap on engine calls running at once', () => {
  const gated = gatedEngine();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ ENGINE_JOBS_PER_USER: '2', ENGINE_RATE_LIMIT_PER_MINUTE: '1000' }, gated.engine);
  });
  afterAll(async () => t.close());

  async function studentWithQuestion() {
    const student = await signUp(t.app);
    const course = (
      await t.app.inject({ method: 'POST', url: '/api/courses/direct-create', headers: student.headers, payload: { subject: 'Biology' } })
    ).json();
    const questions = (
      await t.app.inject({ method: 'GET', url: `/api/question-papers/${course.paper.id}/questions`, headers: student.headers })
    ).json() as { id: string }[];
    return { ...student, questionId: questions[0].id };
  }

  it('refuses a third call at once while two are running (any kind), lets other users in, and frees the places when they finish', async () => {
    const a = await studentWithQuestion();
    const b = await studentWithQuestion();
    const evaluate = (s: typeof a) =>
      t.app.inject({
        method: 'POST',
        url: '/api/answers/evaluate',
        headers: s.headers,
        payload: { questionId: s.questionId, answer: 'The enzyme is denatured.' },
      });

    const running = [evaluate(a), evaluate(a)];
    await until(() => gated.started() === 2);

    const third = await evaluate(a);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ message: tooManyAtOnceMessage(2) });
    expect(third.json().message).toBe(
      'You already have 2 requests being marked or generated. Please wait for them to finish, then try again.',
    );
    expect(third.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    const tutor = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/message',
      headers: a.headers,
      payload: { questionId: a.questionId, message: 'hint?' },
    });
    expect(tutor.statusCode).toBe(429);
    // the cap is the user's, not the session's: signing in again does not buy more
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.email, password: 'correct-horse' } });
    const secondSession = { ...a, headers: { authorization: `Bearer ${login.json().sessionId}` } };
    const fromSecondSession = await evaluate(secondSession);
    expect(fromSecondSession.statusCode).toBe(429);
    expect(fromSecondSession.json()).toEqual({ message: tooManyAtOnceMessage(2) });

    const otherUser = evaluate(b);
    await until(() => gated.started() === 3);

    gated.release();
    const done = await Promise.all([...running, otherUser]);
    expect(done.map((r) => r.statusCode)).toEqual([200, 200, 200]);

    const again = evaluate(a);
    await until(() => gated.started() === 4);
    gated.release();
    expect((await again).statusCode).toBe(200);
  });

  it('frees the place of a call that failed', async () => {
    const a = await studentWithQuestion();
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/answers/evaluate',
        headers: a.headers,
        payload: { questionId: 'missing', answer: 'x' },
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
