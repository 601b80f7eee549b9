import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `PUT /api/settings/returns` (admins): the rules for the returns asked from now on. */
export const setReturnSettings = (body: ApiBody<'put', '/settings/returns'>) =>
  api.put('/settings/returns', { body });

export function useSetReturnSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReturnSettings,
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.returnSettings, saved),
  });
}
