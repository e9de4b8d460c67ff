import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { engineError } from '../engine/engine';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
let alice: Awaited<ReturnType<typeof signUp>>;
let course: { id: string; paper: { id: string } };
let questionId: string;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUp(t.app);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/courses/direct-create',
    headers: alice.headers,
    payload: { title: 'Biology', subject: 'Biology' },
  });
  course = res.json();
  const questions = (
    await t.app.inject({ method: 'GET', url: `/api/question-papers/${course.paper.id}/questions`, headers: alice.headers })
  ).json();
  questionId = questions.find((q: { type: string }) => q.type !== 'multiple_choice').id;
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = alice.headers) =>
  t.app.inject({ method: 'POST', url, payload: JSON.stringify(payload), headers: { ...headers, 'content-type': 'application/json' } });

describe('a NUL byte (U+0000) in a text field', () => {
  it('is dropped from an autosave, and the rest of the answer is kept', async () => {
    const res = await post('/api/answers/save', { questionId, text: 'Enzymes\u0000 are proteins', submitted: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().text).toBe('Enzymes are proteins');
    const stored = await t.app.inject({ method: 'GET', url: `/api/questions/${questionId}/answer`, headers: alice.headers });
    expect(stored.json().text).toBe('Enzymes are proteins');
  });

  it('never gives a 500 on any of the calls the probe broke', async () => {
    const nul = 'x\u0000y';
    const calls: [string, unknown, Record<string, string>?][] = [
      ['/api/auth/register', { email: `nul${Date.now()}@example.org`, password: 'secret123', firstName: nul, lastName: nul }, {}],
      ['/api/auth/login', { email: `a${nul}@example.org`, password: nul }, {}],
      ['/api/courses/direct-create', { title: nul, subject: `Bio\u0000logy` }],
      ['/api/answers/evaluate', { questionId, answer: `Enzymes${nul}` }],
      ['/api/feedback/disagree', { questionId, pointId: nul, reason: nul }],
      ['/api/tutor/message', { questionId, message: `Why${nul}?` }],
      ['/api/pdf/generate-questions', { pdfData: 'JVBERi0=', pdfName: nul, subject: nul }],
      ['/api/question-papers/generate', { subject: nul, topic: nul, difficultyLevel: 'medium', questionCount: 5, courseId: course.id }],
    ];
    for (const [url, payload, headers] of calls) {
      const res = await post(url, payload, headers);
      expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(500);
    }
  });

  it('in a path parameter is a plain 404, not a failed query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/%00abc', headers: alice.headers });
    expect(res.statusCode).toBe(404);
  });
});

