import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { AUTH_TEXT } from '../../shared/auth-text';
import type { ChangePasswordRequest, LoginRequest, RegisterRequest, SessionInfo, User } from '../../shared/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { authAttempts, sessions, users } from '../db/schema';
import { httpError } from '../http-error';
import { hashPassword, verifyPassword } from './passwords';

type AuthConfig = Pick<
  Config,
  | 'AUTH_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_PER_EMAIL'
  | 'AUTH_SIGNUP_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_WINDOW_MINUTES'
  | 'SESSION_TTL_DAYS'
>;

/** Sliding expiry is pushed forward at most this often, to keep reads cheap. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toUser(row: typeof users.$inferSelect): User {
  return { id: row.id, username: row.username, email: row.email, firstName: row.firstName, lastName: row.lastName };
}

/**
 * Login and sign-up throttling, in the database so that it holds across several app instances. Attempts on
 * the same keys take turns (a transaction-scoped advisory lock per key), so a burst of parallel attempts
 * cannot all read the same old count.
 *
 * - Sign-ups count per client address only (AUTH_SIGNUP_RATE_LIMIT_PER_IP): a class behind one school
 *   address signs up together.
 * - Failed logins count per address (AUTH_RATE_LIMIT_PER_IP) and per e-mail *from that address*
 *   (AUTH_RATE_LIMIT_PER_EMAIL): over either, 429. Someone guessing from elsewhere therefore cannot lock
 *   the owner out. Failed logins on one e-mail from all addresses together only slow every further attempt
 *   on it down (loginDelayMs), so a spread-out guesser gets few guesses and the owner still gets in.
 * - An attempt is counted before the password is checked (so parallel guesses are counted) and uncounted
 *   when it succeeds, together with that address's earlier failures on the e-mail.
 * - A browser that has signed in to the account before (its device cookie, see deviceCookie) has a budget of
 *   its own (AUTH_RATE_LIMIT_PER_EMAIL failures per window, on that device and account) instead of the
 *   address's, and is not slowed down: others' failures at the same school address never throttle it.
 */
export async function countAttempt(db: Db, config: AuthConfig, limits: { key: string; max: number }[], alsoCount: string[] = []) {
  const since = new Date(Date.now() - config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000);
  const limited = limits.map((l) => l.key);
  const keys = [...limited, ...alsoCount];
  await db.delete(authAttempts).where(lt(authAttempts.createdAt, since));
  const outcome = await db.transaction(async (tx) => {
    for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const counts = await tx
      .select({ key: authAttempts.key, n: sql<number>`count(*)::int` })
      .from(authAttempts)
      .where(and(inArray(authAttempts.key, keys), gt(authAttempts.createdAt, since)))
      .groupBy(authAttempts.key);
    const count = (key: string) => counts.find((c) => c.key === key)?.n ?? 0;
    if (limits.some((l) => count(l.key) >= l.max)) return null;
    const rows = await tx
      .insert(authAttempts)
      .values(keys.map((key) => ({ key })))
      .returning({ id: authAttempts.id });
    return { ids: rows.map((r) => r.id), earlier: Object.fromEntries(keys.map((k) => [k, count(k)])) as Record<string, number> };
  });
  if (!outcome) throw httpError(429, AUTH_TEXT.tooManyAttempts);
  return outcome;
}

/** How long a login on an e-mail waits when `failures` failed logins on it (from any address) are recent. */
export function loginDelayMs(failures: number, limit: number): number {
  if (failures < limit) return 0;
  return Math.min(500 * 2 ** (failures - limit), 8000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** 'jane.doe+maths@school.org' → 'jane.doe', then 'jane.doe2', ... until unused. */
export async function deriveUsername(db: Db, email: string): Promise<string> {
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

/** 'Chrome on Android', 'Safari on iPhone', 'Firefox on Windows' from a user agent; null when it names neither. */
export function describeDevice(userAgent: string | undefined): string | null {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /CrOS/.test(ua)
          ? 'ChromeOS'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Mac OS X|Macintosh/.test(ua)
              ? 'Mac'
              : /Linux/.test(ua)
                ? 'Linux'
                : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
}

export async function createSession(db: Db, config: AuthConfig, userId: string, userAgent?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url'); // 256 bits
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + config.SESSION_TTL_DAYS * DAY_MS),
    device: describeDevice(userAgent),
  });
  return token;
}

