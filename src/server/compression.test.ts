import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from './testing/test-app';

/** Issue 29: API responses are compressed where it helps, decode to the same JSON, and the tutor's stream is left alone. */
let t: TestApp;
let who: Awaited<ReturnType<typeof signUp>>;
let courseId: string;

beforeAll(async () => {
  t = await buildTestApp({ ENGINE_RATE_LIMIT_PER_MINUTE: '100000' } as Record<string, string>);
  who = await signUp(t.app);
  const course = await t.app.inject({
    method: 'POST',
    url: '/api/courses/direct-create',
    headers: who.headers,
    payload: { subject: 'Physics' },
  });
  courseId = course.json().id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...who.headers, ...(encoding ? { 'accept-encoding': encoding } : {}) } });

describe('compressed API responses', () => {
  it('sends brotli or gzip as the browser accepts, decoding to the same JSON, and smaller', async () => {
    const url = `/api/courses/${courseId}/questions`;
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(url, 'br, gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await get(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(br.headers['cache-control']).toContain('no-store');
  });

  it('leaves a small answer as it is', async () => {
    const me = await get('/api/users/me', 'br, gzip');
    expect(me.headers['content-encoding']).toBeUndefined();
    expect(me.json().id).toBe(who.user.id);
  });

  it("never holds back the tutor's event stream", async () => {
    const [question] = (await get(`/api/courses/${courseId}/questions`)).json() as { id: string }[];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tutor/message/stream',
      headers: { ...who.headers, 'accept-encoding': 'br, gzip' },
      payload: { questionId: question.id, message: 'Where do I start?' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toContain('event: done');
  });
});
