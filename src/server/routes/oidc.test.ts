import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OIDC_TEXT } from '../../shared/oidc-text';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { oidcIdentities, oidcLogins, users } from '../db/schema';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { hashToken } from '../services/auth';
import { verifiedEmailOf } from '../services/oidc';
import { startOidcProvider, type OidcTestProvider } from '../testing/oidc-provider';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';

/**
 * Sign-in with the school's identity provider (issue 25 item 3), on both databases, against a real OpenID provider
 * (oidc-provider) on 127.0.0.1: authorization code with PKCE, state and nonce; the account linked by verified e-mail;
 * a wrong state, a replayed code and an unverified e-mail refused.
 */
const PUBLIC_URL = 'http://markwell.test';
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/oidc/callback`;
const CLIENT = { clientId: 'markwell', clientSecret: 'a-long-client-secret-for-the-tests-0123456789' };
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

let provider: OidcTestProvider;
let t: TestApp;

const oidcSettings = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: CLIENT.clientId,
  OIDC_CLIENT_SECRET: CLIENT.clientSecret,
  OIDC_LABEL: 'Sign in with Northfield School',
  PUBLIC_URL,
  AUTH_RATE_LIMIT_PER_IP: '100000',
});

beforeAll(async () => {
  provider = await startOidcProvider({ ...CLIENT, redirectUri: REDIRECT_URI });
  t = await buildTestApp(oidcSettings(provider.issuer) as Record<string, string>);
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let accounts = 0;
/** A person at the provider, by a fresh subject. */
function personAtProvider(claims: Parameters<OidcTestProvider['accounts']['set']>[1]): string {
  const sub = `person-${++accounts}`;
  provider.accounts.set(sub, claims);
  return sub;
}

type Injector = TestApp['app'];

/** GET /api/auth/oidc/start: the provider's URL and the browser's state cookie. */
async function start(app: Injector = t.app) {
  const res = await app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
  expect(res.statusCode, res.body).toBe(302);
  const cookie = res.cookies.find((c) => c.name === 'markwell_oidc_state');
  expect(cookie).toBeDefined();
  return { location: new URL(String(res.headers.location)), stateCookie: cookie!.value, cookie: cookie! };
}

/** The provider's redirect back to the app, as the browser follows it (with its state cookie unless told otherwise). */
async function callback(back: URL, stateCookie: string | null, app: Injector = t.app) {
  expect(back.origin + back.pathname).toBe(REDIRECT_URI);
  return app.inject({
    method: 'GET',
    url: `/api/auth/oidc/callback${back.search}`,
    headers: { 'user-agent': FIREFOX },
    cookies: stateCookie === null ? {} : { markwell_oidc_state: stateCookie },
  });
}

/** The whole sign-in as a browser does it: start, the provider's login form, the callback. */
async function signInWithProvider(sub: string, app: Injector = t.app) {
  const { location, stateCookie } = await start(app);
  const back = await provider.signIn(location.href, sub);
  return { res: await callback(back, stateCookie, app), back, stateCookie };
}

const sessionCookieOf = (res: Awaited<ReturnType<typeof callback>>) => res.cookies.find((c) => c.name === 'markwell_session')?.value;
const errorOf = (res: Awaited<ReturnType<typeof callback>>) => {
  expect(res.statusCode).toBe(302);
  expect(sessionCookieOf(res)).toBeUndefined();
  return new URL(String(res.headers.location), PUBLIC_URL).searchParams.get('error');
};
const countUsers = async () => (await t.database.db.select({ id: users.id }).from(users)).length;

describe('GET /api/auth/oidc/start', () => {
  it('redirects to the provider with the code flow, PKCE S256, state, nonce and the registered redirect URI', async () => {
    const { location, stateCookie, cookie } = await start();
    expect(location.origin).toBe(provider.issuer);
    const params = location.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(CLIENT.clientId);
    expect(params.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toBe(stateCookie);
    // The browser's copy of the state: HttpOnly, SameSite=Lax (the provider's redirect back is a top-level GET), short-lived.
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc', maxAge: 600 });
    // The verifier and the nonce are kept in the database (any instance can finish the sign-in), under the state's hash.
    const [row] = await t.database.db
      .select()
      .from(oidcLogins)
      .where(eq(oidcLogins.stateHash, hashToken(stateCookie)));
    expect(row.nonce).toBe(params.get('nonce'));
    expect(row.codeVerifier).not.toBe(params.get('code_challenge'));
  });

  it('names the button on GET /api/auth/options', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/options' });
    expect(res.json()).toMatchObject({ oidc: { label: 'Sign in with Northfield School' } });
  });
});

describe('a sign-in with the provider', () => {
  it('creates a student account without a password and a session, usable from the cookie and as a bearer token', async () => {
    const sub = personAtProvider({
      email: 'Ada.Lovelace@Northfield.sch.uk',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
    });
    const { res } = await signInWithProvider(sub);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe('/auth?signin=oidc');
    const session = sessionCookieOf(res);
    expect(session).toBeDefined();
    expect(res.cookies.find((c) => c.name === 'markwell_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(res.cookies.find((c) => c.name === 'markwell_device')?.value).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
    // The state cookie is cleared.
    expect(res.cookies.find((c) => c.name === 'markwell_oidc_state')?.value).toBe('');

    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { markwell_session: session! } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada.lovelace@northfield.sch.uk',
      username: 'ada.lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });

    // The page the callback lands on takes the session's token for the app's writes.
    const handoff = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/session', cookies: { markwell_session: session! } });
    expect(handoff.statusCode).toBe(200);
    expect(handoff.json()).toEqual({ sessionId: session, user: me.json() });
    const bearer = { authorization: `Bearer ${session}` };
    const sessions = await t.app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer });
    expect(sessions.json()).toEqual([expect.objectContaining({ device: 'Firefox on Windows', current: true })]);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: bearer })).json()).toEqual({
      revoked: 0,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/oidc/session' })).statusCode).toBe(401);

    // No password signs in to an account made here (not an empty one, not the stored placeholder).
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'ada.lovelace@northfield.sch.uk'));
    for (const password of ['', ' ', 'password', row.passwordHash, row.passwordHash.split('$')[1]]) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ada.lovelace@northfield.sch.uk', password },
      });
      expect([400, 401], password).toContain(login.statusCode);
    }

    // The next sign-in finds the same account by the provider's subject, even after the e-mail changed there.
    provider.accounts.set(sub, { email: 'ada.l@northfield.sch.uk', email_verified: true });
    const again = await signInWithProvider(sub);
    const meAgain = await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { markwell_session: sessionCookieOf(again.res)! } });
    expect(meAgain.json().id).toBe(me.json().id);
    const links = await t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, me.json().id));
    expect(links).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: sub })]);
  });

  it('links to the existing account with the same e-mail (any case), which keeps its password', async () => {
    const student = await signUp(t.app, { email: `grace.hopper-${accounts}@northfield.sch.uk` });
    const before = await countUsers();
    const sub = personAtProvider({ email: student.email.toUpperCase(), email_verified: true });
    const { res } = await signInWithProvider(sub);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', cookies: { markwell_session: sessionCookieOf(res)! } });
    expect(me.json()).toMatchObject({ id: student.user.id, email: student.email });
    expect(await countUsers()).toBe(before);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: student.email, password: 'correct-horse' },
    });
    expect(login.statusCode).toBe(200);

    // Another account of the same provider with that e-mail (a recycled address) does not take the linked account over.
    const other = personAtProvider({ email: student.email, email_verified: true });
    expect(errorOf((await signInWithProvider(other)).res)).toBe('oidc_linked_elsewhere');
  });

  it('works when the callback reaches another app instance on the same database (nothing kept in memory)', async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...oidcSettings(provider.issuer) });
    const other = await buildApp({ config, database: t.database, engine: createBuiltinEngine(), clientDir: '/nonexistent' });
    try {
      const sub = personAtProvider({ email: `instance-${accounts}@northfield.sch.uk`, email_verified: true });
      const { location, stateCookie } = await start(t.app);
      const back = await provider.signIn(location.href, sub);
      const res = await callback(back, stateCookie, other);
      expect(res.headers.location).toBe('/auth?signin=oidc');
      expect(sessionCookieOf(res)).toBeDefined();
    } finally {
      await other.close();
    }
  });
});

describe('refused sign-ins', () => {
  it('refuses a wrong, missing, foreign or reused state, and creates nothing', async () => {
    const sub = personAtProvider({ email: `state-${accounts}@northfield.sch.uk`, email_verified: true });
    const before = await countUsers();
    const { location, stateCookie } = await start();
    const back = await provider.signIn(location.href, sub);
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${stateCookie.slice(0, -1)}${stateCookie.endsWith('A') ? 'B' : 'A'}`);
    expect(errorOf(await callback(tampered, stateCookie))).toBe('oidc_state');
    // The browser that did not start this sign-in (no state cookie, or another one: a login planted by someone else).
    expect(errorOf(await callback(back, null))).toBe('oidc_state');
    const otherBrowser = await start();
    expect(errorOf(await callback(back, otherBrowser.stateCookie))).toBe('oidc_state');
    const noState = new URL(back);
    noState.searchParams.delete('state');
    expect(errorOf(await callback(noState, stateCookie))).toBe('oidc_state');
    // A state and cookie made up together, never issued by /start.
    const madeUp = new URL(back);
    madeUp.searchParams.set('state', 'x'.repeat(43));
    expect(errorOf(await callback(madeUp, 'x'.repeat(43)))).toBe('oidc_state');
    expect(await countUsers()).toBe(before);

    // The real one still works once; the same redirect again is refused (its state was taken).
    expect(sessionCookieOf(await callback(back, stateCookie))).toBeDefined();
    expect(errorOf(await callback(back, stateCookie))).toBe('oidc_state');
  });

  it('refuses a replayed code: the provider will not exchange it twice, even with its state and verifier restored', async () => {
    const sub = personAtProvider({ email: `replay-${accounts}@northfield.sch.uk`, email_verified: true });
    const { location, stateCookie } = await start();
    const [login] = await t.database.db
      .select()
      .from(oidcLogins)
      .where(eq(oidcLogins.stateHash, hashToken(stateCookie)));
    const back = await provider.signIn(location.href, sub);
    const first = await callback(back, stateCookie);
    expect(sessionCookieOf(first)).toBeDefined();
    // An attacker with the whole redirect (code, state) and a way round the single-use state: the code is spent.
    await t.database.db.insert(oidcLogins).values(login);
    const replay = await callback(back, stateCookie);
    expect(errorOf(replay)).toBe('oidc_failed');
  });

  it('refuses an unverified e-mail or none, and creates no account', async () => {
    const before = await countUsers();
    const unverified = personAtProvider({ email: `unverified-${accounts}@example.org`, email_verified: false });
    expect(errorOf((await signInWithProvider(unverified)).res)).toBe('oidc_unverified');
    // An unverified address never reaches an existing account with that address either.
    const victim = await signUp(t.app, { email: `victim-${accounts}@northfield.sch.uk` });
    const impostor = personAtProvider({ email: victim.email, email_verified: false });
    expect(errorOf((await signInWithProvider(impostor)).res)).toBe('oidc_unverified');
    const silent = personAtProvider({ email_verified: true });
    expect(errorOf((await signInWithProvider(silent)).res)).toBe('oidc_no_email');
    expect(await countUsers()).toBe(before + 1);
    expect(await t.database.db.select().from(oidcIdentities).where(eq(oidcIdentities.userId, victim.user.id))).toEqual([]);
  });

  it('says the sign-in was cancelled when the person cancels at the provider', async () => {
    personAtProvider({ email: 'cancel@northfield.sch.uk', email_verified: true });
    const { location, stateCookie } = await start();
    const back = await provider.signIn(location.href, { abort: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(errorOf(await callback(back, stateCookie))).toBe('oidc_denied');
  });
});

