import type { ShopUser } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/user` (admin): every user with a role, oldest first. */
export const getUsers = (signal?: AbortSignal) => api.get<ShopUser[]>('/user', { signal });

export const getUsersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.all, queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(getUsersQueryOptions());
