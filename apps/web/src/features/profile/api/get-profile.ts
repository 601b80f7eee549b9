import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/userInfo/{email}` (owner or admin): fields not filled in yet are null. */
export const getProfile = (email: string, signal?: AbortSignal) =>
  api.get('/userInfo/{email}', { path: { email }, signal });

export const getProfileQueryOptions = (email: string) =>
  queryOptions({
    queryKey: queryKeys.profile.detail(email),
    queryFn: ({ signal }) => getProfile(email, signal),
  });

export const useProfile = (email: string) => useQuery(getProfileQueryOptions(email));
