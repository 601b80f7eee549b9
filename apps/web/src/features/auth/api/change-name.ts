import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `POST /api/auth/update-user` (My Profile): the display name, the shop's account's too. */
export const changeName = (body: ApiBody<'post', '/auth/update-user'>) =>
  api.post('/auth/update-user', { body });

/** The navbar (the session) and the profile card read the new name. */
export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeName,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.session }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profile.all }),
      ]),
  });
}
