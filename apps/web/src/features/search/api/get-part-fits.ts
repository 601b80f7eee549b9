import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const getPartFits = (id: string, signal?: AbortSignal) =>
  api.get('/tools/{id}/fits', { path: { id }, signal });

export const getPartFitsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.fits(id),
    queryFn: ({ signal }) => getPartFits(id, signal),
  });

/** Every model a part fits; asked only once the card's list is opened (`enabled`). */
export const usePartFits = (id: string, enabled: boolean) =>
  useQuery({ ...getPartFitsQueryOptions(id), enabled });
