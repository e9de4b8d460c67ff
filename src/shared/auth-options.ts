import { z } from 'zod';

/**
 * GET /api/auth/options (public): which ways of signing in this server offers, so the sign-in page shows only those.
 * `oidc`: sign-in with the school's identity provider is configured, with the button's text.
 */
export const authOptionsSchema = z.object({
  oidc: z.object({ label: z.string() }).nullable(),
});
export type AuthOptions = z.infer<typeof authOptionsSchema>;
