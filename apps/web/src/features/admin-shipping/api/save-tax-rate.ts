import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/shipping/tax-rates` (admins): sets a country's or a region's rate. */
export const saveTaxRate = (body: ApiBody<'put', '/shipping/tax-rates'>) =>
  api.put('/shipping/tax-rates', { body });

export function useSaveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.taxRates }),
  });
}
