import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ShippingMethodBody = ApiBody<'post', '/shipping/zones/{id}/methods'>;

/**
 * `POST /api/shipping/zones/{id}/methods` to add a method to a zone, or
 * `PUT /api/shipping/methods/{id}` to change one (admins).
 */
export const saveShippingMethod = (
  request:
    { zoneId: string; body: ShippingMethodBody } | { methodId: string; body: ShippingMethodBody },
) =>
  'zoneId' in request
    ? api.post('/shipping/zones/{id}/methods', { path: { id: request.zoneId }, body: request.body })
    : api.put('/shipping/methods/{id}', { path: { id: request.methodId }, body: request.body });

export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.zones }),
  });
}
