import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';

/**
 * `POST /api/sandbox/confirm` (owner, test mode only): the sandbox's "confirm card payment".
 * A card that Stripe's test mode would refuse is a 402 carrying the card error's message.
 */
export const confirmSandboxPayment = (payment: ApiBody<'post', '/sandbox/confirm'>) =>
  api.post('/sandbox/confirm', { body: payment });

/** Changes no cached data: the order becomes paid only through `PATCH /api/purchase/{id}`. */
export const useConfirmSandboxPayment = () => useMutation({ mutationFn: confirmSandboxPayment });
