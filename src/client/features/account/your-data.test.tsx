// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_DATA_TEXT } from '../../../shared/account-data';
import { AccountPage } from './account-page';

/** Issue 25 item 4: the Account page's "Download my data" and "Delete my account". */
let sent: { url: string; method?: string; body: unknown; headers: HeadersInit | undefined }[];
let deleteReply: () => Response;
let saved: { href: string; download: string }[];

beforeEach(() => {
  sent = [];
  saved = [];
  localStorage.setItem('sessionToken', 'token-1');
  deleteReply = () => new Response(null, { status: 204 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined, headers: init.headers });
      if (url === '/api/auth/sessions') return Response.json([]);
      if (url === '/api/users/me/export')
        return new Response('{"format":"markwell-export"}', {
          headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="markwell-data-2026-11-27.json"' },
        });
      if (url === '/api/users/me' && init.method === 'DELETE') return deleteReply();
      return new Response(null, { status: 404 });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage(onDeleted = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  render(<AccountPage onDeleted={onDeleted} />, { wrapper });
  return onDeleted;
}

const deleteForm = () => screen.getByRole('form', { name: 'Delete my account' });

describe('Your data and deleting the account', () => {
  it('downloads the data as the file the server names, with the session', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('status')).textContent).toBe('Saved as markwell-data-2026-11-27.json.');
    expect(saved).toEqual([{ href: 'blob:export', download: 'markwell-data-2026-11-27.json' }]);
    const request = sent.find((s) => s.url === '/api/users/me/export');
    expect(request?.headers).toEqual({ Authorization: 'Bearer token-1' });
  });

  it('asks for the password, then in a dialog that says what goes and that it cannot be undone; Cancel sends nothing', async () => {
    const onDeleted = renderPage();
    fireEvent.click(within(deleteForm()).getByRole('button', { name: 'Delete my account' }));
    expect(within(deleteForm()).getByRole('alert').textContent).toBe(ACCOUNT_DATA_TEXT.passwordRequired);
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'correct-horse' } });
    fireEvent.click(within(deleteForm()).getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account for good?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    expect(dialog.textContent).toContain('answers, marks and feedback');
    expect(dialog.textContent).toContain('Classes you teach are archived');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent.some((s) => s.method === 'DELETE')).toBe(false);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('deletes with the password once confirmed, then leaves (signed out)', async () => {
    const onDeleted = renderPage();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'correct-horse' } });
    fireEvent.click(within(deleteForm()).getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([
      expect.objectContaining({ url: '/api/users/me', body: { password: 'correct-horse' } }),
    ]);
  });

  it("shows the server's reason when the password is wrong, and keeps the account", async () => {
    deleteReply = () => Response.json({ message: ACCOUNT_DATA_TEXT.passwordWrong }, { status: 400 });
    const onDeleted = renderPage();
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'not-it' } });
    fireEvent.click(within(deleteForm()).getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(deleteForm()).getByRole('alert').textContent).toBe(ACCOUNT_DATA_TEXT.passwordWrong);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
