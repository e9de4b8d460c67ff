// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/api-client';
import { CURRENT_USER_KEY, useCurrentUser } from './current-user';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = { id: 'u1', username: 'ada', email: 'ada@example.org', firstName: 'Ada', lastName: null };

describe('useCurrentUser', () => {
  it('asks GET /api/users/me only when a token is stored, with the bearer header, and keeps the answer fresh for 5 minutes', async () => {
    const fetchMock = vi.fn(async () => Response.json(user));
    vi.stubGlobal('fetch', fetchMock);
    const client = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;

    renderHook(() => useCurrentUser(null), { wrapper });
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem('sessionToken', 'tok-123');
    const { result } = renderHook(() => useCurrentUser('tok-123'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(user));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/me');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-123');
    expect(init.credentials).toBe('include');

    // §9: cached for 5 minutes
    const query = client.getQueryCache().find({ queryKey: CURRENT_USER_KEY })!;
    expect(new Set(query.observers.map((o) => o.options.staleTime))).toEqual(new Set([300_000]));
    expect(query.isStaleByTime(300_000)).toBe(false);
  });
});
