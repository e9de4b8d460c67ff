import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import type { User } from '../../shared/auth';
import type { OidcErrorCode } from '../../shared/oidc-text';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { oidcIdentities, oidcLogins, users } from '../db/schema';
import type { OidcSettings } from '../oidc-config';
import { createSession, deriveUsername, deviceCookie, hashToken, normaliseEmail, toUser } from './auth';

/** How long a sign-in started at the provider may take before its state is refused. */
export const OIDC_LOGIN_TTL_MS = 10 * 60_000;
/** Seconds openid-client waits for the provider (discovery, the token and userinfo endpoints). */
const PROVIDER_TIMEOUT_SECONDS = 10;

/** Why a sign-in with the provider was refused; `code` is the `/auth?error=` code the sign-in page explains. */
export class OidcLoginError extends Error {
  constructor(readonly code: OidcErrorCode) {
    super(code);
  }
}

/**
 * The provider's configuration, discovered at the first sign-in and kept; a failed discovery is not kept, so the next
 * sign-in asks again. An http:// issuer (only allowed on localhost, oidc-config.ts) needs openid-client's consent.
 */
export function createOidcClient(settings: OidcSettings) {
  let discovered: Promise<client.Configuration> | null = null;
  return {
    settings,
    configuration(): Promise<client.Configuration> {
      discovered ??= client
        .discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          execute: settings.allowHttp ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          discovered = null;
          throw error;
        });
      return discovered;
    },
  };
}
export type OidcClient = ReturnType<typeof createOidcClient>;

/** The provider could not be reached or answered nonsense (as opposed to refusing this sign-in). */
function isUnreachable(error: unknown): boolean {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) return false;
  if (error instanceof Error && (error.name === 'TypeError' || error.name === 'AbortError' || error.name === 'TimeoutError')) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'OAUTH_RESPONSE_IS_NOT_JSON' || code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || code === 'OAUTH_HTTP_REQUEST_FORBIDDEN';
}

/**
 * GET /api/auth/oidc/start: a new authorization request (code flow, PKCE S256, state, nonce). The verifier and the
 * nonce are kept in the database under the state's SHA-256, so the callback may land on any app instance; the
 * state itself goes to the browser (a cookie) and the provider (the URL) only.
 */
export async function startOidcLogin(db: Db, oidc: OidcClient): Promise<{ url: string; state: string }> {
  let configuration: client.Configuration;
  try {
    configuration = await oidc.configuration();
  } catch (error) {
    throw Object.assign(new OidcLoginError('oidc_unavailable'), { cause: error });
  }
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const now = Date.now();
  await db.delete(oidcLogins).where(lt(oidcLogins.expiresAt, new Date(now)));
  await db.insert(oidcLogins).values({ stateHash: hashToken(state), codeVerifier, nonce, expiresAt: new Date(now + OIDC_LOGIN_TTL_MS) });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: oidc.settings.redirectUri,
    response_type: 'code',
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state };
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The claims that matter here, from the ID token or (when the provider keeps them there) the userinfo endpoint. */
interface PersonClaims {
  sub: string;
  email?: unknown;
  email_verified?: unknown;
  xms_edov?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

/**
 * The person's e-mail when the provider vouches for it: `email_verified: true` (OpenID Connect; Google), or — only
 * when the token has no `email_verified` at all — Microsoft Entra's `xms_edov: true` ("e-mail domain owner verified",
 * an optional claim the tenant's administrator adds), since Entra does not send `email_verified` for work accounts.
 */
export function verifiedEmailOf(claims: Omit<PersonClaims, 'sub'>): { email: string } | { refused: 'oidc_no_email' | 'oidc_unverified' } {
  if (typeof claims.email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(claims.email.trim())) return { refused: 'oidc_no_email' };
  const verified = claims.email_verified === undefined ? claims.xms_edov === true : claims.email_verified === true;
  return verified ? { email: normaliseEmail(claims.email) } : { refused: 'oidc_unverified' };
}

const nameOf = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null);

/** A password hash no password matches (passwords.ts reads only 'scrypt$...'): an account made here has no password until one is set. */
const noPasswordHash = () => `oidc$${randomBytes(32).toString('base64url')}`;

/**
 * The Markwell user of a verified provider account: the one already linked to (issuer, subject); else the account
 * with that e-mail (which is then linked), unless it is linked to another account of the same provider; else a new
 * student account, without a password.
 */
