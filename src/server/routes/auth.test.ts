import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../shared/auth-text';
import { sessions, users } from '../db/schema';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object, headers });
const login = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const me = (token?: string) =>
  t.app.inject({ method: 'GET', url: '/api/users/me', headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('POST /api/auth/register', () => {
  it('creates the account, derives a username from the e-mail and returns a working session', async () => {
    const res = await register({ email: '  Ada.Lovelace+maths@Example.org ', password: 'secret1', firstName: 'Ada', lastName: '' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      username: 'ada.lovelace',
      email: 'ada.lovelace+maths@example.org',
      firstName: 'Ada',
      lastName: null,
    });
    expect(body.user).not.toHaveProperty('passwordHash');
    expect(body.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
    const current = await me(body.sessionId);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual(body.user);
  });

  it('gives students who sign up at the same moment with the same mailbox name different usernames', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((n) => register({ email: `kim@school${n}.org`, password: 'secret1' })));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().user.username)).size).toBe(4);
  });

  it('gives the next student with the same mailbox name a different username', async () => {
    const a = await register({ email: 'sam@one.org', password: 'secret1' });
    const b = await register({ email: 'sam@two.org', password: 'secret1' });
    expect(a.json().user.username).toBe('sam');
    expect(b.json().user.username).toBe('sam2');
  });

  it('stores only a hash of the password and of the session token', async () => {
    const res = await register({ email: 'hash-check@example.org', password: 'my-secret-pw' });
    const { sessionId, user } = res.json();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row.passwordHash).not.toContain('my-secret-pw');
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(createHash('sha256').update(sessionId).digest('hex'));
    expect(stored[0].tokenHash).not.toBe(sessionId);
    const days = (stored[0].expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('rejects a short password with the spec text', async () => {
    const res = await register({ email: 'short@example.org', password: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: AUTH_TEXT.passwordShort });
  });

  it('rejects blank e-mail or password', async () => {
    for (const payload of [{ email: '   ', password: 'secret1' }, { email: 'a@b.org', password: '      ' }, { email: 'a@b.org' }]) {
      const res = await register(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AUTH_TEXT.required);
    }
  });

  it('checks the e-mail format', async () => {
    const res = await register({ email: 'not-an-email', password: 'secret1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_TEXT.invalidEmail);
  });

  it('answers a duplicate e-mail (in any case) with 409 and a clear message', async () => {
    await register({ email: 'dup@example.org', password: 'secret1' });
    const res = await register({ email: 'DUP@example.org', password: 'another1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AUTH_TEXT.duplicateEmail);
  });

  it('answers wrong types and malformed JSON with 400, never a 500 or a stack trace', async () => {
    const wrongType = await register({ email: 42, password: ['x'] });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toBeTruthy();
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "x@y.org", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect(malformed.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('refuses a body over the JSON limit with 413', async () => {
    const res = await register({ email: 'big@example.org', password: 'x'.repeat(600 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });
});

describe('POST /api/auth/login', () => {
  it('logs in with the right password, whatever the e-mail case, and returns a new session', async () => {
    const account = await signUp(t.app, { email: 'login-ok@example.org', password: 'pa55word' });
    const res = await login({ email: 'Login-OK@example.org', password: 'pa55word' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.id).toBe(account.user.id);
    expect(body.sessionId).not.toBe(account.sessionId);
    expect((await me(body.sessionId)).statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/markwell_session=.*HttpOnly.*SameSite=Lax/i);
  });

  it('answers a wrong password or unknown e-mail with 401 "Invalid email or password"', async () => {
    await signUp(t.app, { email: 'login-bad@example.org', password: 'pa55word' });
    for (const payload of [
      { email: 'login-bad@example.org', password: 'wrong-one' },
      { email: 'nobody@example.org', password: 'pa55word' },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_TEXT.invalidCredentials });
    }
  });

  it('needs both fields', async () => {
    const res = await login({ email: '', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_TEXT.required);
  });
});

describe('sessions', () => {
  it('GET /api/users/me without or with a bad token is 401', async () => {
    expect((await me()).statusCode).toBe(401);
    const bad = await me('not-a-real-token');
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ message: 'Authentication required' });
  });

  it('logout revokes the session', async () => {
    const account = await signUp(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: account.headers });
    expect(out.statusCode).toBe(200);
    expect((await me(account.sessionId)).statusCode).toBe(401);
  });

  it('an expired session is refused, and a live one slides forward when used', async () => {
    const expired = await signUp(t.app);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, expired.user.id));
    expect((await me(expired.sessionId)).statusCode).toBe(401);

    const live = await signUp(t.app);
    const soon = new Date(Date.now() + 86_400_000);
    await t.database.db
      .update(sessions)
      .set({ expiresAt: soon, lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, live.user.id));
    expect((await me(live.sessionId)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, live.user.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('another site’s form cannot sign the student out (403, cookie and session kept); logout from the app revokes the session it clears', async () => {
    const account = await signUp(t.app);
    const cookie = `markwell_session=${account.sessionId}`;
    const form = { 'content-type': 'application/x-www-form-urlencoded', cookie };
    for (const headers of <Record<string, string>[]>[
      { ...form, origin: 'https://evil.example' },
      { ...form, origin: 'null' },
      { ...form, 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, 'sec-fetch-site': 'same-site', origin: 'https://other.localhost' },
    ]) {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers,
        payload: headers['content-type'] ? '' : undefined,
      });
      expect(forged.statusCode, JSON.stringify(headers)).toBe(403);
      expect(forged.json()).toEqual({ message: AUTH_TEXT.crossSite });
      expect(forged.headers['set-cookie'], JSON.stringify(headers)).toBeUndefined();
      expect((await me(account.sessionId)).statusCode).toBe(200);
    }
    // The same form from the app's own origin is still not JSON.
    const sameOriginForm = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...form, origin: 'http://localhost:80' },
    });
    expect(sameOriginForm.statusCode).toBe(415);
    expect((await me(account.sessionId)).statusCode).toBe(200);

    // The app's own logout with only the cookie (the browser's same-origin request): the session ends, not just the cookie.
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'content-type': 'application/json', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^markwell_session=;/);
    expect((await me(account.sessionId)).statusCode).toBe(401);
  });

  it('state-changing calls from another site are refused with 403 before anything else; reads and same-site calls are not', async () => {
    const account = await signUp(t.app);
    const write = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/courses/direct-create',
        headers: { ...account.headers, 'content-type': 'application/json', ...headers },
        payload: { subject: 'Physics' },
      });
    expect((await write({ origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await write({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // A proxy that rewrites Host: the browser's Sec-Fetch-Site decides, not the Origin.
    expect((await write({ origin: 'https://markwell.school.example', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await write({ origin: 'http://localhost:80' })).statusCode).toBe(201);
    expect((await write({})).statusCode).toBe(201); // no Origin: not a browser's cross-site request
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/courses',
      headers: { ...account.headers, origin: 'https://evil.example' },
    });
    expect(read.statusCode).toBe(200);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/courses/direct-create',
      headers: { ...account.headers, 'content-type': 'text/plain' },
      payload: '{"subject":"Physics"}',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('Send the request body as JSON (Content-Type: application/json).');
  });

  it('renews the session cookie when the session slides forward', async () => {
    const account = await signUp(t.app);
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.userId, account.user.id));
    const renewed = await me(account.sessionId);
    expect(String(renewed.headers['set-cookie'])).toMatch(new RegExp(`^markwell_session=${account.sessionId};.*Max-Age=2592000`));
    expect((await me(account.sessionId)).headers['set-cookie']).toBeUndefined(); // just renewed: nothing to renew
  });

  it('trusts a seen session for SESSION_CACHE_SECONDS: revoked here it stops at once, revoked elsewhere within that time', async () => {
    const cached = await buildTestApp({ SESSION_CACHE_SECONDS: '1' });
    try {
      const ask = (token: string) =>
        cached.app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
      const here = await signUp(cached.app);
      expect((await ask(here.sessionId)).statusCode).toBe(200);
      await cached.app.inject({ method: 'POST', url: '/api/auth/logout', headers: here.headers });
      expect((await ask(here.sessionId)).statusCode).toBe(401);

      const elsewhere = await signUp(cached.app);
      expect((await ask(elsewhere.sessionId)).statusCode).toBe(200);
      // Another instance revokes it: this one learns within the cache's second.
      await cached.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, elsewhere.user.id));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await ask(elsewhere.sessionId)).statusCode).toBe(401);
    } finally {
      await cached.close();
    }
  });

  it('the session cookie authorises reads but not writes (no cross-site request forgery)', async () => {
    const account = await signUp(t.app);
    const cookie = `markwell_session=${account.sessionId}`;
    const read = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    const { sessionToken } = await import('../auth-hook');
    expect(sessionToken({ method: 'POST', headers: {}, cookies: { markwell_session: 'x' } } as never)).toBeNull();
  });
});

describe('rate limits', () => {
  it('limits attempts per e-mail address with 429 and a clear message', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'target@example.org', password: 'guess123' } });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ message: AUTH_TEXT.tooManyAttempts });
      // Another address from the same client is still allowed.
      const other = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'other@example.org', password: 'guess123' },
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('holds the limit when the attempts arrive all at once', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'burst@example.org', password: 'guess123' } }),
        ),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(3);
      expect(codes.filter((c) => c === 429)).toHaveLength(9);
    } finally {
      await limited.close();
    }
  });

  it('limits sign-ups per client address', async () => {
    const limited = await buildTestApp({ AUTH_SIGNUP_RATE_LIMIT_PER_IP: '2', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const reg = (n: number) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: `ip${n}@example.org`, password: 'secret1' } });
      expect((await reg(1)).statusCode).toBe(201);
      expect((await reg(2)).statusCode).toBe(201);
      const blocked = await reg(3);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe(AUTH_TEXT.tooManyAttempts);
      // Logins are counted apart from sign-ups: the two students can still log in from the same address.
      const login1 = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ip1@example.org', password: 'secret1' },
      });
      expect(login1.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('lets a class of 30 behind one school address sign up and log in with the default limits', async () => {
    const school = await buildTestApp();
    try {
      for (let n = 0; n < 30; n++) {
        const payload = { email: `pupil${n}@school.example`, password: 'secret1' };
        const signUpRes = await school.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress: '203.0.113.7' });
        expect(signUpRes.statusCode).toBe(201);
        const loginRes = await school.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: '203.0.113.7' });
        expect(loginRes.statusCode).toBe(200);
      }
    } finally {
      await school.close();
    }
  });

  it('a guesser at another address cannot lock the owner out', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const account = { email: 'owner@example.org', password: 'owners-password' };
      expect(
        (await limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: account, remoteAddress: '198.51.100.1' }))
          .statusCode,
      ).toBe(201);
      const guess = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { ...account, password: 'wrong-guess' },
          remoteAddress: '192.0.2.66',
        });
      for (let i = 0; i < 3; i++) expect((await guess()).statusCode).toBe(401);
      expect((await guess()).statusCode).toBe(429);
      // The owner, at their own address, with the right password: in.
      const owner = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: account, remoteAddress: '198.51.100.1' });
      expect(owner.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('failures of others at the owner’s own address (a school) do not throttle a browser that has signed in before', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const school = '203.0.113.50';
      const account = { email: 'teacher@example.org', password: 'owners-password' };
      const send = (url: string, payload: object, cookie?: string) =>
        limited.app.inject({ method: 'POST', url, payload, remoteAddress: school, headers: cookie ? { cookie } : {} });
      const deviceOf = (res: { cookies: { name: string; value: string }[] }) => {
        const found = res.cookies.find((c) => c.name === 'markwell_device');
        if (!found) throw new Error('no device cookie');
        return `markwell_device=${found.value}`;
      };
      const registered = await send('/api/auth/register', account);
      expect(registered.statusCode).toBe(201);
      const setCookie = [registered.headers['set-cookie']].flat().find((c) => String(c).startsWith('markwell_device='));
      expect(setCookie).toMatch(/; Max-Age=31536000; Path=\/api\/auth; HttpOnly; SameSite=Lax$/);
      const device = deviceOf(registered);
      expect(registered.json()).not.toHaveProperty('device');

      // Someone else at the school's address types wrong passwords for the account until it is throttled there.
      for (let i = 0; i < 3; i++) expect((await send('/api/auth/login', { ...account, password: 'wrong-guess' })).statusCode).toBe(401);
      expect((await send('/api/auth/login', { ...account, password: 'wrong-guess' })).statusCode).toBe(429);
      expect((await send('/api/auth/login', account)).statusCode).toBe(429); // a browser that never signed in waits
      // A made-up device cookie is an unknown device.
      const forged = `markwell_device=${'A'.repeat(22)}.${'B'.repeat(43)}`;
      expect((await send('/api/auth/login', account, forged)).statusCode).toBe(429);
      expect((await send('/api/auth/login', account, `${device.slice(0, -2)}xx`)).statusCode).toBe(429);

      // The owner's own browser: in, at once, and it keeps its device id.
      const owner = await send('/api/auth/login', account, device);
      expect(owner.statusCode).toBe(200);
      expect(deviceOf(owner).split('.')[0]).toBe(device.split('.')[0]);

      // The known browser has a budget of its own: its own wrong passwords throttle it (and only it).
      for (let i = 0; i < 3; i++) expect((await send('/api/auth/login', { ...account, password: 'typo' }, device)).statusCode).toBe(401);
      expect((await send('/api/auth/login', account, device)).statusCode).toBe(429);

      // A device cookie proves a sign-in to its own account only.
      const other = { email: 'other@example.org', password: 'other-password' };
      expect((await limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: other })).statusCode).toBe(201);
      for (let i = 0; i < 3; i++) expect((await send('/api/auth/login', { ...other, password: 'x-guess' })).statusCode).toBe(401);
      expect((await send('/api/auth/login', other, device)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('guesses spread over many addresses slow further logins on the e-mail down but never block the owner', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '2', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const account = { email: 'spread@example.org', password: 'owners-password' };
      await limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
      for (let i = 1; i <= 3; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { ...account, password: 'nope' },
          remoteAddress: `192.0.2.${i}`,
        });
        expect(res.statusCode).toBe(401);
      }
      const owner = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: account, remoteAddress: '198.51.100.9' });
      expect(owner.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('counts a successful login out again, so typing the password right resets that address', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '100' });
    try {
      const account = { email: 'typo@example.org', password: 'right-password' };
      await limited.app.inject({ method: 'POST', url: '/api/auth/register', payload: account });
      const attempt = (password: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { ...account, password } });
      for (let round = 0; round < 3; round++) {
        expect((await attempt('typo-1')).statusCode).toBe(401);
        expect((await attempt('typo-2')).statusCode).toBe(401);
        expect((await attempt(account.password)).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });

  it('limits failed logins per client address across e-mails', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '3', AUTH_RATE_LIMIT_PER_EMAIL: '100' });
    try {
      const attempt = (n: number) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: `someone${n}@example.org`, password: 'guess123' } });
      for (let n = 0; n < 3; n++) expect((await attempt(n)).statusCode).toBe(401);
      expect((await attempt(99)).statusCode).toBe(429);
      const elsewhere = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone99@example.org', password: 'guess123' },
        remoteAddress: '198.51.100.20',
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });

  it('slows logins on an e-mail down progressively once it has many recent failures', async () => {
    const { loginDelayMs } = await import('../services/auth');
    expect(loginDelayMs(0, 10)).toBe(0);
    expect(loginDelayMs(9, 10)).toBe(0);
    expect(loginDelayMs(10, 10)).toBe(500);
    expect(loginDelayMs(11, 10)).toBe(1000);
    expect(loginDelayMs(50, 10)).toBe(8000);
  });
});

