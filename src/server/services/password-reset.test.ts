import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TEXT } from '../../shared/password-reset-text';
import { buildTestApp, signUp, type TestApp } from '../testing/test-app';
import { drawResetCode, issueAdminResetCode, normaliseCode } from './password-reset';

/** The administrator's reset code (`npm run user:reset`, scripts/user-reset.ts), on both databases. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const reset = (payload: object) => t.app.inject({ method: 'POST', url: '/api/auth/reset', payload });
const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('an administrator’s reset code', () => {
  it('is issued by e-mail address (any case), works once with that address, and replaces an earlier one', async () => {
    const user = await signUp(t.app, { password: 'old-password-1' });
    const first = await issueAdminResetCode(t.database.db, user.email.toUpperCase());
    const second = await issueAdminResetCode(t.database.db, ` ${user.email} `);
    expect(second.email).toBe(user.email);
    expect(Date.parse(second.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect((await reset({ email: user.email, code: first.code, password: 'new-password-2' })).json()).toEqual({
      message: RESET_TEXT.invalid,
    });
    const done = await reset({ email: user.email, code: second.code, password: 'new-password-2' });
    expect(done.statusCode).toBe(200);
    expect((await login(user.email, 'new-password-2')).statusCode).toBe(200);
    expect((await login(user.email, 'old-password-1')).statusCode).toBe(401);
    expect((await reset({ email: user.email, code: second.code, password: 'third-password-3' })).statusCode).toBe(400);
  });

  it('refuses an address with no account', async () => {
    await expect(issueAdminResetCode(t.database.db, 'nobody@example.org')).rejects.toMatchObject({
      statusCode: 404,
      message: RESET_TEXT.userNotFound,
    });
  });
});

describe('codes', () => {
  it('are ten characters of the unambiguous alphabet, grouped, and read back whatever the case or separators', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = drawResetCode();
      expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
      seen.add(code);
    }
    expect(seen.size).toBe(200);
    expect(normaliseCode(' k7mpq 3xwrt ')).toBe('K7MPQ3XWRT');
    expect(normaliseCode('K7MPQ-3XWRT')).toBe('K7MPQ3XWRT');
  });
});
