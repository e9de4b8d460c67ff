import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { AUTH_TEXT, type LoginRequest, type RegisterRequest, type User } from '../../shared/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAttempts, sessions, users } from '../db/schema';
import { httpError } from '../http-error';
import { hashPassword, verifyPassword } from './passwords';

type AuthConfig = Pick<
  Config,
  'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_EMAIL' | 'AUTH_RATE_LIMIT_WINDOW_MINUTES' | 'SESSION_TTL_DAYS'
>;

/** Sliding expiry is pushed forward at most this often, to keep reads cheap. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

function toUser(row: typeof users.$inferSelect): User {
  return { id: row.id, username: row.username, email: row.email, firstName: row.firstName, lastName: row.lastName };
}

/**
 * Counts this attempt against the client address and the e-mail address, in the database so that the
 * limit holds across several app instances. Throws 429 when either is over its limit.
 */
async function recordAuthAttempt(db: Db, config: AuthConfig, ip: string, email: string): Promise<void> {
  const since = new Date(Date.now() - config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000);
  const ipKey = `ip:${ip}`;
  const emailKey = `email:${normaliseEmail(email)}`;
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, since));
  const counts = await db
    .select({ key: authAttempts.key, n: sql<number>`count(*)::int` })
    .from(authAttempts)
    .where(and(inArray(authAttempts.key, [ipKey, emailKey]), gt(authAttempts.createdAt, since)))
    .groupBy(authAttempts.key);
  const count = (key: string) => counts.find((c) => c.key === key)?.n ?? 0;
  if (count(ipKey) >= config.AUTH_RATE_LIMIT_PER_IP || count(emailKey) >= config.AUTH_RATE_LIMIT_PER_EMAIL) {
    throw httpError(429, AUTH_TEXT.tooManyAttempts);
  }
  await db.insert(authAttempts).values([{ key: ipKey }, { key: emailKey }]);
}

/** 'jane.doe+maths@school.org' → 'jane.doe', then 'jane.doe2', ... until unused. */
async function deriveUsername(db: Db, email: string): Promise<string> {
  const base =
    email
      .split('@')[0]
      .replace(/\+.*$/, '')
      .replace(/[^a-zA-Z0-9._-]/g, '')
      .slice(0, 32) || 'student';
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`${users.username} = ${base} or ${users.username} ~ ${`^${base.replace(/[.]/g, '\\.')}[0-9]+$`}`);
  const names = new Set(taken.map((t) => t.username));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base}${n}`)) return `${base}${n}`;
}

async function createSession(db: Db, config: AuthConfig, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url'); // 256 bits
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.SESSION_TTL_DAYS * DAY_MS),
  });
  return token;
}

export async function registerUser(db: Db, config: AuthConfig, input: RegisterRequest, ip: string) {
  await recordAuthAttempt(db, config, ip, input.email);
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw httpError(409, AUTH_TEXT.duplicateEmail);
  const passwordHash = await hashPassword(input.password);
  const username = await deriveUsername(db, email);
  const inserted = await db
    .insert(users)
    .values({ email, username, passwordHash, firstName: input.firstName, lastName: input.lastName })
    .onConflictDoNothing()
    .returning();
  // A concurrent sign-up with the same e-mail (or, rarely, the same derived username) lost the race.
  if (!inserted[0]) throw httpError(409, AUTH_TEXT.duplicateEmail);
  const sessionId = await createSession(db, config, inserted[0].id);
  return { sessionId, user: toUser(inserted[0]) };
}

export async function loginUser(db: Db, config: AuthConfig, input: LoginRequest, ip: string) {
  await recordAuthAttempt(db, config, ip, input.email);
  const [row] = await db.select().from(users).where(eq(users.email, normaliseEmail(input.email)));
  if (!row || !(await verifyPassword(input.password, row.passwordHash))) {
    throw httpError(401, AUTH_TEXT.invalidCredentials);
  }
  const sessionId = await createSession(db, config, row.id);
  return { sessionId, user: toUser(row) };
}

/** The user a live session token belongs to, or null. Extends the session (sliding expiry). */
export async function findSessionUser(db: Db, config: AuthConfig, token: string): Promise<User | null> {
  const now = new Date();
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return null;
  if (now.getTime() - row.session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt: new Date(now.getTime() + config.SESSION_TTL_DAYS * DAY_MS) })
      .where(eq(sessions.id, row.session.id));
  }
  return toUser(row.user);
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)));
}
