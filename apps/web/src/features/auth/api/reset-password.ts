import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';

/**
 * `POST /api/auth/reset-password`: sets the new password with the emailed link's token; every
 * session and access token of the account ends (the visitor signs in again).
 */
export const resetPassword = (body: ApiBody<'post', '/auth/reset-password'>) =>
  api.post('/auth/reset-password', { body });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
