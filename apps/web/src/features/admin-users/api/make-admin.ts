import type { ShopUser } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ListPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { updateUserPages } from './get-users';

export interface MakeAdminResponse {
  modifiedCount: 0 | 1;
  message: string;
}

/** `PUT /api/user/admin/{email}` (admin): the user becomes an admin. */
export const makeAdmin = (email: string) =>
  api.put<MakeAdminResponse>(`/user/admin/${encodeURIComponent(email)}`);

/** The list shows the new role at once, then is read again from the server. */
export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (_answer, email) => {
      queryClient.setQueriesData<ListPage<ShopUser>>({ queryKey: queryKeys.users.all }, (page) =>
        updateUserPages(page, (users) =>
          users.map((user) => (user.email === email ? { ...user, role: 'admin' } : user)),
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
