import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, getQueryFn, urlFromQueryKey } from './api-client';
import { AUTH_REQUIRED_MESSAGE, apiRequest, serverMessageOf } from './api-request';

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
