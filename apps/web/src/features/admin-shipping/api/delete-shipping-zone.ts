import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /api/shipping/zones/{id}` (admins): the zone and its methods. */
export const deleteShippingZone = (id: string) =>
  api.delete('/shipping/zones/{id}', { path: { id } });

export function useDeleteShippingZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingZone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.zones }),
  });
}
