import {
  type InvalidateQueryFilters,
  partialMatchKey,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/**
 * `GET /api/tools/{id}/fits`: every laptop model a part fits, by brand, then by name. Here, not
 * in a feature: the search's cards, the purchase page and Manage Tools' editor all read it, as
 * one query per part, and features do not import each other.
 */
export const getToolFits = (id: string, signal?: AbortSignal) =>
  api.get('/tools/{id}/fits', { path: { id }, signal });

/** Under the tools' root: saving a tool (Manage Tools) reads its models again. */
export const getToolFitsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.fits(id),
    queryFn: ({ signal }) => getToolFits(id, signal),
    select: ({ models }) => models,
  });

/** Asked only when wanted (`enabled`): a card's list opened, an editor open. */
export const useToolFits = (id: string, enabled = true) =>
  useQuery({ ...getToolFitsQueryOptions(id), enabled });

/**
 * Every view of the tools except the models each part fits: a change of one tool (its price,
 * its removal) leaves the other parts' models as they are, and asking a removed tool for its
 * models would answer 404.
 */
export const toolsButTheirModels: InvalidateQueryFilters = {
  queryKey: queryKeys.tools.all,
  predicate: (query) => !partialMatchKey(query.queryKey, queryKeys.tools.everyFits),
};
