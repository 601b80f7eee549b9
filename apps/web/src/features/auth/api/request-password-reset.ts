import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';

/**
 * `POST /api/auth/request-password-reset`: emails a reset link if an account has this email.
 * The answer is the same either way.
 */
export const requestPasswordReset = (body: ApiBody<'post', '/auth/request-password-reset'>) =>
  api.post('/auth/request-password-reset', { body });

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
