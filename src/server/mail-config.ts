import { z } from 'zod';

/**
 * E-mail (issue 25, password reset links): SMTP_URL turns it on (smtp://user:pass@host:587, or smtps://...:465 for
 * TLS from the start; nodemailer's URL form), MAIL_FROM is the sender ('Markwell <no-reply@school.org>'). Without
 * SMTP_URL nobody is e-mailed and the sign-in page tells students to ask a teacher for a reset code. Merged into the
 * app's config schema like the LLM settings: `.extend(mailEnvShape).superRefine(refineMailEnv)`.
 */
export const mailEnvShape = {
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must look like smtp://user:password@host:587 (or smtps://... for TLS)')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).optional(),
};

interface MailEnv {
  NODE_ENV: string;
  PUBLIC_URL?: string;
  SMTP_URL?: string;
  MAIL_FROM?: string;
}

export function refineMailEnv(env: MailEnv, ctx: z.RefinementCtx): void {
  if (!env.SMTP_URL) return;
  if (!env.MAIL_FROM) {
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message: "MAIL_FROM is required with SMTP_URL: the sender, e.g. 'Markwell <no-reply@school.org>'",
    });
  }
  // A reset link built from the request's Host header could be pointed at another site by whoever asks for it.
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: 'PUBLIC_URL is required with SMTP_URL in production: the address people open Markwell at (https://markwell.school.org)',
    });
  }
}
