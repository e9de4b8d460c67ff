// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_STALE_MS } from './api/current-user';
import { SessionProvider, useSession } from './session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

const user = { id: 'u1', username: 'ada', email: 'ada@example.org', firstName: 'Ada', lastName: null };

function Probe() {
  const session = useSession();
  return (
    <div>
      <p data-testid="status">{session.status}</p>
      <p data-testid="user">{session.user?.username ?? ''}</p>
      <button onClick={() => session.signIn({ sessionId: 'tok-new', user: { ...user, username: 'grace' } })}>sign in</button>
      <button onClick={() => void session.signOut()}>sign out</button>
    </div>
  );
}

const status = () => screen.getByTestId('status').textContent;

const renderSession = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

/** React runs a commit's effects in a task of their own when the commit came from outside act (a fetch). */
const effectsFlushed = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('SessionProvider', () => {
  it('without a stored token is signed out at once and asks the server nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(status()).toBe('unauthenticated');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with a stored token asks GET /api/users/me once, with the bearer header and cookies, then is signed in', async () => {
    const fetchMock = vi.fn(async () => Response.json(user));
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('sessionToken', 'tok-123');
    renderSession();
    expect(status()).toBe('loading');
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(screen.getByTestId('user').textContent).toBe('ada');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/me');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer tok-123');
    expect(init.credentials).toBe('include');
  });

  it('forgets a dead token (401) and is signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Authentication required' }, { status: 401 })),
    );
    localStorage.setItem('sessionToken', 'tok-dead');
    renderSession();
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(localStorage.getItem('sessionToken')).toBeNull();
  });

  it('§9: keeps the user for 5 minutes, then asks again when the tab is shown; a session revoked meanwhile signs out', async () => {
    let now = Date.parse('2026-11-25T09:00:00Z');
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => now);
    let revoked = false;
    const fetchMock = vi.fn(async () =>
      revoked ? Response.json({ message: 'Authentication required' }, { status: 401 }) : Response.json(user),
    );
    vi.stubGlobal('fetch', fetchMock);
    localStorage.setItem('sessionToken', 'tok-123');
    renderSession();
    await waitFor(() => expect(status()).toBe('authenticated'));
    await effectsFlushed(); // the tab listener is in place

    now += CURRENT_USER_STALE_MS - 1000;
    act(() => setVisibility('visible'));
    expect(fetchMock).toHaveBeenCalledTimes(1); // still fresh

    now += 2000;
    revoked = true;
    act(() => setVisibility('visible'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(localStorage.getItem('sessionToken')).toBeNull();
    expect(CURRENT_USER_STALE_MS).toBe(300_000);
    clock.mockRestore();
  });

  it('signs in from a login answer without asking the server, and signs out with POST /api/auth/logout', async () => {
    const fetchMock = vi.fn(async () => Response.json({}));
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    act(() => screen.getByText('sign in').click());
    expect(status()).toBe('authenticated');
    expect(screen.getByTestId('user').textContent).toBe('grace');
    expect(localStorage.getItem('sessionToken')).toBe('tok-new');
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => screen.getByText('sign out').click());
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(localStorage.getItem('sessionToken')).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/auth/logout', 'POST']);
  });
});
