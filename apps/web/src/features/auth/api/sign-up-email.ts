import type { Register } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import type { SessionUser } from './get-session';

interface SignUpEmailResponse {
  token: string | null;
  user: SessionUser;
}

/** `POST /api/auth/sign-up/email`: creates the account and signs it in (session cookie). */
export const signUpEmail = (body: Register) =>
  api.post<SignUpEmailResponse>('/auth/sign-up/email', body);

/** Signs up, then fetches and stores the access token before the caller redirects. */
export function useSignUpEmail() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: Register) => {
      const { user } = await signUpEmail(body);
      await completeSignIn(user.email);
      return user;
    },
  });
}
