import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/{email}` (bearer): whether the UI shows the admin screens. */
export const getAdminStatus = (email: string, signal?: AbortSignal) =>
  api.get('/admin/{email}', { path: { email }, signal });

/** How often a signed-in user's role is asked again while the tab is shown. */
export const ADMIN_RECHECK_MS = 60_000;

/**
 * Runs once the access token is there (`enabled`). Asked again every minute and whenever the tab
 * is shown again, so a role given (or taken) on the server takes effect without signing in again.
 */
export const getAdminStatusQueryOptions = (email: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.auth.admin(email ?? ''),
    queryFn: ({ signal }) => getAdminStatus(email ?? '', signal),
    enabled: enabled && Boolean(email),
    refetchInterval: ADMIN_RECHECK_MS,
    refetchOnWindowFocus: 'always',
  });

export const useAdminStatus = (email: string | undefined, enabled: boolean) =>
  useQuery(getAdminStatusQueryOptions(email, enabled));
