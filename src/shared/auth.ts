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

export const registerRequestSchema = z.object({
  email: requiredText
    .trim()
    .min(1, AUTH_TEXT.required)
    .refine((e) => EMAIL_PATTERN.test(e), AUTH_TEXT.invalidEmail),
  password: requiredText
    .refine((p) => p.trim().length > 0, AUTH_TEXT.required)
    .refine((p) => p.length >= PASSWORD_MIN_LENGTH, AUTH_TEXT.passwordShort)
    .refine((p) => p.length <= 200, 'Password can be at most 200 characters'),
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
