import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type CreatedLaptopModel = ApiAnswer<'post', '/laptops'>;

/** `POST /api/laptops` (admin): a model named while adding fitment, with its brand and series. */
export const createLaptopModel = (body: ApiBody<'post', '/laptops'>) =>
  api.post('/laptops', { body });

/** The suggestions and the picker's lists are read again: they may name the new model now. */
export function useCreateLaptopModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLaptopModel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.laptops.all }),
  });
}
