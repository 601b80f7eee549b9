import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /api/carriers/{id}` (admins): orders shipped by it keep its name and links. */
export const deleteCarrier = (id: string) => api.delete('/carriers/{id}', { path: { id } });

export function useDeleteCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCarrier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.carriers }),
  });
}
