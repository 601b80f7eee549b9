import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/** `POST /api/auth/sign-in/email`: sets the session cookie. */
export const signInEmail = (body: ApiBody<'post', '/auth/sign-in/email'>) =>
  api.post('/auth/sign-in/email', { body });

/** Signs in, then fetches and stores the access token before the caller redirects. */
export function useSignInEmail() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: ApiBody<'post', '/auth/sign-in/email'>) => {
      const { user } = await signInEmail(body);
      await completeSignIn(user.email);
      return user;
    },
  });
}
