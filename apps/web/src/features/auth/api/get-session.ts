import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { forgetAccessToken } from '../utils/token-storage';

/** Better Auth's session and user, as `GET /api/auth/get-session` answers them. */
export type Session = NonNullable<ApiAnswer<'get', '/auth/get-session'>>;

/** The signed-in identity (Better Auth's session cookie), or null when nobody is signed in. */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  const session = await api.get('/auth/get-session', { signal });
  // A token left over from a session that has ended belongs to nobody now.
  if (!session) forgetAccessToken();
  return session ?? null;
}

export const getSessionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.session, queryFn: ({ signal }) => getSession(signal) });

export const useSession = () => useQuery(getSessionQueryOptions());
