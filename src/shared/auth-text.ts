// Plain constants (no zod): the logged-out pages import these without pulling in the contracts' schemas.

/** §5 Login / Sign-up texts, shared by the form and the server. */
export const AUTH_TEXT = {
  requiredTitle: 'Email and Password Required',
  required: 'Please enter both email and password',
  passwordShortTitle: 'Password Too Short',
  passwordShort: 'Password must be at least 6 characters long',
  invalidEmail: 'Please enter a valid email address',
  duplicateEmail: 'An account with this email already exists. Log in instead.',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  crossSite: 'This request came from another website, so it was refused. Open Markwell itself and try again.',
  /** Issue 25: changing the password (signed in). */
  currentPasswordWrong: 'Your current password is not right.',
  currentPasswordRequired: 'Please enter your current password',
  samePassword: 'The new password must be different from the current one',
  passwordChanged: 'Password changed. You have been signed out on every other device.',
  sessionNotFound: 'Session not found',
  /** Issue 25: the link to the reset panel on /auth (its other texts: password-reset-text.ts, loaded with the panel). */
  forgotPassword: 'Forgot password?',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
/** §9 Session token storage key. */
export const SESSION_STORAGE_KEY = 'sessionToken';
