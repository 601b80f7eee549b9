import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/settings/legal` (admins): the legal name, address and tax number on invoices. */
export const getLegalDetails = (signal?: AbortSignal) => api.get('/settings/legal', { signal });

export const getLegalDetailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.invoices.legalDetails,
    queryFn: ({ signal }) => getLegalDetails(signal),
  });

export const useLegalDetails = () => useQuery(getLegalDetailsQueryOptions());
