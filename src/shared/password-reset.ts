import { z } from 'zod';
import { AUTH_TEXT } from './auth-text';
import { newPasswordSchema } from './auth';
import { RESET_TEXT } from './password-reset-text';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** POST /api/auth/forgot: always 202 with the same body, whether or not the address has an account. */
export const forgotRequestSchema = z.object({
  email: z
    .string({ error: AUTH_TEXT.invalidEmail })
    .trim()
    .max(320, 'That is too long')
    .refine((e) => EMAIL_PATTERN.test(e), AUTH_TEXT.invalidEmail),
});
export type ForgotRequest = z.infer<typeof forgotRequestSchema>;
export const forgotResponseSchema = z.object({ message: z.string() });

const optionalText = (max: number) => z.string({ error: RESET_TEXT.missing }).trim().max(max, 'That is too long').optional();

/**
 * POST /api/auth/reset: `{token, password}` (the e-mailed link's token) or `{email, code, password}` (a code from a
 * teacher or an administrator). The same password rules as sign-up.
 */
export const resetRequestSchema = z
  .object({
    token: optionalText(200),
    email: optionalText(320),
    code: optionalText(40),
    password: newPasswordSchema,
  })
  .refine((b) => Boolean(b.token) || (Boolean(b.email) && Boolean(b.code)), RESET_TEXT.missing);
export type ResetRequest = z.infer<typeof resetRequestSchema>;
export const resetResponseSchema = z.object({ message: z.string() });

/** GET /api/auth/password-reset: whether a reset link can be e-mailed (SMTP configured); codes always work. */
export const resetOptionsSchema = z.object({ email: z.boolean() });
export type ResetOptions = z.infer<typeof resetOptionsSchema>;

/** POST /api/classes/{id}/students/{userId}/reset-code: the code, shown once ('ABCDE-FGHJK'), and when it stops working. */
export const resetCodeResponseSchema = z.object({ code: z.string(), expiresAt: z.string() });
export type ResetCodeResponse = z.infer<typeof resetCodeResponseSchema>;
