import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../shared/auth';
import { AUTH_TEXT } from '../../shared/auth-text';
import { describeDevice } from '../services/auth';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Accounts a school can trust (issue 25 item 1), on both databases: changing the password ends every other
 * session; the list of one's sessions names the device and the last use; "sign out other devices".
 */
let t: TestApp;
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '100000' } as Record<string, string>);
});
afterAll(async () => {
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
async function login(email: string, password: string, userAgent = WINDOWS_FIREFOX) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, headers: { 'user-agent': userAgent } });
}
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('changing the password', () => {
  it('needs the current password, ends every other session, and lets the new one in (the old one no more)', async () => {
    const user = await signUp(t.app);
    const phone = (await login(user.email, 'correct-horse', ANDROID)).json().sessionId as string;
    expect((await me(phone)).statusCode).toBe(200);
    const url = '/api/auth/password';
    const wrong = await t.app.inject({
      method: 'POST',
      url,
      headers: user.headers,
      payload: { currentPassword: 'not-it', newPassword: 'battery-staple' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(AUTH_TEXT.currentPasswordWrong);
    const short = await t.app.inject({
      method: 'POST',
      url,
      headers: user.headers,
      payload: { currentPassword: 'correct-horse', newPassword: 'abc' },
    });
    expect(short.json().message).toBe(AUTH_TEXT.passwordShort);
    const same = await t.app.inject({
      method: 'POST',
      url,
      headers: user.headers,
      payload: { currentPassword: 'correct-horse', newPassword: 'correct-horse' },
    });
    expect(same.json().message).toBe(AUTH_TEXT.samePassword);
    expect((await me(phone)).statusCode).toBe(200);

    const changed = await t.app.inject({
      method: 'POST',
      url,
      headers: user.headers,
      payload: { currentPassword: 'correct-horse', newPassword: 'battery-staple' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ revoked: 1 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(user.sessionId)).statusCode).toBe(200);
    expect((await login(user.email, 'correct-horse')).statusCode).toBe(401);
    expect((await login(user.email, 'battery-staple')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url, payload: { currentPassword: 'x', newPassword: 'yyyyyyy' } })).statusCode).toBe(401);
  });
});

describe("one's sessions", () => {
  it('lists the live sessions with their device and last use, the current one first; "sign out other devices" ends the rest', async () => {
    const user = await signUp(t.app);
    const phone = (await login(user.email, 'correct-horse', ANDROID)).json().sessionId as string;
    const laptop = (await login(user.email, 'correct-horse', WINDOWS_FIREFOX)).json().sessionId as string;
    const other = await signUp(t.app);
    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(laptop) });
    expect(list.statusCode).toBe(200);
    const sessions: SessionInfo[] = list.json();
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, device: 'Firefox on Windows' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain('Chrome on Android');
    expect(sessions.every((s) => !Number.isNaN(Date.parse(s.lastUsedAt)))).toBe(true);
    // another user's sessions are not in the list
    expect(JSON.stringify(sessions)).not.toContain(other.sessionId);
    expect(
      ((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: other.headers })).json() as SessionInfo[]).length,
    ).toBe(1);

    const ended = await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: bearer(laptop) });
    expect(ended.json()).toEqual({ revoked: 2 });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(user.sessionId)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);
    expect((await me(other.sessionId)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(laptop) })).json()).toHaveLength(1);
  });

  it('names devices from their user agents', () => {
    expect(describeDevice(ANDROID)).toBe('Chrome on Android');
    expect(describeDevice(WINDOWS_FIREFOX)).toBe('Firefox on Windows');
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone');
    expect(describeDevice('lightMyRequest')).toBeNull();
    expect(describeDevice(undefined)).toBeNull();
  });
});
