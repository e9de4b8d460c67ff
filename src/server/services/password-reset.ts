import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { ResetCodeResponse, ResetRequest } from '../../shared/password-reset';
import { RESET_CODE_ALPHABET, RESET_CODE_HOURS, RESET_CODE_LENGTH, RESET_LINK_MINUTES, RESET_TEXT } from '../../shared/password-reset-text';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAttempts, passwordResets, sessions, users } from '../db/schema';
import { httpError } from '../http-error';
import type { Mailer } from '../mailer';
import { countAttempt, hashToken, normaliseEmail, type SessionCache } from './auth';
import { findClassStudent } from './classes';
import { hashPassword } from './passwords';

/**
 * Password reset (issue 25 item 2). Two ways back into an account:
 * - a link e-mailed on request (POST /api/auth/forgot), carrying a 256-bit token that works once, for an hour;
 * - a code (10 characters, about 50 bits) that a class's teacher issues for a student of the class, or an
 *   administrator with `npm run user:reset -- EMAIL`; it works once, for a day, and only with its user's e-mail.
 * Only SHA-256 hashes are stored (a code's together with its user's id). A reset sets the password, ends every
 * other open reset of the user and every session, in one transaction.
 */

type ResetConfig = Pick<
  Config,
  | 'AUTH_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_PER_EMAIL'
  | 'AUTH_SIGNUP_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_WINDOW_MINUTES'
  | 'SESSION_TTL_DAYS'
>;

/** Reset e-mails sent to one address in a rate-limit window; requests beyond it are answered alike but send nothing. */
export const RESET_EMAILS_PER_ADDRESS = 3;
const DAY_MS = 86_400_000;

type ResetKind = 'email' | 'teacher' | 'admin';
const CODE_KINDS: ResetKind[] = ['teacher', 'admin'];

/** 'abcde fghjk', 'ABCDE-FGHJK' → 'ABCDEFGHJK'. */
export function normaliseCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

function codeHash(userId: string, code: string): string {
  return createHash('sha256')
    .update(`reset-code:${userId}:${normaliseCode(code)}`)
    .digest('hex');
}

