import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/settings/low-stock` (admins): the stock at or below which a tool is listed. */
export const setLowStockThreshold = (body: ApiBody<'put', '/settings/low-stock'>) =>
  api.put('/settings/low-stock', { body });

/** The report lists other tools under a new threshold: it reloads. */
export function useSetLowStockThreshold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLowStockThreshold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reports.all }),
  });
}
