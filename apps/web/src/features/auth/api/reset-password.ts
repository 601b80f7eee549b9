import type { ResetPassword } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * `POST /api/auth/reset-password`: sets the new password with the emailed link's token; every
 * session and access token of the account ends (the visitor signs in again).
 */
export const resetPassword = (body: ResetPassword) =>
  api.post<{ status: boolean }>('/auth/reset-password', body);

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
