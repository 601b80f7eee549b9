import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * `GET /api/addresses` (signed in): the caller's address book, the default first. Here, not in a
 * feature: My Profile (profile) keeps it, and the delivery fields of the purchase form and the
 * checkout start from it.
 */
export const getSavedAddresses = (signal?: AbortSignal) => api.get('/addresses', { signal });

export const getSavedAddressesQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.addresses.mine(email),
    queryFn: ({ signal }) => getSavedAddresses(signal),
  });

export const useSavedAddresses = (email: string) => useQuery(getSavedAddressesQueryOptions(email));