describe('the session cookie', () => {
  const setCookie = (res: { headers: Record<string, unknown> }) => String(res.headers['set-cookie'] ?? '');

  it('is Secure behind an HTTPS proxy when TRUST_PROXY is set, and cleared with the same attributes', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: 'true' });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      const reg = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'tls@example.org', password: 'secret123' },
        headers: https,
      });
      expect(setCookie(reg)).toMatch(/markwell_session=[^;]+;.*HttpOnly; Secure; SameSite=Lax/);
      const login = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'tls@example.org', password: 'secret123' },
        headers: https,
      });
      expect(setCookie(login)).toContain('Secure');
      const out = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...https, authorization: `Bearer ${login.json().sessionId}` },
      });
      expect(setCookie(out)).toMatch(/markwell_session=;.*HttpOnly; Secure/);
      const plain = await proxied.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'tls@example.org', password: 'secret123' },
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(setCookie(plain)).not.toContain('Secure');
    } finally {
      await proxied.close();
    }
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY, and is always Secure with COOKIE_SECURE=true', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'spoof@example.org', password: 'secret123' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(setCookie(res)).not.toContain('Secure');
    const always = await buildTestApp({ COOKIE_SECURE: 'true' });
    try {
      const reg = await always.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email: 'always@example.org', password: 'secret123' },
      });
      expect(setCookie(reg)).toContain('Secure');
    } finally {
      await always.close();
    }
  });
});

describe('the HTTP surface', () => {
  it('sends helmet security headers', async () => {
    const res = await me();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers a non-JSON body with 415 and says what to send', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '<login/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Send the request body as JSON (Content-Type: application/json).' });
  });

  it('turns an unexpected failure into a plain 500 with no stack trace or internal message', async () => {
    const builtin = createBuiltinEngine();
    const broken = await buildTestApp(
      {},
      {
        ...builtin,
        generateCourse: async () => {
          throw new Error('secret internal detail at /srv/app.ts:42');
        },
      },
    );
    try {
      const account = await signUp(broken.app);
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/courses/direct-create',
        headers: account.headers,
        payload: { title: 'Biology A-Level Practice', subject: 'Biology' },
      });
      expect(res.statusCode).toBe(500);
      expect(Object.keys(res.json())).toEqual(['message']);
      expect(res.body).not.toMatch(/secret internal detail|app\.ts|at \w+ \(/);
    } finally {
      await broken.close();
    }
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
