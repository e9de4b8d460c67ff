// Plain constants (no zod): the logged-out pages import these without pulling in the contracts' schemas.

/** Issue 25 item 2: resetting a forgotten password (an e-mailed link, or a code from a teacher or an administrator). */
export const RESET_TEXT = {
  forgotTitle: 'Reset your password',
  emailSent:
    "If an account exists for that address, we've sent it a link to choose a new password. The link works once, for an hour. Check your spam folder if it does not arrive in a few minutes.",
  noEmail:
    'Password reset by e-mail is not set up on this Markwell. Ask your teacher for a reset code, then enter it below with your e-mail address and a new password.',
  haveCode: 'I have a reset code',
  invalid: 'This reset link or code is not valid: it may have been used already or have expired. Ask for a new one.',
  missing: 'Send either the token from the e-mailed link, or your e-mail address with the reset code.',
  done: 'Your password has been changed and every device signed in to your account has been signed out. Log in with your new password.',
  codeIssued: 'Give this code to the student. It works once, with their e-mail address, on the log-in page under "Forgot password?".',
  userNotFound: 'No account has that e-mail address.',
} as const;

/** How long an e-mailed link works, and a teacher's or an administrator's code. */
export const RESET_LINK_MINUTES = 60;
export const RESET_CODE_HOURS = 24;
/** A code's characters: no 0/O, 1/I/L, so it can be read aloud and typed. 10 of them (about 50 bits), shown as XXXXX-XXXXX. */
export const RESET_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const RESET_CODE_LENGTH = 10;
