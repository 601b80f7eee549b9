import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SavedAddressBody = ApiBody<'post', '/addresses'>;

/** `POST /api/addresses`, or `PUT /api/addresses/{id}` with an id: the address as checked and kept. */
export const saveAddress = ({ id, address }: { id?: string; address: SavedAddressBody }) =>
  id
    ? api.put('/addresses/{id}', { path: { id }, body: address })
    : api.post('/addresses', { body: address });

/** `DELETE /api/addresses/{id}`: the newest address left becomes the default. */
export const removeAddress = (id: string) => api.delete('/addresses/{id}', { path: { id } });

/** A change of the book is read again whole: the default may have moved to another address. */
function useAddressChange<Variables, Answer>(send: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.addresses.all }),
  });
}

export const useSaveAddress = () => useAddressChange(saveAddress);
export const useRemoveAddress = () => useAddressChange(removeAddress);
