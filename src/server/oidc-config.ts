import { z } from 'zod';

/**
 * Sign-in with the school's identity provider (OpenID Connect, issue 25): OIDC_ISSUER, OIDC_CLIENT_ID and
 * OIDC_CLIENT_SECRET together turn it on; OIDC_LABEL is the button's text. The redirect URI registered at the
 * provider is `${PUBLIC_URL}/api/auth/oidc/callback` (PUBLIC_URL is required with them). Merged into the app's
 * config schema like the LLM settings: `.extend(oidcEnvShape).superRefine(refineOidcEnv)`.
 */
export const oidcEnvShape = {
  /** The provider's issuer: https://accounts.google.com, https://login.microsoftonline.com/{tenant}/v2.0, ... */
  OIDC_ISSUER: z.string().trim().min(1).optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  /** The text of the button on the sign-in page. */
  OIDC_LABEL: z.string().trim().min(1).max(60).default('Sign in with your school account'),
};

interface OidcEnv {
  PUBLIC_URL?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  OIDC_LABEL: string;
}

/** Plain HTTP is for a provider on this machine only (a test's or a developer's); anything else must be HTTPS. */
function isLoopback(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

export function refineOidcEnv(env: OidcEnv, ctx: z.RefinementCtx): void {
  const parts = { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET };
  const given = Object.entries(parts).filter(([, v]) => v !== undefined);
  if (given.length === 0) return;
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required with ${given.map(([n]) => n).join(', ')} (sign-in with the school's provider, README "Accounts")`,
      });
    }
  }
  if (env.OIDC_ISSUER !== undefined) {
    const issuer = parseUrl(env.OIDC_ISSUER);
    if (!issuer || (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback(issuer)))) {
      ctx.addIssue({ code: 'custom', path: ['OIDC_ISSUER'], message: 'OIDC_ISSUER must be an https:// URL (http:// only on localhost)' });
    }
    if (env.PUBLIC_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'PUBLIC_URL (the address people open Markwell at) is required with OIDC_ISSUER: the redirect URI is built from it',
      });
    }
  }
}

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** `${PUBLIC_URL}/api/auth/oidc/callback`: the address to register at the provider. */
  redirectUri: string;
  label: string;
  /** The issuer is plain http:// on this machine (a test's provider): openid-client must be told to allow it. */
  allowHttp: boolean;
}

/** The OIDC settings when sign-in with the school's provider is configured, else null. */
export function oidcSettings(env: OidcEnv): OidcSettings | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET || !env.PUBLIC_URL) return null;
  const issuer = new URL(env.OIDC_ISSUER);
  return {
    issuer,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    redirectUri: `${env.PUBLIC_URL.replace(/\/+$/, '')}/api/auth/oidc/callback`,
    label: env.OIDC_LABEL,
    allowHttp: issuer.protocol === 'http:' && isLoopback(issuer),
  };
}
