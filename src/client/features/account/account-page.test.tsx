// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '../../../shared/auth-text';
import { AccountPage } from './account-page';

/** Issue 25: the account page changes the password and signs out other devices. */
let sent: { url: string; method?: string; body: unknown }[];
let sessions: object[];
let passwordReply: () => Response;

beforeEach(() => {
  sent = [];
  sessions = [
    { id: 's1', device: 'Firefox on Windows', createdAt: '2026-11-20T09:00:00Z', lastUsedAt: '2026-11-27T09:00:00Z', current: true },
    { id: 's2', device: 'Chrome on Android', createdAt: '2026-11-21T09:00:00Z', lastUsedAt: '2026-11-26T18:00:00Z', current: false },
  ];
  passwordReply = () => Response.json({ revoked: 1 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/sessions') return Response.json(sessions);
      if (url === '/api/auth/password') return passwordReply();
      if (url === '/api/auth/sessions/revoke-others') {
        sessions = sessions.slice(0, 1);
        return Response.json({ revoked: 1 });
      }
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(<AccountPage />, { wrapper });
}

describe('AccountPage', () => {
  it('lists where the account is signed in and signs out the other devices', async () => {
    renderPage();
    expect(await screen.findByText('Chrome on Android')).toBeTruthy();
    expect(screen.getByText('This device')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign out other devices' }));
    expect(await screen.findByText('Signed out 1 other device.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).toBeNull());
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Sign out other devices' }).disabled).toBe(true);
  });

  it('changes the password with the current one, and says what the server refused', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe(AUTH_TEXT.currentPasswordRequired);
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('alert').textContent).toBe(AUTH_TEXT.passwordShort);

    passwordReply = () => Response.json({ message: AUTH_TEXT.currentPasswordWrong }, { status: 400 });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'battery-staple' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(AUTH_TEXT.currentPasswordWrong)).toBeTruthy();

    passwordReply = () => Response.json({ revoked: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(AUTH_TEXT.passwordChanged)).toBeTruthy();
    expect(sent.filter((r) => r.url === '/api/auth/password').at(-1)?.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'battery-staple',
    });
    expect(screen.getByLabelText<HTMLInputElement>('Current password').value).toBe('');
  });
});
