import { authOptionsSchema } from '../../shared/auth-options';
import type { AppDeps, ZodApp } from '../app-deps';
import { oidcSettings } from '../oidc-config';

/** GET /api/auth/options (public): the ways of signing in this server offers, for the sign-in page. */
export function authOptionsRoutes(app: ZodApp, deps: AppDeps) {
  const oidc = oidcSettings(deps.config);
  const options = { oidc: oidc ? { label: oidc.label } : null };
  app.get('/auth/options', { schema: { response: { 200: authOptionsSchema } } }, async () => options);
}
