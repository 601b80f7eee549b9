/**
 * Better Auth sends a failed social sign-in back to the login page as `?error=<code>`. The code
 * becomes words here; the provider's own description is not shown, since anyone can put text
 * in a link.
 */
const texts: Record<string, string> = {
  access_denied: 'The sign-in was cancelled at the provider. You can try again.',
  account_not_linked:
    'An account with this email already exists. Log in with your email and password.',
  email_not_found: 'The provider did not share an email address, which the shop needs.',
  email_not_verified: 'The provider has not verified this email address.',
  email_does_not_match: 'The provider answered for a different email address.',
  signup_disabled: 'New accounts cannot be created with this provider.',
  unable_to_link_account: 'This sign-in could not be linked to your account.',
  account_already_linked_to_different_user: 'This sign-in belongs to another account.',
  unable_to_get_user_info: 'The provider did not confirm who you are. Please try again.',
  state_mismatch: 'The sign-in took too long or was interrupted. Please try again.',
  please_restart_the_process: 'The sign-in took too long or was interrupted. Please try again.',
  invalid_callback_request: 'The sign-in took too long or was interrupted. Please try again.',
  no_code: 'The provider did not finish the sign-in. Please try again.',
  invalid_code: 'The provider did not finish the sign-in. Please try again.',
};

export function providerErrorText(code: string | null): string | null {
  if (!code) return null;
  const known = texts[code.toLowerCase()];
  if (known) return known;
  const shown = code.replace(/[^A-Za-z0-9_]/g, '').slice(0, 40);
  return `Sign-in with the provider failed${shown ? ` (${shown})` : ''}. Please try again.`;
}