export async function registerUser(db: Db, config: AuthConfig, input: RegisterRequest, ip: string, device?: string, userAgent?: string) {
  await countAttempt(db, config, [{ key: `signup-ip:${ip}`, max: config.AUTH_SIGNUP_RATE_LIMIT_PER_IP }]);
  const email = normaliseEmail(input.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw httpError(409, AUTH_TEXT.duplicateEmail);
  const passwordHash = await hashPassword(input.password);
  // A concurrent sign-up may take the derived username first: derive it again and retry.
  for (let attempt = 0; attempt < 5; attempt++) {
    const username = await deriveUsername(db, email);
    const [inserted] = await db
      .insert(users)
      .values({ email, username, passwordHash, firstName: input.firstName, lastName: input.lastName })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      const sessionId = await createSession(db, config, inserted.id, userAgent);
      return { sessionId, user: toUser(inserted), device: deviceCookie(device, passwordHash) };
    }
    const [sameEmail] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (sameEmail) break;
  }
  throw httpError(409, AUTH_TEXT.duplicateEmail);
}

let dummyHash: Promise<string> | undefined;
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  return dummyHash;
}

/**
 * A browser's device cookie: a random id of the browser and, for the account it last signed in to, an HMAC of
 * that id keyed with the account's password hash. Only the server can make one (the hash never leaves it), any
 * instance can check it, and a new password makes the old ones unknown devices again. Set at sign-up and at
 * every login; `previous` (the cookie the browser sent) keeps the browser's id.
 */
export function deviceCookie(previous: string | undefined, passwordHash: string): string {
  const id = parseDeviceCookie(previous)?.id ?? randomBytes(16).toString('base64url');
  return `${id}.${deviceProof(id, passwordHash)}`;
}

function deviceProof(id: string, passwordHash: string): string {
  return createHmac('sha256', passwordHash).update(`markwell-device:${id}`).digest('base64url');
}

function parseDeviceCookie(value: string | undefined): { id: string; proof: string } | null {
  const match = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value ?? '');
  return match ? { id: match[1], proof: match[2] } : null;
}

/** The browser's id when its device cookie proves it signed in to the account with this password hash before. */
function knownDeviceId(cookie: string | undefined, passwordHash: string): string | null {
  const parsed = parseDeviceCookie(cookie);
  if (!parsed) return null;
  const expected = Buffer.from(deviceProof(parsed.id, passwordHash));
  const given = Buffer.from(parsed.proof);
  return expected.length === given.length && timingSafeEqual(expected, given) ? parsed.id : null;
}

export async function loginUser(db: Db, config: AuthConfig, input: LoginRequest, ip: string, device?: string, userAgent?: string) {
  const email = normaliseEmail(input.email);
  const [row] = await db.select().from(users).where(eq(users.email, email));
  const deviceId = row ? knownDeviceId(device, row.passwordHash) : null;
  // A known device counts its failures on its own; anyone else's, per address and per e-mail from that address.
  const ownKey = deviceId && row ? `login-device:${row.id} ${deviceId}` : `login-email-ip:${email} ${ip}`;
  const emailKey = `login-email:${email}`;
  const limits = deviceId
    ? [{ key: ownKey, max: config.AUTH_RATE_LIMIT_PER_EMAIL }]
    : [
        { key: `login-ip:${ip}`, max: config.AUTH_RATE_LIMIT_PER_IP },
        { key: ownKey, max: config.AUTH_RATE_LIMIT_PER_EMAIL },
      ];
  const attempt = await countAttempt(db, config, limits, [emailKey]);
  const delay = deviceId ? 0 : loginDelayMs(attempt.earlier[emailKey], config.AUTH_RATE_LIMIT_PER_EMAIL);
  if (delay > 0) await sleep(delay);
  // An unknown e-mail costs the same hashing as a wrong password, so timing does not reveal accounts.
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !valid) throw httpError(401, AUTH_TEXT.invalidCredentials);
  await db.delete(authAttempts).where(or(inArray(authAttempts.id, attempt.ids), eq(authAttempts.key, ownKey)));
  const sessionId = await createSession(db, config, row.id, userAgent);
  return { sessionId, user: toUser(row), device: deviceCookie(device, row.passwordHash) };
}

interface CachedSession {
  user: User;
  lastSeenAt: number;
  expiresAt: number;
  cachedAt: number;
}

