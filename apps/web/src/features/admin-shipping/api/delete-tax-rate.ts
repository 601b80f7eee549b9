import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `DELETE /api/shipping/tax-rates?country=&region=` (admins). */
export const deleteTaxRate = (query: ApiQuery<'delete', '/shipping/tax-rates'>) =>
  api.delete('/shipping/tax-rates', { query });

export function useDeleteTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTaxRate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.shipping.taxRates }),
  });
}
