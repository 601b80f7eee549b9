import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { getProfileQueryOptions } from './get-profile';

export interface UpdateProfileVariables {
  email: string;
  input: Omit<ApiBody<'put', '/userInfo/{email}'>, 'email'>;
}

/**
 * `PUT /api/userInfo/{email}` (owner): `upsertedCount` is 1 when something changed, and the
 * answer holds the stored profile.
 */
export const updateProfile = ({ email, input }: UpdateProfileVariables) =>
  api.put('/userInfo/{email}', { path: { email }, body: { ...input, email } });

/** The card shows the stored profile at once; then it is read again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (answer, { email }) => {
      queryClient.setQueryData(getProfileQueryOptions(email).queryKey, answer.profile);
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile.detail(email) });
    },
  });
}
