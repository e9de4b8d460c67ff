import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A person at the test provider: the claims it vouches for (scope `email`: email, email_verified; `profile`: names). */
export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

/**
 * A real OpenID provider (oidc-provider 9) on 127.0.0.1, for the sign-in tests: one confidential client whose
 * redirect URI is the app's callback, accounts the test adds, and the package's development login form, which
 * `signIn` fills in over HTTP like a browser (cookies kept, redirects followed by hand) up to the redirect back to
 * the app. The grant is given without a consent page (a school's own app is usually pre-approved).
 */
export async function startOidcProvider(client: { clientId: string; clientSecret: string; redirectUri: string }) {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, ProviderAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    cookies: { keys: ['markwell-test-provider-cookie-key'] },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      return account && { accountId: sub, claims: () => ({ sub, ...account }) };
    },
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  /** Follows the provider's redirects from `url` with the cookies it set, submitting the login form as `accountId`. */
  async function signIn(authorizationUrl: string, accountId: string | { abort: true }): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) throw new Error(`provider: ${res.status} at ${url}: ${await res.text()}`);
      return new URL(location, url);
    };
    let next = await send(authorizationUrl);
    for (let step = 0; step < 10; step++) {
      if (next.origin !== issuer) return next; // back to the app
      const interaction = /^\/interaction\/([^/]+)$/.exec(next.pathname);
      if (!interaction) {
        next = await send(next.href);
      } else if (typeof accountId === 'object') {
        next = await send(`${issuer}/interaction/${interaction[1]}/abort`);
      } else {
        const body = new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' });
        next = await send(next.href, {
          method: 'POST',
          body: body.toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
      }
    }
    throw new Error('provider: too many redirects');
  }

  return {
    issuer,
    accounts,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type OidcTestProvider = Awaited<ReturnType<typeof startOidcProvider>>;
