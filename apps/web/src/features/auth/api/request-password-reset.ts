import type { RequestPasswordReset } from '@shop/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface PasswordResetRequested {
  status: boolean;
  message: string;
}

/**
 * `POST /api/auth/request-password-reset`: emails a reset link if an account has this email.
 * The answer is the same either way.
 */
export const requestPasswordReset = (body: RequestPasswordReset) =>
  api.post<PasswordResetRequested>('/auth/request-password-reset', body);

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
