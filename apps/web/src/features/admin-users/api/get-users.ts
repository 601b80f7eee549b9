import type { ShopUser } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/user` (admin): every user with a role, oldest first. */
export const getUsers = (signal?: AbortSignal) => api.get<ShopUser[]>('/user', { signal });

export const usersQueryKey = ['users'] as const;

export const useUsers = () =>
  useQuery({ queryKey: usersQueryKey, queryFn: ({ signal }) => getUsers(signal) });
