import { EMAIL_VERIFIED_PAGE } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/auth/send-verification-email`: a new verification link for the account of this
 * email (the signed-in one's own, or any from Login: the same answer whether it exists or not).
 */
export const sendVerificationEmail = (email: string) =>
  api.post('/auth/send-verification-email', {
    body: { email, callbackURL: EMAIL_VERIFIED_PAGE },
  });

export const useSendVerificationEmail = () => useMutation({ mutationFn: sendVerificationEmail });
