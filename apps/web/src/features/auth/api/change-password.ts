import type { ChangePassword } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { forgetAccessToken } from '../utils/token-storage';
import type { SessionUser } from './get-session';

/**
 * `POST /api/auth/change-password` (My Profile): the current password and the new one. Every
 * other session and every access token of the account end; this browser gets a new session.
 */
export const changePassword = (body: ChangePassword) =>
  api.post<{ token: string | null; user: SessionUser }>('/auth/change-password', body);

/** Changes the password, then asks the new session's access token (the old one ended). */
export function useChangePassword() {
  const completeSignIn = useCompleteSignIn();
  return useMutation({
    mutationFn: async (body: ChangePassword) => {
      const { user } = await changePassword(body);
      forgetAccessToken();
      await completeSignIn(user.email);
    },
  });
}
