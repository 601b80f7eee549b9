import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /api/shipping/methods/{id}` (admins). */
export const deleteShippingMethod = (id: string) =>
  api.delete('/shipping/methods/{id}', { path: { id } });

export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShippingMethod,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.zones }),
  });
}
