import type { AdminCheckResponse } from '@shop/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/admin/{email}` (bearer): whether the UI shows the admin screens. */
export const getAdminStatus = (email: string, signal?: AbortSignal) =>
  api.get<AdminCheckResponse>(`/admin/${encodeURIComponent(email)}`, { signal });

/** Runs once the access token is there (`enabled`). */
export const getAdminStatusQueryOptions = (email: string | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.auth.admin(email ?? ''),
    queryFn: ({ signal }) => getAdminStatus(email ?? '', signal),
    enabled: enabled && Boolean(email),
  });

export const useAdminStatus = (email: string | undefined, enabled: boolean) =>
  useQuery(getAdminStatusQueryOptions(email, enabled));