/** A new code from the unambiguous alphabet, grouped for reading: 'K7MPQ-3XWRT'. */
export function drawResetCode(): string {
  const chars = Array.from({ length: RESET_CODE_LENGTH }, () => RESET_CODE_ALPHABET[randomInt(RESET_CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Reset rows long past their expiry are of no use to anyone. */
async function dropOldResets(db: Db): Promise<void> {
  await db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date(Date.now() - DAY_MS)));
}

function resetEmail(link: string): { subject: string; text: string; html: string } {
  const escaped = link.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return {
    subject: 'Reset your Markwell password',
    text: [
      'Someone (we hope you) asked to reset the password of the Markwell account for this e-mail address.',
      '',
      'To choose a new password, open this link:',
      link,
      '',
      `The link works once, within ${RESET_LINK_MINUTES} minutes. Setting a new password signs the account out everywhere.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
    html: [
      '<p>Someone (we hope you) asked to reset the password of the Markwell account for this e-mail address.</p>',
      `<p><a href="${escaped}">Choose a new password</a></p>`,
      `<p>The link works once, within ${RESET_LINK_MINUTES} minutes. Setting a new password signs the account out everywhere.</p>`,
      '<p>If you did not ask for this, ignore this message: your password stays as it is.</p>',
    ].join('\n'),
  };
}

/**
 * POST /api/auth/forgot. The caller gets the same answer whatever happens here; requests per client address are
 * limited (429), and at most RESET_EMAILS_PER_ADDRESS e-mails go to one address per window. With an account and
 * a mailer, a single-use token is stored (hashed) and the link is e-mailed in the background, so the answer does
 * not wait for the SMTP server.
 */
export async function requestPasswordReset(
  db: Db,
  config: ResetConfig,
  mailer: Mailer | null,
  input: { email: string; ip: string; baseUrl: string },
): Promise<void> {
  const email = normaliseEmail(input.email);
  await countAttempt(db, config, [{ key: `forgot-ip:${input.ip}`, max: config.AUTH_RATE_LIMIT_PER_IP }]);
  let withinAddressLimit = true;
  try {
    await countAttempt(db, config, [{ key: `forgot-email:${email}`, max: RESET_EMAILS_PER_ADDRESS }]);
  } catch {
    withinAddressLimit = false;
  }
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await dropOldResets(db);
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashToken(token);
  if (!user || !mailer || !withinAddressLimit) return;
  await db.insert(passwordResets).values({
    userId: user.id,
    kind: 'email',
    tokenHash,
    expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
  });
  const link = `${input.baseUrl}/auth/reset?token=${encodeURIComponent(token)}`;
  mailer.sendLater({ to: email, ...resetEmail(link) });
}

/** A new code for the user; their earlier unused codes stop working. Shown once: only its hash is kept. */
export async function issueResetCode(
  db: Db,
  userId: string,
  kind: 'teacher' | 'admin',
  issuedBy: string | null,
): Promise<ResetCodeResponse> {
  const code = drawResetCode();
  const expiresAt = new Date(Date.now() + RESET_CODE_HOURS * 3_600_000);
  await db.transaction(async (tx) => {
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, userId), inArray(passwordResets.kind, CODE_KINDS), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({ userId, kind, tokenHash: codeHash(userId, code), issuedBy, expiresAt });
  });
  return { code, expiresAt: expiresAt.toISOString() };
}

/** POST /api/classes/{id}/students/{userId}/reset-code: the class's teacher only, for a current student of it (404 otherwise). */
export async function issueClassResetCode(db: Db, teacherId: string, classId: string, studentId: string): Promise<ResetCodeResponse> {
  const { student } = await findClassStudent(db, teacherId, classId, studentId);
  return issueResetCode(db, student.userId, 'teacher', teacherId);
}

/** `npm run user:reset -- EMAIL`: a code for an administrator to hand over; throws when no account has the address. */
export async function issueAdminResetCode(db: Db, email: string): Promise<ResetCodeResponse & { email: string }> {
  const address = normaliseEmail(email);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, address));
  if (!user) throw httpError(404, RESET_TEXT.userNotFound);
  return { ...(await issueResetCode(db, user.id, 'admin', null)), email: address };
}

/**
 * POST /api/auth/reset. Attempts are counted per client address (and, for codes, per e-mail from that address)
 * before the token or code is checked; an unknown, used or expired one is 400 with one message for all three.
 */
export async function resetPassword(db: Db, config: ResetConfig, input: ResetRequest, ip: string, cache?: SessionCache): Promise<string> {
  const now = new Date();
  const open = and(isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
  let match: { id: string; userId: string } | undefined;
  let attemptIds: string[];
  let ownKey = '';
  if (input.token) {
    const attempt = await countAttempt(db, config, [{ key: `reset-ip:${ip}`, max: config.AUTH_RATE_LIMIT_PER_IP }]);
    attemptIds = attempt.ids;
    [match] = await db
      .select({ id: passwordResets.id, userId: passwordResets.userId })
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(input.token)), eq(passwordResets.kind, 'email'), open));
  } else {
    const email = normaliseEmail(input.email ?? '');
    ownKey = `reset-code:${email} ${ip}`;
    const attempt = await countAttempt(db, config, [
      { key: `reset-code-ip:${ip}`, max: config.AUTH_RATE_LIMIT_PER_IP },
      { key: ownKey, max: config.AUTH_RATE_LIMIT_PER_EMAIL },
    ]);
    attemptIds = attempt.ids;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    // An unknown address costs the same query as a wrong code.
    const userId = user?.id ?? randomUUID();
    [match] = await db
      .select({ id: passwordResets.id, userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, codeHash(userId, input.code ?? '')),
          eq(passwordResets.userId, userId),
          inArray(passwordResets.kind, CODE_KINDS),
          open,
        ),
      );
  }
  if (!match) throw httpError(400, RESET_TEXT.invalid);
  const passwordHash = await hashPassword(input.password);
  const found = match;
  const { email, ended } = await db.transaction(async (tx) => {
    // Claimed here, so two requests with the same token cannot both succeed.
    const claimed = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.id, found.id), isNull(passwordResets.usedAt)))
      .returning({ id: passwordResets.id });
    if (claimed.length === 0) throw httpError(400, RESET_TEXT.invalid);
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, found.userId)).returning({ email: users.email });
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, found.userId), isNull(passwordResets.usedAt)));
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, found.userId), isNull(sessions.revokedAt)))
      .returning({ tokenHash: sessions.tokenHash });
    return { email: user.email, ended: revoked };
  });
  for (const { tokenHash } of ended) cache?.delete(tokenHash);
  // The owner is back in: this address's count, and the failed logins on the account (which could keep them out).
  const loginPrefix = `login-email-ip:${email} `;
  await db
    .delete(authAttempts)
    .where(
      or(
        inArray(authAttempts.id, attemptIds),
        eq(authAttempts.key, ownKey),
        eq(authAttempts.key, `login-email:${email}`),
        sql`left(${authAttempts.key}, ${loginPrefix.length}) = ${loginPrefix}`,
      ),
    );
  return RESET_TEXT.done;
}
