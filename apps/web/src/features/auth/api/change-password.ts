import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { forgetAccessToken } from '../utils/token-storage';

/**
 * `POST /api/auth/change-password` (My Profile): the current password and the new one. Every
 * other session and every access token of the account end; this browser gets a new session.
 */
export const changePassword = (body: ApiBody<'post', '/auth/change-password'>) =>
  api.post('/auth/change-password', { body });

/** Changes the password, then asks the new session's access token (the old one ended). */
export function useChangePassword() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: ApiBody<'post', '/auth/change-password'>) => {
      const { user } = await changePassword(body);
      forgetAccessToken();
      await completeSignIn(user.email);
    },
  });
}
