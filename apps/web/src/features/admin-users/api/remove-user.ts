import type { ShopUser } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { updateUserPages } from './get-users';

export interface RemoveUserResponse {
  deletedCount: 1;
  message: string;
}

/**
 * `DELETE /api/user/{email}` (admin): the user, their sessions and tokens go at once. The API
 * refuses (409) to remove the caller or the last admin.
 */
export const removeUser = (email: string) =>
  api.delete<RemoveUserResponse>(`/user/${encodeURIComponent(email)}`);

/** The row goes at once, then the list is read again from the server. */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: (_answer, email) => {
      queryClient.setQueriesData<ListPage<ShopUser>>({ queryKey: queryKeys.users.all }, (page) =>
        updateUserPages(page, (users) => users.filter((user) => user.email !== email)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
