import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { forgetAccessToken } from '../utils/token-storage';

/** Better Auth's user, as `GET /api/auth/get-session` answers it (the fields the app reads). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  /** Whether the account opened its verification link (or its provider vouched for it). */
  emailVerified?: boolean;
  image?: string | null;
}

export interface Session {
  user: SessionUser;
  session: { id: string; expiresAt: string };
}

/** The signed-in identity (Better Auth's session cookie), or null when nobody is signed in. */
export async function getSession(signal?: AbortSignal): Promise<Session | null> {
  const session = await api.get<Session | null>('/auth/get-session', { signal });
  // A token left over from a session that has ended belongs to nobody now.
  if (!session) forgetAccessToken();
  return session ?? null;
}

export const getSessionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.auth.session, queryFn: ({ signal }) => getSession(signal) });

export const useSession = () => useQuery(getSessionQueryOptions());
