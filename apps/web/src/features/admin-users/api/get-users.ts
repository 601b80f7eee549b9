import { LIST_PAGE_SIZE_DEFAULT, type Role, type ShopUser } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** All Users' search, role and page (`GET /api/user`). */
export interface UsersQuery {
  /** In the email or the name, any case. */
  search?: string;
  role?: Role;
  page: number;
}

/** `GET /api/user` (admin): a page of the users, oldest first. */
export const getUsers = (query: UsersQuery, signal?: AbortSignal) =>
  api.page<ShopUser>('/user', { query: { ...query, limit: LIST_PAGE_SIZE_DEFAULT }, signal });

export const getUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(getUsersQueryOptions(query));

/** Every loaded page of All Users, changed by `change` (a new role, a user gone). */
export const updateUserPages = (
  pages: ListPage<ShopUser> | undefined,
  change: (users: ShopUser[]) => ShopUser[],
) => pages && { ...pages, items: change(pages.items) };
