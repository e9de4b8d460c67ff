// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OIDC_ERROR_TEXT, OIDC_TEXT } from '../../../shared/oidc-text';
import { SchoolSignInSlot } from './school-sign-in-slot';
import { SessionProvider } from './session';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const user = { id: 'u1', username: 'ada.lovelace', email: 'ada.lovelace@northfield.sch.uk', firstName: 'Ada', lastName: 'Lovelace' };

/** The server: GET /api/auth/options says `oidc`; GET /api/auth/oidc/session answers `session` (or 401). */
function stubServer(oidc: { label: string } | null, session: { sessionId: string; user: typeof user } | null = null, hold?: Promise<void>) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/auth/options') return Response.json({ oidc });
      if (url === '/api/auth/oidc/session') await hold;
      if (url === '/api/auth/oidc/session' && session) return Response.json(session);
      return Response.json({ message: 'Authentication required' }, { status: 401 });
    }),
  );
  return calls;
}

function renderAt(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <SessionProvider>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <SchoolSignInSlot />
      </Router>
    </SessionProvider>,
  );
  return location;
}

describe('school sign-in on /auth', () => {
  it('offers the button, with the configured text, only when the server has a provider', async () => {
    stubServer({ label: 'Sign in with Northfield School' });
    renderAt('/auth');
    const link = await screen.findByRole('link', { name: 'Sign in with Northfield School' });
    expect(link.getAttribute('href')).toBe('/api/auth/oidc/start');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers no button without a provider', async () => {
    const calls = stubServer(null);
    renderAt('/auth');
    await waitFor(() => expect(calls).toContain('/api/auth/options'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('explains each refusal the callback sends back, and any other code plainly', async () => {
    stubServer({ label: 'Sign in with Google' });
    renderAt('/auth?error=oidc_unverified');
    expect((await screen.findByRole('alert')).textContent).toBe(OIDC_ERROR_TEXT.oidc_unverified);
    cleanup();
    renderAt('/auth?error=something_else');
    expect((await screen.findByRole('alert')).textContent).toBe(OIDC_TEXT.unknownError);
  });

  it('takes the session the callback made into the app and goes home', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    const calls = stubServer({ label: 'Sign in with Google' }, { sessionId: 'tok-from-cookie', user }, held);
    const location = renderAt('/auth?signin=oidc');
    expect((await screen.findByRole('status')).textContent).toBe(OIDC_TEXT.finishing);
    expect(localStorage.getItem('sessionToken')).toBeNull();
    answer();
    await waitFor(() => expect(localStorage.getItem('sessionToken')).toBe('tok-from-cookie'));
    expect(calls).toContain('/api/auth/oidc/session');
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('says so when there is no session to take (the cookie gone)', async () => {
    stubServer({ label: 'Sign in with Google' }, null);
    renderAt('/auth?signin=oidc');
    expect((await screen.findByRole('alert')).textContent).toBe(OIDC_TEXT.unknownError);
    expect(localStorage.getItem('sessionToken')).toBeNull();
  });
});
