import type { Login } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import type { SessionUser } from './get-session';

interface SignInEmailResponse {
  redirect: boolean;
  token: string;
  user: SessionUser;
}

/** `POST /api/auth/sign-in/email`: sets the session cookie. */
export const signInEmail = (body: Login) =>
  api.post<SignInEmailResponse>('/auth/sign-in/email', body);

/** Signs in, then fetches and stores the access token before the caller redirects. */
export function useSignInEmail() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: Login) => {
      const { user } = await signInEmail(body);
      await completeSignIn(user.email);
      return user;
    },
  });
}