describe('without a working provider', () => {
  it('a provider that is down sends the browser back with a clear code, not a 500', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await buildTestApp(oidcSettings(`http://127.0.0.1:${port}`) as Record<string, string>);
    try {
      const res = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/auth?error=oidc_unavailable');
    } finally {
      await down.close();
    }
  });

  it('is refused, and not offered, when OIDC is not configured', async () => {
    const plain = await buildTestApp();
    try {
      for (const url of ['/api/auth/oidc/start', '/api/auth/oidc/callback?code=x&state=y']) {
        const res = await plain.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ message: OIDC_TEXT.notConfigured });
      }
      expect((await plain.app.inject({ method: 'GET', url: '/api/auth/options' })).json()).toMatchObject({ oidc: null });
    } finally {
      await plain.close();
    }
  });
});

describe('verifiedEmailOf', () => {
  it('takes email_verified: true, or (without it) Microsoft Entra’s xms_edov: true, and nothing else', () => {
    expect(verifiedEmailOf({ email: ' Jo@School.org ', email_verified: true })).toEqual({ email: 'jo@school.org' });
    expect(verifiedEmailOf({ email: 'jo@school.org', xms_edov: true })).toEqual({ email: 'jo@school.org' });
    expect(verifiedEmailOf({ email: 'jo@school.org', email_verified: false, xms_edov: true })).toEqual({ refused: 'oidc_unverified' });
    expect(verifiedEmailOf({ email: 'jo@school.org', email_verified: 'true' })).toEqual({ refused: 'oidc_unverified' });
    expect(verifiedEmailOf({ email: 'jo@school.org' })).toEqual({ refused: 'oidc_unverified' });
    expect(verifiedEmailOf({ email: 'not an address', email_verified: true })).toEqual({ refused: 'oidc_no_email' });
    expect(verifiedEmailOf({ email_verified: true })).toEqual({ refused: 'oidc_no_email' });
  });
});
