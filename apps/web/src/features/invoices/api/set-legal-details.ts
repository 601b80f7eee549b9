import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/settings/legal` (admins): the details of the invoices issued from now on. */
export const setLegalDetails = (body: ApiBody<'put', '/settings/legal'>) =>
  api.put('/settings/legal', { body });

export function useSetLegalDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLegalDetails,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.invoices.legalDetails, saved),
  });
}
