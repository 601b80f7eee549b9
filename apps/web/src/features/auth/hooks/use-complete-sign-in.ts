import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestToken } from '../api/request-token';
import { authKeys } from '../utils/query-keys';

/**
 * What every sign-in and sign-up ends with (docs/product.md, Rules): fetch the access token, store
 * it, then reload the session, so the screens see a signed-in user who already has a token.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  return useCallback(
    async (email: string) => {
      // A session load still under way began signed out: its answer must not win.
      await queryClient.cancelQueries({ queryKey: authKeys.session });
      const token = await requestToken(email);
      queryClient.setQueryData(authKeys.token(email), token);
      await queryClient.invalidateQueries({ queryKey: authKeys.session, refetchType: 'all' });
    },
    [queryClient],
  );
}
