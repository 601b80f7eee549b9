import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/settings/tax` (admins). */
export const setTaxSettings = (body: ApiBody<'put', '/settings/tax'>) =>
  api.put('/settings/tax', { body });

export function useSetTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTaxSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.shipping.taxSettings, saved),
  });
}
