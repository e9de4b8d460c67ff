import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEXT } from '../../shared/auth-text';
import { RESET_CODE_ALPHABET, RESET_TEXT } from '../../shared/password-reset-text';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { passwordResets, users } from '../db/schema';
import { createBuiltinEngine } from '../engine/builtin/builtin-engine';
import { RESET_EMAILS_PER_ADDRESS } from '../services/password-reset';
import { createScratchDatabase } from '../testing/scratch-database';
import { buildTestApp, signUp } from '../testing/test-app';

/**
 * Password reset (issue 25 item 2), on both databases: a real SMTP server (smtp-server) started here receives the
 * e-mail, the test follows its link; teachers' reset codes; nothing secret reaches the log.
 */

interface Smtp {
  url: string;
  messages: { to: string; mail: ParsedMail }[];
  close(): Promise<void>;
}

async function startSmtp(): Promise<Smtp> {
  const messages: Smtp['messages'] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'markwell' && auth.password === 'smtp-secret') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          messages.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://markwell:smtp-secret@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The app with SMTP configured and its log lines kept (LOG_LEVEL debug), on PGlite or a scratch PostgreSQL database. */
async function buildMailingApp(smtpUrl: string) {
  const lines: string[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'debug',
    DATA_DIR: 'memory://',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Markwell <no-reply@markwell.test>',
    PUBLIC_URL: 'https://markwell.school.test/',
    AUTH_RATE_LIMIT_PER_IP: '1000',
  });
  const adminUrl = process.env.TEST_DATABASE_URL;
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : null;
  const database: Database = await openDatabase({ databaseUrl: scratch?.url, dataDir: 'memory://' });
  const app = await buildApp({ config, database, engine: createBuiltinEngine(), clientDir: '/nonexistent', logStream: stream });
  await app.ready();
  return {
    app,
    database,
    lines,
    async close() {
      await app.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

let smtp: Smtp;
let t: Awaited<ReturnType<typeof buildMailingApp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildMailingApp(smtp.url);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the n-th message (1-based) to arrive at the SMTP server. */
async function nthMessage(n: number) {
  for (let waited = 0; smtp.messages.length < n; waited += 25) {
    if (waited > 10_000) throw new Error(`no e-mail number ${n} arrived (have ${smtp.messages.length})`);
    await sleep(25);
  }
  return smtp.messages[n - 1];
}

function linkIn(mail: ParsedMail): URL {
  const found = /https?:\/\/\S+/.exec(mail.text ?? '');
  if (!found) throw new Error('no link in the e-mail');
  return new URL(found[0]);
}

describe('reset by e-mail', () => {
  it('mails a link that sets a new password once: the old password and every session end, the link cannot be used again', async () => {
    const user = await signUp(t.app, { password: 'old-password-1' });
    const before = smtp.messages.length;
    const asked = await post('/api/auth/forgot', { email: `  ${user.email.toUpperCase()} ` });
    expect(asked.statusCode).toBe(202);
    expect(asked.json()).toEqual({ message: RESET_TEXT.emailSent });

    const { to, mail } = await nthMessage(before + 1);
    expect(to).toBe(user.email);
    expect(mail.from?.text).toContain('no-reply@markwell.test');
    expect(mail.subject).toBe('Reset your Markwell password');
    expect(mail.html).toContain('<a href="https://markwell.school.test/auth/reset?token=');
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe('https://markwell.school.test/auth/reset');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(43);
    // Only a hash of the token is stored.
    const stored = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.user.id));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const short = await post('/api/auth/reset', { token, password: 'abc' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(AUTH_TEXT.passwordShort);

    const reset = await post('/api/auth/reset', { token, password: 'new-password-2' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: RESET_TEXT.done });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: user.headers })).statusCode).toBe(401);
    expect((await login(user.email, 'old-password-1')).statusCode).toBe(401);
    const signedIn = await login(user.email, 'new-password-2');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.user.id);

    const again = await post('/api/auth/reset', { token, password: 'third-password-3' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: RESET_TEXT.invalid });
    expect((await login(user.email, 'new-password-2')).statusCode).toBe(200);
  });

  it('refuses an expired link and an unknown token with the same message', async () => {
    const user = await signUp(t.app, { password: 'old-password-1' });
    const before = smtp.messages.length;
    expect((await post('/api/auth/forgot', { email: user.email })).statusCode).toBe(202);
    const token = linkIn((await nthMessage(before + 1)).mail).searchParams.get('token') ?? '';
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.user.id));
    const expired = await post('/api/auth/reset', { token, password: 'new-password-2' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: RESET_TEXT.invalid });
    const unknown = await post('/api/auth/reset', { token: 'x'.repeat(43), password: 'new-password-2' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: RESET_TEXT.invalid });
    expect((await login(user.email, 'old-password-1')).statusCode).toBe(200);
    const empty = await post('/api/auth/reset', { password: 'new-password-2' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: RESET_TEXT.missing });
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    const user = await signUp(t.app);
    const before = smtp.messages.length;
    const unknown = await post('/api/auth/forgot', { email: 'nobody-at-all@example.org' });
    const known = await post('/api/auth/forgot', { email: user.email });
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    await nthMessage(before + 1);
    await sleep(300);
    expect(smtp.messages.slice(before).map((m) => m.to)).toEqual([user.email]);
    const bad = await post('/api/auth/forgot', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AUTH_TEXT.invalidEmail);
  });

  it(`sends at most ${RESET_EMAILS_PER_ADDRESS} e-mails to one address per window, answering every request alike`, async () => {
    const user = await signUp(t.app);
    const before = smtp.messages.length;
    for (let i = 0; i < RESET_EMAILS_PER_ADDRESS + 2; i++) {
      const res = await post('/api/auth/forgot', { email: user.email });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: RESET_TEXT.emailSent });
    }
    await nthMessage(before + RESET_EMAILS_PER_ADDRESS);
    await sleep(300);
    expect(smtp.messages.length - before).toBe(RESET_EMAILS_PER_ADDRESS);
  });

  it('says that e-mail reset is available', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/password-reset' });
    expect(res.json()).toEqual({ email: true });
  });
});