/**
 * Recently seen live sessions, by token hash, so that an ordinary request costs no session query. An entry
 * is trusted for `seconds` (SESSION_CACHE_SECONDS; 0: never cached): a session revoked through another app
 * instance stops working here within that time, and at once when revoked through this one. Bounded in size.
 */
export function createSessionCache(seconds: number, maxEntries = 10_000) {
  const entries = new Map<string, CachedSession>();
  return {
    get(hash: string, now: number): CachedSession | undefined {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      if (now - entry.cachedAt >= seconds * 1000 || entry.expiresAt <= now) {
        entries.delete(hash);
        return undefined;
      }
      return entry;
    },
    set(hash: string, entry: CachedSession): void {
      if (seconds <= 0) return;
      entries.delete(hash);
      entries.set(hash, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    },
    delete(hash: string): void {
      entries.delete(hash);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;

/**
 * The user a live session token belongs to, or null. Extends the session (sliding expiry); `renewed`
 * says it was extended just now, so the caller can renew the session cookie too.
 */
export async function findSessionUser(
  db: Db,
  config: AuthConfig,
  token: string,
  cache?: SessionCache,
): Promise<{ user: User; renewed: boolean } | null> {
  const now = new Date();
  const hash = hashToken(token);
  const cached = cache?.get(hash, now.getTime());
  if (cached && now.getTime() - cached.lastSeenAt <= SESSION_TOUCH_INTERVAL_MS) return { user: cached.user, renewed: false };
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) {
    cache?.delete(hash);
    return null;
  }
  const renewed = now.getTime() - row.session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS;
  let { lastSeenAt, expiresAt } = row.session;
  if (renewed) {
    lastSeenAt = now;
    expiresAt = new Date(now.getTime() + config.SESSION_TTL_DAYS * DAY_MS);
    await db.update(sessions).set({ lastSeenAt, expiresAt }).where(eq(sessions.id, row.session.id));
  }
  const user = toUser(row.user);
  cache?.set(hash, { user, lastSeenAt: lastSeenAt.getTime(), expiresAt: expiresAt.getTime(), cachedAt: now.getTime() });
  return { user, renewed };
}

export async function revokeSession(db: Db, token: string, cache?: SessionCache): Promise<void> {
  const hash = hashToken(token);
  cache?.delete(hash);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hash), isNull(sessions.revokedAt)));
}

/** The user's live sessions (not revoked, not expired), the one of `token` first, then the most recently used. */
export async function listSessions(db: Db, userId: string, token: string): Promise<SessionInfo[]> {
  const current = hashToken(token);
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
  return rows
    .map((r) => ({
      id: r.id,
      device: r.device,
      createdAt: r.createdAt.toISOString(),
      lastUsedAt: r.lastSeenAt.toISOString(),
      current: r.tokenHash === current,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/** Ends every live session of the user but the one of `token` (also in this instance's cache at once). */
export async function revokeOtherSessions(db: Db, userId: string, token: string, cache?: SessionCache): Promise<number> {
  const keep = hashToken(token);
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.tokenHash, keep)))
    .returning({ tokenHash: sessions.tokenHash });
  for (const { tokenHash } of ended) cache?.delete(tokenHash);
  return ended.length;
}

/**
 * POST /api/auth/password: the current password must be right (400 otherwise, counted like a failed login for the
 * account); the new one is stored and every other session ends. The browser's device cookie is made anew (the old
 * one was keyed with the old password).
 */
export async function changePassword(
  db: Db,
  config: AuthConfig,
  userId: string,
  token: string,
  input: ChangePasswordRequest,
  device: string | undefined,
  cache?: SessionCache,
): Promise<{ revoked: number; device: string }> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw httpError(401, AUTH_TEXT.invalidCredentials);
  const key = `password-change:${userId}`;
  const attempt = await countAttempt(db, config, [{ key, max: config.AUTH_RATE_LIMIT_PER_EMAIL }]);
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw httpError(400, AUTH_TEXT.currentPasswordWrong);
  if (input.currentPassword === input.newPassword) throw httpError(400, AUTH_TEXT.samePassword);
  await db.delete(authAttempts).where(or(inArray(authAttempts.id, attempt.ids), eq(authAttempts.key, key)));
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  const revoked = await revokeOtherSessions(db, userId, token, cache);
  return { revoked, device: deviceCookie(device, passwordHash) };
}
