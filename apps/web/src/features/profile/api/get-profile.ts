import type { Profile } from '@shop/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKeys } from '../utils/query-keys';

/** `GET /api/userInfo/{email}` (owner or admin): fields not filled in yet are null. */
export const getProfile = (email: string, signal?: AbortSignal) =>
  api.get<Profile>(`/userInfo/${encodeURIComponent(email)}`, { signal });

export const useProfile = (email: string) =>
  useQuery({
    queryKey: profileKeys.detail(email),
    queryFn: ({ signal }) => getProfile(email, signal),
  });
