// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESET_TEXT } from '../../../shared/password-reset-text';
import { Toaster } from '../../components/ui/toast';
import { dismissToast } from '../../components/ui/toast-store';
import { formatDateTime } from '../../lib/format';
import { StudentsList } from './components/students-list';

/** Issue 25 item 2: the teacher's "Reset code" for a student, shown once in a dialog with its expiry. */
let sent: { url: string; method?: string }[];
let reply: () => Response;
beforeEach(() => {
  sent = [];
  reply = () => Response.json({ code: 'K7MPQ-3XWRT', expiresAt: '2026-11-28T14:30:00.000Z' }, { status: 201 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method });
      return url.endsWith('/reset-code') ? reply() : new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  dismissToast();
  cleanup();
  vi.unstubAllGlobals();
});

const students = [
  { userId: 'u1', firstName: 'Ada', lastName: 'Byron', email: 'ada@school.org', joinedAt: '2026-11-01T09:00:00Z', lastActivityAt: null },
  { userId: 'u2', firstName: null, lastName: null, email: 'bo@school.org', joinedAt: '2026-11-02T09:00:00Z', lastActivityAt: null },
];
function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return render(
    <>
      <StudentsList classId="k1" students={students} />
      <Toaster />
    </>,
    { wrapper },
  );
}

describe('Reset code on the class roster', () => {
  it('issues a code for that student and shows it once with when it stops working', async () => {
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Reset code for Ada Byron' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset code for Ada Byron' });
    expect(within(dialog).getByLabelText('Reset code').textContent).toBe('K7MPQ-3XWRT');
    expect(within(dialog).getByText(RESET_TEXT.codeIssued)).toBeTruthy();
    // when, in the browser's locale (28 Nov 2026, 14:30 in a British one, in UTC)
    expect(within(dialog).getByText(new RegExp(`It works until ${formatDateTime('2026-11-28T14:30:00.000Z')}\\.`))).toBeTruthy();
    expect(sent).toEqual([{ url: '/api/classes/k1/students/u1/reset-code', method: 'POST' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('K7MPQ-3XWRT')).toBeNull();
  });

  it('says why when no code could be issued', async () => {
    reply = () => Response.json({ message: 'Student not found' }, { status: 404 });
    renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Reset code for bo@school.org' }));
    expect(await screen.findByText('Student not found')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
