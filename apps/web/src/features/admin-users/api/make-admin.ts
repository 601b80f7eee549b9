import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { type UsersPage, updateUserPages } from './get-users';

export type MakeAdminResponse = ApiAnswer<'put', '/user/admin/{email}'>;

/** `PUT /api/user/admin/{email}` (admin): the user becomes an admin. */
export const makeAdmin = (email: string) => api.put('/user/admin/{email}', { path: { email } });

/** The list shows the new role at once, then is read again from the server. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (_answer, email) => {
      queryClient.setQueriesData<UsersPage>({ queryKey: queryKeys.users.all }, (page) =>
        updateUserPages(page, (users) =>
          users.map((user) => (user.email === email ? { ...user, role: 'admin' } : user)),
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
