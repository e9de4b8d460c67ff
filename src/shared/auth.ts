import { z } from 'zod';
import { AUTH_TEXT, PASSWORD_MIN_LENGTH } from './auth-text';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const requiredText = z.string({ error: AUTH_TEXT.required }).max(320, 'That is too long');

export const loginRequestSchema = z.object({
  email: requiredText.trim().min(1, AUTH_TEXT.required),
  password: requiredText.refine((p) => p.trim().length > 0, AUTH_TEXT.required),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

const optionalName = z
  .string({ error: 'Names must be text' })
  .trim()
  .max(100, 'Names can be at most 100 characters')
  .nullish()
  .transform((v) => (v ? v : null));

const newPassword = requiredText
  .refine((p) => p.trim().length > 0, AUTH_TEXT.required)
  .refine((p) => p.length >= PASSWORD_MIN_LENGTH, AUTH_TEXT.passwordShort)
  .refine((p) => p.length <= 200, 'Password can be at most 200 characters');
/** A new password's rules (sign-up, change, reset). */
export const newPasswordSchema = newPassword;

export const registerRequestSchema = z.object({
  email: requiredText
    .trim()
    .min(1, AUTH_TEXT.required)
    .refine((e) => EMAIL_PATTERN.test(e), AUTH_TEXT.invalidEmail),
  password: newPassword,
  firstName: optionalName,
  lastName: optionalName,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  sessionId: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** The body of every error response. */
export const errorResponseSchema = z.object({ message: z.string() });

/** POST /api/auth/password (issue 25): signed in, with the current password; every other session is ended. */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: AUTH_TEXT.currentPasswordRequired })
    .max(320, 'That is too long')
    .refine((p) => p.length > 0, AUTH_TEXT.currentPasswordRequired),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** GET /api/auth/sessions: the user's live sessions, the current one first. */
export const sessionInfoSchema = z.object({
  id: z.string(),
  /** The browser and system it was signed in from, as its user agent names them ('Chrome on Android'); null if unknown. */
  device: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export const sessionListSchema = z.array(sessionInfoSchema);

/** POST /api/auth/sessions/revoke-others: how many sessions were ended. */
export const revokeOthersResponseSchema = z.object({ revoked: z.number().int() });