describe("a class teacher's reset code", () => {
  async function classWithStudent() {
    const teacher = await signUp(t.app);
    const student = await signUp(t.app, { password: 'old-password-1' });
    const created = await post('/api/classes', { name: 'Physics 12B', subject: 'Physics' }, teacher.headers);
    const klass = created.json() as { id: string; joinCode: string };
    expect((await post('/api/classes/join', { code: klass.joinCode }, student.headers)).statusCode).toBe(200);
    return { teacher, student, classId: klass.id };
  }
  const codeUrl = (classId: string, userId: string) => `/api/classes/${classId}/students/${userId}/reset-code`;

  it('is issued to the class teacher only, for a student of the class, and works once with the student’s e-mail', async () => {
    const { teacher, student, classId } = await classWithStudent();
    const outsider = await signUp(t.app);
    const otherTeacher = await signUp(t.app);
    const otherClass = (await post('/api/classes', { name: 'Chemistry', subject: 'Chemistry' }, otherTeacher.headers)).json() as {
      id: string;
    };

    for (const [who, url] of [
      [otherTeacher, codeUrl(classId, student.user.id)],
      [student, codeUrl(classId, student.user.id)],
      [student, codeUrl(classId, teacher.user.id)],
      [teacher, codeUrl(classId, outsider.user.id)],
      [teacher, codeUrl(classId, teacher.user.id)],
      [otherTeacher, codeUrl(otherClass.id, student.user.id)],
      [teacher, codeUrl('not-a-class', student.user.id)],
    ] as const) {
      const res = await post(url, {}, who.headers);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(student.user.id);
      expect(res.body).not.toContain(classId);
    }
    expect((await post(codeUrl(classId, student.user.id), {})).statusCode).toBe(401);

    const issued = await post(codeUrl(classId, student.user.id), {}, teacher.headers);
    expect(issued.statusCode).toBe(201);
    const { code, expiresAt } = issued.json() as { code: string; expiresAt: string };
    expect(code).toMatch(new RegExp(`^[${RESET_CODE_ALPHABET}]{5}-[${RESET_CODE_ALPHABET}]{5}$`));
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const stored = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, student.user.id));
    expect(stored).toMatchObject([{ kind: 'teacher', issuedBy: teacher.user.id, usedAt: null }]);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));

    // The code belongs to its student: with another e-mail it is nothing.
    const wrongUser = await post('/api/auth/reset', { email: outsider.email, code, password: 'new-password-2' });
    expect(wrongUser.json()).toEqual({ message: RESET_TEXT.invalid });
    // Typed in lower case without the dash, it works.
    const typed = code.replace('-', '').toLowerCase();
    const reset = await post('/api/auth/reset', { email: student.email, code: typed, password: 'new-password-2' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: RESET_TEXT.done });
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: student.headers })).statusCode).toBe(401);
    expect((await login(student.email, 'old-password-1')).statusCode).toBe(401);
    expect((await login(student.email, 'new-password-2')).statusCode).toBe(200);
    const twice = await post('/api/auth/reset', { email: student.email, code, password: 'third-password-3' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ message: RESET_TEXT.invalid });
  });

  it('expires after a day, and a new code replaces the last one', async () => {
    const { teacher, student, classId } = await classWithStudent();
    const first = (await post(codeUrl(classId, student.user.id), {}, teacher.headers)).json().code as string;
    const second = (await post(codeUrl(classId, student.user.id), {}, teacher.headers)).json().code as string;
    expect((await post('/api/auth/reset', { email: student.email, code: first, password: 'new-password-2' })).statusCode).toBe(400);
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, student.user.id));
    const expired = await post('/api/auth/reset', { email: student.email, code: second, password: 'new-password-2' });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: RESET_TEXT.invalid });
    expect((await login(student.email, 'old-password-1')).statusCode).toBe(200);
  });

  it('counts wrong codes per e-mail from one address (429 after the limit)', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_EMAIL: '3' });
    try {
      const student = await signUp(limited.app);
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/reset',
          payload: { email: student.email, code: 'AAAAA-BBBBB', password: 'new-password-2' },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([400, 400, 400, 429]);
      expect((await attempt()).json()).toEqual({ message: AUTH_TEXT.tooManyAttempts });
      // Without SMTP, the page offers codes only.
      expect((await limited.app.inject({ method: 'GET', url: '/api/auth/password-reset' })).json()).toEqual({ email: false });
      const before = await limited.database.db.select().from(passwordResets);
      expect((await limited.app.inject({ method: 'POST', url: '/api/auth/forgot', payload: { email: student.email } })).statusCode).toBe(
        202,
      );
      expect(await limited.database.db.select().from(passwordResets)).toEqual(before);
    } finally {
      await limited.close();
    }
  });
});

