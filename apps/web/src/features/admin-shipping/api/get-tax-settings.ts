import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/settings/tax` (admins): whether prices include tax, whether shipping is taxed. */
export const getTaxSettings = (signal?: AbortSignal) => api.get('/settings/tax', { signal });

export const getTaxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.shipping.taxSettings,
    queryFn: ({ signal }) => getTaxSettings(signal),
  });

export const useTaxSettings = () => useQuery(getTaxSettingsQueryOptions());
