import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/**
 * `POST /api/auth/sign-up/email`: creates the account and signs it in (session cookie); with
 * REQUIRE_EMAIL_VERIFICATION on the server, no session (`token` null) until the emailed link.
 */
export const signUpEmail = (body: ApiBody<'post', '/auth/sign-up/email'>) =>
  api.post('/auth/sign-up/email', { body });

/**
 * Signs up, then fetches and stores the access token before the caller redirects; answers
 * whether the account must first open its verification email (no session then).
 */
export function useSignUpEmail() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: ApiBody<'post', '/auth/sign-up/email'>) => {
      const { token, user } = await signUpEmail(body);
      if (token === null) return { user, mustVerify: true };
      await completeSignIn(user.email);
      return { user, mustVerify: false };
    },
  });
}
