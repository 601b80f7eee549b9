import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A part's public page: the part, every laptop it fits and the slug its page lives at. */
export const getPartPage = (slug: string, signal?: AbortSignal) =>
  api.get('/parts/{slug}', { path: { slug }, signal });

export const getPartPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.parts.page(slug),
    queryFn: ({ signal }) => getPartPage(slug, signal),
  });

export const usePartPage = (slug: string) => useQuery(getPartPageQueryOptions(slug));
