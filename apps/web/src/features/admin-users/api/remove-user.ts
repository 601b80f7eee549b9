import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type UsersPage, updateUserPages } from './get-users';

export type RemoveUserResponse = ApiAnswer<'delete', '/user/{email}'>;

/**
 * `DELETE /api/user/{email}` (admin): the user, their sessions and tokens go at once. The API
 * refuses (409) to remove the caller or the last admin.
 */
export const removeUser = (email: string) => api.delete('/user/{email}', { path: { email } });

/** The row goes at once, then the list is read again from the server. */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeUser,
    onSuccess: (_answer, email) => {
      queryClient.setQueriesData<UsersPage>({ queryKey: queryKeys.users.all }, (page) =>
        updateUserPages(page, (users) => users.filter((user) => user.email !== email)),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
