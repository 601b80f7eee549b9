import { LIST_PAGE_SIZE_DEFAULT } from '@shop/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** All Users' search (in the email or the name, any case), role and page (`GET /api/user`). */
export type UsersQuery = Omit<ApiQuery<'get', '/user'>, 'limit' | 'page'> & { page: number };

/** `GET /api/user` (admin): a page of the users, oldest first. */
export const getUsers = (query: UsersQuery, signal?: AbortSignal) =>
  api.page('/user', { query: { ...query, limit: LIST_PAGE_SIZE_DEFAULT }, signal });

/** A loaded page of All Users. */
export type UsersPage = Awaited<ReturnType<typeof getUsers>>;

export const getUsersQueryOptions = (query: UsersQuery) =>
  queryOptions({
    queryKey: queryKeys.users.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export const useUsers = (query: UsersQuery) => useQuery(getUsersQueryOptions(query));

/** Every loaded page of All Users, changed by `change` (a new role, a user gone). */
export const updateUserPages = (
  pages: UsersPage | undefined,
  change: (users: UsersPage['items']) => UsersPage['items'],
) => pages && { ...pages, items: change(pages.items) };
