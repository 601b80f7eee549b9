import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A laptop model and every part on sale that fits it, grouped by part type. */
export const getLaptopPage = (slug: string, signal?: AbortSignal) =>
  api.get('/laptops/{slug}', { path: { slug }, signal });

export const getLaptopPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: queryKeys.laptops.page(slug),
    queryFn: ({ signal }) => getLaptopPage(slug, signal),
  });

export const useLaptopPage = (slug: string) => useQuery(getLaptopPageQueryOptions(slug));
