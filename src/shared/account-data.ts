import { z } from 'zod';

/**
 * Issue 25 item 4: deleting one's account (`DELETE /api/users/me`) and downloading one's data
 * (`GET /api/users/me/export`, documented in docs/data-export.md).
 */
export const ACCOUNT_DATA_TEXT = {
  passwordRequired: 'Please enter your password to delete your account.',
  passwordWrong: 'That password is not right, so your account was not deleted.',
  /** An account without a password (made by signing in with the school's provider). */
  emailWrong: "That is not your account's e-mail address, so your account was not deleted.",
  signInAgain:
    'Your account has no password. Sign out, sign in again with your school account, then within 15 minutes type your e-mail address here to delete it.',
  tooLong: 'That is too long',
  deleted: 'Your account and everything in it have been deleted.',
  /** Shown to the students of a class whose teacher deleted their account. */
  teacherLeft: (className: string) =>
    `Your teacher deleted their account, so this class is archived. Your answers to its papers are kept in your own course "${classPapersCourseTitle(className)}".`,
  formerTeacher: 'Former teacher (account deleted)',
} as const;

/** An account without a password confirms its deletion with its e-mail address, from a session this recent. */
export const RECENT_SIGN_IN_MINUTES = 15;

/** The course a student's answers to a deleted teacher's assigned papers are kept in. */
export function classPapersCourseTitle(className: string): string {
  return `${className} (class papers)`;
}

/**
 * DELETE /api/users/me: the password again, to be sure it is the account's owner. An account without a password (made
 * by signing in with the school's provider) sends its e-mail address instead, from a session signed in within
 * RECENT_SIGN_IN_MINUTES.
 */
export const deleteAccountRequestSchema = z.object({
  password: z
    .string({ error: ACCOUNT_DATA_TEXT.passwordRequired })
    .max(320, ACCOUNT_DATA_TEXT.tooLong)
    .refine((p) => p.trim().length > 0, ACCOUNT_DATA_TEXT.passwordRequired),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

/** The export's `format` and `version` (docs/data-export.md). */
export const EXPORT_FORMAT = 'markwell-export';
export const EXPORT_VERSION = 1;

/** 'markwell-data-2026-11-27.json' for a download made on that day (UTC). */
export function exportFileName(at: Date): string {
  return `markwell-data-${at.toISOString().slice(0, 10)}.json`;
}
