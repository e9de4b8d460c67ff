// Plain constants (no zod): the logged-out pages import these without pulling in the contracts' schemas.

/**
 * Sign-in with the school's identity provider (issue 25 item 3). The callback sends the browser back to
 * `/auth?error=<code>` when it cannot sign the person in; the sign-in page shows the sentence for the code.
 */
export const OIDC_ERROR_TEXT = {
  oidc_unavailable: "The school's sign-in service could not be reached. Please try again in a few minutes, or log in with your password.",
  oidc_state: 'That sign-in link has expired or was already used. Please start again with the school sign-in button.',
  oidc_denied: 'The school sign-in was cancelled, so you were not signed in.',
  oidc_failed: "The school's sign-in service did not confirm who you are. Please start again with the school sign-in button.",
  oidc_no_email:
    "Your school account did not share an e-mail address, so Markwell cannot tell which account is yours. Ask your school's IT team.",
  oidc_unverified:
    "Your school account's e-mail address is not verified, so it cannot be used to sign in here. Ask your school's IT team, or log in with your password.",
  oidc_linked_elsewhere:
    'The Markwell account with this e-mail address is already linked to another school account. Log in with your password, or ask your teacher.',
} as const;
export type OidcErrorCode = keyof typeof OIDC_ERROR_TEXT;

export const OIDC_TEXT = {
  notConfigured: 'Sign-in with a school account is not set up on this server. Log in with your e-mail and password.',
  finishing: 'Finishing your school sign-in…',
  /** What the sign-in page says for an error code it does not know (an old link, a typo). */
  unknownError: 'The school sign-in did not work. Please try again, or log in with your password.',
} as const;

/** The sentence for an `/auth?error=` code, or null when the page was opened without one. */
export function oidcErrorMessage(code: string | null): string | null {
  if (!code) return null;
  return Object.hasOwn(OIDC_ERROR_TEXT, code) ? OIDC_ERROR_TEXT[code as OidcErrorCode] : OIDC_TEXT.unknownError;
}
