import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getAccessTokenQueryOptions, requestToken } from '../api/request-token';
import { queryKeys } from '../../../lib/query-keys';

/**
 * What every sign-in and sign-up ends with (docs/product.md, Rules): fetch the access token, store
 * it, then reload the session, so the screens see a signed-in user who already has a token.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (email: string) => {
      // A session load still under way began signed out: its answer must not win.
      await queryClient.cancelQueries({ queryKey: queryKeys.auth.session });
      const token = await requestToken(email);
      queryClient.setQueryData(getAccessTokenQueryOptions(email).queryKey, token);
      await queryClient.invalidateQueries({ queryKey: queryKeys.auth.session, refetchType: 'all' });
    },
    [queryClient],
  );
}
