import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { createLlmEngine } from '../engine/llm/create-llm-engine';
import { startFakeLlmServer, type FakeLlmServer } from '../engine/llm/testing/fake-llm-server';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

// POST /api/tutor/message/stream: the tutor's reply as server-sent events, with the built-in engine
// (one whole reply) and with an LLM provider (a fake OpenAI-compatible server that streams).

interface Event {
  event: string;
  data: Record<string, unknown>;
}

function eventsOf(body: string): Event[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null') as Record<string, unknown>;
      return { event, data };
    });
}

async function firstQuestion(t: TestApp, headers: Record<string, string>): Promise<string> {
  const course = await t.app.inject({ method: 'POST', url: '/api/courses/direct-create', headers, payload: { subject: 'Biology' } });
  expect(course.statusCode).toBe(201);
  const questions = await t.app.inject({ method: 'GET', url: `/api/question-papers/${course.json().paper.id}/questions`, headers });
  return questions.json()[0].id as string;
}

describe('the tutor’s streamed reply, built-in engine', () => {
  let t: TestApp;
  let student: Awaited<ReturnType<typeof signUp>>;
  let questionId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    student = await signUp(t.app);
    questionId = await firstQuestion(t, student.headers);
  });
  afterAll(() => t.close());

  const stream = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/tutor/message/stream', headers, payload });

  it('answers with one done event carrying the spec’s reply, and keeps the conversation as the plain call does', async () => {
    const res = await stream(student.headers, { questionId, message: 'Can I have a hint?' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(res.headers['cache-control']).toBe('no-store, no-transform');
    const events = eventsOf(res.body);
    expect(events.map((e) => e.event)).toEqual(['done']);
    const reply = events[0].data;
    expect(reply.role).toBe('assistant');
    expect(String(reply.content).length).toBeGreaterThan(0);
    expect(reply.by).toBe('the built-in tutor');

    const history = (await t.app.inject({ method: 'GET', url: `/api/questions/${questionId}/tutor`, headers: student.headers })).json();
    expect(history.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(history[1].content).toBe('Can I have a hint?');
    expect(history[2].content).toBe(reply.content);
  });

  it('is an ordinary error before the stream starts: 401 without a session, 404 for another student’s question, 400 for a bad body', async () => {
    expect((await stream({}, { questionId, message: 'Hi' })).statusCode).toBe(401);
    const other = await signUp(t.app);
    const foreign = await stream(other.headers, { questionId, message: 'Hi' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    const empty = await stream(student.headers, { questionId, message: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();
  });
});

describe('the tutor’s streamed reply, with an LLM provider', () => {
  let server: FakeLlmServer;
  let t: TestApp;
  let student: Awaited<ReturnType<typeof signUp>>;
  let questionId: string;

  beforeAll(async () => {
    server = await startFakeLlmServer({ status: 500, message: 'The model is down' });
    const builtin = createBuiltinEngine();
    await builtin.warmUp?.();
    const engine = createLlmEngine({
      config: { provider: 'openai-compatible', model: 'fake-tutor-1', baseURL: server.baseURL, timeoutMs: 5000 },
      fallback: builtin,
      maxRetries: 0,
      onFallback: () => undefined,
    });
    t = await buildTestApp({}, engine);
    student = await signUp(t.app);
    questionId = await firstQuestion(t, student.headers);
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('streams the model’s words as delta events, then the whole reply (HTML) as done, and stores that', async () => {
    const content = 'Good thinking. **Which** part of the question asks you to *explain* rather than describe?';
    server.respond({ content });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/message/stream',
      headers: student.headers,
      payload: { questionId, message: 'Where do I start?' },
    });
    expect(res.statusCode).toBe(200);
    const events = eventsOf(res.body);
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((e) => e.data.text).join('')).toBe(content);
    expect(events.at(-1)?.event).toBe('done');
    const reply = events.at(-1)!.data;
    expect(reply.content).toContain('<strong>Which</strong>');
    expect(reply.by).toBe('fake-tutor-1 (OpenAI-compatible)');
    const history = (await t.app.inject({ method: 'GET', url: `/api/questions/${questionId}/tutor`, headers: student.headers })).json();
    expect(history.at(-1).content).toBe(reply.content);
  });

  it('keeps §7’s POST /api/tutor/message whole for other clients, with the same judge on the model’s claims', async () => {
    server.respond({ content: 'Brilliant, that is full marks!' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/message',
      headers: student.headers,
      payload: { questionId, message: 'I do not know.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toContain('Brilliant, that is full marks!');
    expect(res.json().content).toContain('Checked against the mark scheme, your answer so far earns 0/');
  });
});
