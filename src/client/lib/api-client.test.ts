import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn, urlFromQueryKey } from './api-client';
import { AUTH_REQUIRED_MESSAGE, EARLY_GET_TTL_MS, apiRequest, serverMessageOf, startEarly, takeEarly } from './api-request';
import { firstRequestsOf } from '../app/page-loaders';

const store = new Map<string, string>();
beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

function mockFetch(status: number, body: string, statusText = '') {
  const fetchMock = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it('sends JSON, the bearer token when one is stored, and cookies', async () => {
    store.set('sessionToken', 'tok123');
    const fetchMock = mockFetch(200, '{"ok":true}');
    await expect(apiRequest('POST', '/api/x', { a: 1 })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/x');
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer tok123' });
    expect(init.body).toBe('{"a":1}');
  });

  it('sends no bearer header without a token', async () => {
    const fetchMock = mockFetch(200, '[]');
    await apiRequest('GET', '/api/y');
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(init.body).toBeUndefined();
  });

  it("turns a non-OK response into 'status: body' and keeps the server's message", async () => {
    mockFetch(409, '{"message":"An account with this email already exists."}');
    const error = await apiRequest('POST', '/api/auth/register', {}).catch((e: unknown) => e);
    expect((error as Error).message).toBe('409: {"message":"An account with this email already exists."}');
    expect(serverMessageOf(error, 'fallback')).toBe('An account with this email already exists.');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(503, '', 'Service Unavailable');
    await expect(apiRequest('GET', '/api/z')).rejects.toThrow('503: Service Unavailable');
  });

  it('turns an HTML document body into the authentication message', async () => {
    mockFetch(401, '<!DOCTYPE html><html><body>login</body></html>');
    await expect(apiRequest('GET', '/api/z')).rejects.toThrow(AUTH_REQUIRED_MESSAGE);
  });

  it('falls back when there is no server message', () => {
    expect(serverMessageOf(new Error('boom'), 'Invalid email or password')).toBe('Invalid email or password');
  });
});

describe('cached reads', () => {
  it('build the URL from the query key, collapsing repeated slashes', () => {
    expect(urlFromQueryKey(['/api/courses/', 'abc', '/question-papers'])).toBe('/api/courses/abc/question-papers');
  });

  it('can turn a 401 into an empty result', async () => {
    mockFetch(401, '{"message":"Authentication required"}');
    const queryFn = getQueryFn({ on401: 'returnNull' });
    await expect(queryFn({ queryKey: ['/api/users/me'] } as never)).resolves.toBeNull();
    const throwing = getQueryFn({ on401: 'throw' });
    await expect(throwing({ queryKey: ['/api/users/me'] } as never)).rejects.toThrow(/^401: /);
  });

  it('default to no retries, no refetch on focus or interval, never stale', () => {
    const defaults = createQueryClient().getDefaultOptions().queries!;
    expect(defaults.retry).toBe(false);
    expect(defaults.refetchOnWindowFocus).toBe(false);
    expect(defaults.refetchInterval).toBe(false);
    expect(defaults.staleTime).toBe(Infinity);
  });
});

describe('requests started early (a reload of the exam screen)', () => {
  afterEach(() => vi.useRealTimers());

  it('names the exam screen’s and the home page’s first requests, and none for ids it cannot vouch for', () => {
    expect(firstRequestsOf('/courses/c-1/papers/p-2/questions/q-3')).toEqual([
      '/api/courses/c-1',
      '/api/question-papers/p-2',
      '/api/question-papers/p-2/questions',
      '/api/user/answers',
      '/api/questions/q-3/answer',
    ]);
    expect(firstRequestsOf('/courses/c-1/papers/p-2/exam')).toHaveLength(4);
    expect(firstRequestsOf('/')).toEqual(['/api/courses', '/api/assignments']);
    expect(firstRequestsOf('/courses/c%2F1/papers/p/exam')).toEqual([]);
    expect(firstRequestsOf('/analytics')).toEqual([]);
  });

  it('serves the screen’s query from the reply already under way, once, then asks the server again', async () => {
    store.set('sessionToken', 'tok');
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ n: ++calls })),
    );
    startEarly(['/api/courses/c1']);
    startEarly(['/api/courses/c1']); // asked twice while the session loads: one request
    expect(calls).toBe(1);
    const queryFn = getQueryFn({ on401: 'throw' });
    await expect(queryFn({ queryKey: ['/api/courses', 'c1'] } as never)).resolves.toEqual({ n: 1 });
    expect(calls).toBe(1);
    await expect(queryFn({ queryKey: ['/api/courses', 'c1'] } as never)).resolves.toEqual({ n: 2 });
    expect(takeEarly('/api/courses/c1')).toBeUndefined();
  });

  it('drops a reply nobody took in time, so a later visit never sees old data', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ old: true })),
    );
    startEarly(['/api/user/answers']);
    vi.advanceTimersByTime(EARLY_GET_TTL_MS + 1);
    expect(takeEarly('/api/user/answers')).toBeUndefined();
  });

  it('never hands one session’s early reply to another', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ id: 'u1' })),
    );
    store.set('sessionToken', 'first');
    startEarly(['/api/users/me']);
    store.set('sessionToken', 'second');
    expect(takeEarly('/api/users/me')).toBeUndefined();
  });

  it('reports a failed early request to the screen that takes it, as its own request would', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"message":"Question paper not found"}', { status: 404 })),
    );
    startEarly(['/api/question-papers/p9']);
    const queryFn = getQueryFn({ on401: 'throw' });
    await expect(queryFn({ queryKey: ['/api/question-papers', 'p9'] } as never)).rejects.toMatchObject({
      status: 404,
      serverMessage: 'Question paper not found',
    });
  });
});
