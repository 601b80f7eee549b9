import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/settings/returns` (admins): the return window and each reason's restocking fee. */
export const getReturnSettings = (signal?: AbortSignal) => api.get('/settings/returns', { signal });

export const getReturnSettingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.returnSettings,
    queryFn: ({ signal }) => getReturnSettings(signal),
  });

export const useReturnSettings = () => useQuery(getReturnSettingsQueryOptions());