describe('the log', () => {
  it('never holds a reset token, a code, a password or the SMTP password', async () => {
    const { teacher, student, classId } = await (async () => {
      const teacher = await signUp(t.app);
      const student = await signUp(t.app, { password: 'old-password-1' });
      const klass = (await post('/api/classes', { name: 'Biology', subject: 'Biology' }, teacher.headers)).json() as {
        id: string;
        joinCode: string;
      };
      await post('/api/classes/join', { code: klass.joinCode }, student.headers);
      return { teacher, student, classId: klass.id };
    })();
    const before = smtp.messages.length;
    await post('/api/auth/forgot', { email: student.email });
    const token = linkIn((await nthMessage(before + 1)).mail).searchParams.get('token') ?? '';
    await post('/api/auth/reset', { token, password: 'logged-password-9' });
    await post(`/api/auth/reset?token=${token}`, { token, password: 'logged-password-9' });
    const code = (await post(`/api/classes/${classId}/students/${student.user.id}/reset-code`, {}, teacher.headers)).json().code as string;
    await post('/api/auth/reset', { email: student.email, code, password: 'coded-password-8' });
    const [row] = await t.database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, student.user.id));

    const log = t.lines.join('\n');
    expect(t.lines.length).toBeGreaterThan(5);
    expect(log).toContain('/api/auth/reset');
    for (const secret of [token, code, code.replace('-', ''), 'logged-password-9', 'coded-password-8', 'smtp-secret', row.hash]) {
      expect(log).not.toContain(secret);
    }
  });
});
