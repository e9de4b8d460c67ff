// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TEXT } from '../../../shared/auth-text';
import { RESET_TEXT } from '../../../shared/password-reset-text';
import { AuthPage } from './auth-page';
import { ResetPasswordPage } from './password-reset-screens';
import { SessionProvider } from './session';

/** Issue 25 item 2: "Forgot password?" on /auth, a teacher's code, and the page the e-mailed link opens. */
let sent: { url: string; method?: string; body: unknown }[];
let emailSetUp: boolean;
let resetReply: () => Response;

beforeEach(() => {
  sent = [];
  emailSetUp = true;
  resetReply = () => Response.json({ message: RESET_TEXT.done });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/auth/password-reset') return Response.json({ email: emailSetUp });
      if (url === '/api/auth/forgot') return Response.json({ message: RESET_TEXT.emailSent }, { status: 202 });
      if (url === '/api/auth/reset') return resetReply();
      return new Response(null, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const wrapper = ({ children }: { children: ReactNode }) => <SessionProvider>{children}</SessionProvider>;
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Forgot password? on the log-in page', () => {
  it('e-mails a link when the server can, and says the same thing whatever the address', async () => {
    render(<AuthPage />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXT.forgotPassword }));
    const submit = await screen.findByRole('button', { name: 'E-mail me a reset link' });
    type('Email', 'not an address');
    fireEvent.click(submit);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address');
    type('Email', ' ada@school.org ');
    fireEvent.click(submit);
    expect((await screen.findByRole('status')).textContent).toBe(RESET_TEXT.emailSent);
    expect(sent.filter((s) => s.url === '/api/auth/forgot')).toEqual([
      { url: '/api/auth/forgot', method: 'POST', body: { email: 'ada@school.org' } },
    ]);
    // A code from a teacher works here too.
    fireEvent.click(screen.getByRole('button', { name: RESET_TEXT.haveCode }));
    expect(await screen.findByLabelText('Reset code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
  });

  it('without e-mail, tells the student to ask a teacher, takes the code, says it worked and goes back to log in', async () => {
    emailSetUp = false;
    render(<AuthPage />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXT.forgotPassword }));
    expect(await screen.findByText(RESET_TEXT.noEmail)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'E-mail me a reset link' })).toBeNull();
    type('Email', 'ada@school.org');
    type('Reset code', 'k7mpq-3xwrt');
    type('New password', 'abc');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long');

    resetReply = () => Response.json({ message: RESET_TEXT.invalid }, { status: 400 });
    type('New password', 'new-password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_TEXT.invalid);

    resetReply = () => Response.json({ message: RESET_TEXT.done });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_TEXT.done);
    expect(screen.queryByLabelText('Reset code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(sent.filter((s) => s.url === '/api/auth/reset').at(-1)?.body).toEqual({
      email: 'ada@school.org',
      code: 'k7mpq-3xwrt',
      password: 'new-password-2',
    });
  });
});

describe('the page the e-mailed link opens', () => {
  it('sets the new password with the link’s token, then sends the person to log in', async () => {
    window.history.replaceState(null, '', '/auth/reset?token=tok-from-link');
    render(<ResetPasswordPage />);
    type('New password', 'new-password-2');
    type('New password again', 'new-password-3');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(screen.getByRole('alert').textContent).toBe('The two passwords are not the same');
    type('New password again', 'new-password-2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set new password' })));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_TEXT.done);
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth');
    expect(sent).toEqual([{ url: '/api/auth/reset', method: 'POST', body: { token: 'tok-from-link', password: 'new-password-2' } }]);
  });

  it('signed in, "Log in" first lets the browser forget its ended session', async () => {
    window.history.replaceState(null, '', '/auth/reset?token=tok-from-link');
    const onLogIn = vi.fn();
    render(<ResetPasswordPage onLogIn={onLogIn} />);
    type('New password', 'new-password-2');
    type('New password again', 'new-password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_TEXT.done);
    expect(onLogIn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(onLogIn).toHaveBeenCalledOnce();
  });

  it('is what /auth shows at /auth/reset', async () => {
    window.history.replaceState(null, '', '/auth/reset?token=tok-from-link');
    render(<AuthPage />, { wrapper });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Sign Up' })).toBeNull();
  });

  it('says when the link is used, expired or missing its token', async () => {
    window.history.replaceState(null, '', '/auth/reset?token=used-token');
    resetReply = () => Response.json({ message: RESET_TEXT.invalid }, { status: 400 });
    render(<ResetPasswordPage />);
    type('New password', 'new-password-2');
    type('New password again', 'new-password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_TEXT.invalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link on the log-in page' })).toBeTruthy();
    cleanup();
    window.history.replaceState(null, '', '/auth/reset');
    render(<ResetPasswordPage />);
    expect(screen.getByRole('alert').textContent).toBe(RESET_TEXT.invalid);
    expect(screen.queryByRole('button', { name: 'Set new password' })).toBeNull();
  });
});