async function userOfIdentity(db: Db, issuer: string, subject: string, email: string, claims: PersonClaims) {
  const [linked] = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  if (linked) {
    await db
      .update(oidcIdentities)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
    return linked.user;
  }
  let [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) {
    // A concurrent sign-up may take the derived username (or the e-mail) first: derive it again, or take that account.
    for (let attempt = 0; attempt < 5 && !user; attempt++) {
      const username = await deriveUsername(db, email);
      [user] = await db
        .insert(users)
        .values({
          email,
          username,
          passwordHash: noPasswordHash(),
          firstName: nameOf(claims.given_name),
          lastName: nameOf(claims.family_name),
        })
        .onConflictDoNothing()
        .returning();
      if (!user) [user] = await db.select().from(users).where(eq(users.email, email));
    }
    if (!user) throw new OidcLoginError('oidc_failed');
  }
  const [other] = await db
    .select({ id: oidcIdentities.id })
    .from(oidcIdentities)
    .where(and(eq(oidcIdentities.userId, user.id), eq(oidcIdentities.issuer, issuer)));
  if (other) throw new OidcLoginError('oidc_linked_elsewhere');
  const [inserted] = await db.insert(oidcIdentities).values({ userId: user.id, issuer, subject }).onConflictDoNothing().returning();
  if (inserted) return user;
  // The same provider account was linked at the same moment by a parallel callback: sign in to what it was linked to.
  const [raced] = await db
    .select({ user: users })
    .from(oidcIdentities)
    .innerJoin(users, eq(users.id, oidcIdentities.userId))
    .where(and(eq(oidcIdentities.issuer, issuer), eq(oidcIdentities.subject, subject)));
  if (!raced) throw new OidcLoginError('oidc_failed');
  return raced.user;
}

export interface OidcCallback {
  /** The query string the provider sent the browser back with (code, state, iss, or error). */
  query: URLSearchParams;
  /** The state this browser was given by /start (its cookie); the provider's must equal it. */
  browserState: string | undefined;
  userAgent?: string;
  device?: string;
}

/**
 * GET /api/auth/oidc/callback: the state must be this browser's and still open (it is taken, so it works once); the
 * code is exchanged with the PKCE verifier, and openid-client checks the ID token (signature, issuer, audience,
 * expiry, nonce). The e-mail must be verified. Then a session, as a password login makes one.
 */
export async function finishOidcLogin(
  db: Db,
  config: Config,
  oidc: OidcClient,
  callback: OidcCallback,
): Promise<{ sessionId: string; user: User; device: string }> {
  const state = callback.query.get('state');
  if (!state || !callback.browserState || !sameText(state, callback.browserState)) throw new OidcLoginError('oidc_state');
  const [login] = await db
    .delete(oidcLogins)
    .where(and(eq(oidcLogins.stateHash, hashToken(state)), gt(oidcLogins.expiresAt, sql`now()`)))
    .returning();
  if (!login) throw new OidcLoginError('oidc_state');
  if (callback.query.has('error'))
    throw new OidcLoginError(callback.query.get('error') === 'access_denied' ? 'oidc_denied' : 'oidc_failed');

  let configuration: client.Configuration;
  let claims: PersonClaims;
  try {
    configuration = await oidc.configuration();
    // The redirect URI the request was made with, and the provider's parameters: what openid-client checks and sends.
    const currentUrl = new URL(oidc.settings.redirectUri);
    currentUrl.search = callback.query.toString();
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state,
      expectedNonce: login.nonce,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new OidcLoginError('oidc_failed');
    claims = idToken as PersonClaims;
    // Some providers keep the e-mail out of the ID token and give it at the userinfo endpoint, for the same subject.
    if (claims.email === undefined) {
      claims = { ...(await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub)), ...claims };
    }
  } catch (error) {
    if (error instanceof OidcLoginError) throw error;
    throw Object.assign(new OidcLoginError(isUnreachable(error) ? 'oidc_unavailable' : 'oidc_failed'), { cause: error });
  }
  const verified = verifiedEmailOf(claims);
  if ('refused' in verified) throw new OidcLoginError(verified.refused);
  const issuer = configuration.serverMetadata().issuer;
  const user = await userOfIdentity(db, issuer, claims.sub, verified.email, claims);
  const sessionId = await createSession(db, config, user.id, callback.userAgent);
  return { sessionId, user: toUser(user), device: deviceCookie(callback.device, user.passwordHash) };
}