describe('an engine that is busy', () => {
  it('answers 503 with its message and a Retry-After', async () => {
    const builtin = createBuiltinEngine();
    const busy = await buildTestApp(
      {},
      {
        ...builtin,
        evaluateAnswer: async () => {
          throw engineError(
            'UNAVAILABLE',
            'The server is busy marking and generating for other students. Please try again in a few seconds.',
          );
        },
      },
    );
    try {
      const student = await signUp(busy.app);
      const made = await busy.app.inject({
        method: 'POST',
        url: '/api/courses/direct-create',
        headers: student.headers,
        payload: { subject: 'Biology' },
      });
      const [first] = (
        await busy.app.inject({ method: 'GET', url: `/api/question-papers/${made.json().paper.id}/questions`, headers: student.headers })
      ).json();
      const res = await busy.app.inject({
        method: 'POST',
        url: '/api/answers/evaluate',
        headers: student.headers,
        payload: { questionId: first.id, answer: 'Enzymes are proteins' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().message).toMatch(/busy/);
    } finally {
      await busy.close();
    }
  });
});

describe('validation messages', () => {
  it('are sentences about the field, never raw zod text', async () => {
    const cases: unknown[] = [{}, { questionId }, { questionId: 5, text: 'a' }, { questionId, text: ['a'] }, 'just a string', [1, 2], null];
    for (const payload of cases) {
      const res = await post('/api/answers/save', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const { message } = res.json();
      expect(message).not.toMatch(/Invalid input|expected \w+, received|Too small|Too big/);
      expect(message.length).toBeGreaterThan(5);
    }
    expect((await post('/api/answers/save', { questionId, text: ['a'] })).json().message).toBe('The answer must be text');
    expect((await post('/api/courses/direct-create', { subject: 'Biology', title: 7 })).json().message).toBe('title must be text');
  });
});

describe('logs', () => {
  async function appWithLog() {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const { openDatabase } = await import('../db/client');
    const database = await openDatabase({ dataDir: 'memory://' });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: 'memory://' });
    const app = await buildApp({ config, database, engine: createBuiltinEngine(), clientDir: '/nonexistent', logStream: stream });
    await app.ready();
    return { app, database, lines, close: async () => (await app.close(), await database.close()) };
  }

  it('name the path a request asked for, never its query string (a token sent as ?token= stays out)', async () => {
    const logged = await appWithLog();
    try {
      const secret = 'tok-5ecret-in-the-query';
      const ok = await logged.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'q@example.org', password: 'pass-1234' },
      });
      const headers = { authorization: `Bearer ${ok.json().sessionId}` };
      const asked = [
        await logged.app.inject({ method: 'GET', url: `/api/courses?token=${secret}`, headers }),
        await logged.app.inject({ method: 'GET', url: `/api/users/me?token=${secret}&x=1` }),
        await logged.app.inject({
          method: 'POST',
          url: `/api/auth/login?token=${secret}`,
          payload: { email: 'q@example.org', password: 'wrong-1234' },
        }),
        await logged.app.inject({ method: 'GET', url: `/api/no-such-thing?token=${secret}` }),
        await logged.app.inject({ method: 'GET', url: `/not-an-api-path?token=${secret}` }),
      ];
      expect(asked.map((r) => r.statusCode)).toEqual([200, 401, 401, 404, 404]);
      const log = logged.lines.join('\n');
      expect(log).not.toContain(secret);
      expect(log).not.toContain('token=');
      const urls = logged.lines
        .map((line) => JSON.parse(line) as { req?: { url?: string } })
        .flatMap((e) => (e.req?.url ? [e.req.url] : []));
      expect(urls).toEqual(
        expect.arrayContaining(['/api/courses', '/api/users/me', '/api/auth/login', '/api/no-such-thing', '/not-an-api-path']),
      );
    } finally {
      await logged.close();
    }
  });

  it('hold no password hash, e-mail or answer text when a query fails', async () => {
    const logged = await appWithLog();
    try {
      const email = 'private.person@example.org';
      const ok = await logged.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password: 'hunter2-secret' } });
      const headers = { authorization: `Bearer ${ok.json().sessionId}` };
      const created = await logged.app.inject({
        method: 'POST',
        url: '/api/courses/direct-create',
        headers,
        payload: { subject: 'Biology' },
      });
      const questions = await logged.app.inject({
        method: 'GET',
        url: `/api/question-papers/${created.json().paper.id}/questions`,
        headers,
      });
      const qid = questions.json()[0].id;

      // Break the tables so the next inserts fail with their values bound.
      await logged.database.db.execute(sql`alter table users drop column first_name`);
      await logged.database.db.execute(sql`drop table feedback cascade`);
      const signUpFails = await logged.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'second.person@example.org', password: 'another-secret' },
      });
      expect(signUpFails.statusCode).toBe(500);
      const evaluateFails = await logged.app.inject({
        method: 'POST',
        url: '/api/answers/evaluate',
        headers,
        payload: { questionId: qid, answer: 'my confidential answer about enzymes' },
      });
      expect(evaluateFails.statusCode).toBe(500);

      const log = logged.lines.join('\n');
      expect(log).toContain('request failed');
      expect(log).toContain('Failed query');
      expect(log).not.toContain('second.person');
      expect(log).not.toContain('private.person');
      expect(log).not.toContain('confidential answer');
      expect(log).not.toMatch(/scrypt|\$[0-9a-z]+\$/);
      expect(log).not.toContain('hunter2');
      expect(log).not.toContain(ok.json().sessionId);
    } finally {
      await logged.close();
    }
  });
});
