import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ShippingZoneBody = ApiBody<'post', '/shipping/zones'>;

/** `POST /api/shipping/zones`, or `PUT /api/shipping/zones/{id}` with an id (admins). */
export const saveShippingZone = ({ id, body }: { id?: string; body: ShippingZoneBody }) =>
  id === undefined
    ? api.post('/shipping/zones', { body })
    : api.put('/shipping/zones/{id}', { path: { id }, body });

export function useSaveShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveShippingZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.zones }),
  });
}
