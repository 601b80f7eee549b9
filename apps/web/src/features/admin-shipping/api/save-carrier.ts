import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type CarrierBody = ApiBody<'post', '/carriers'>;

/** `POST /api/carriers`, or `PUT /api/carriers/{id}` for one that exists (admins). */
export const saveCarrier = ({ id, ...body }: CarrierBody & { id?: string }) =>
  id === undefined
    ? api.post('/carriers', { body })
    : api.put('/carriers/{id}', { path: { id }, body });

export function useSaveCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCarrier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.carriers }),
  });
}
