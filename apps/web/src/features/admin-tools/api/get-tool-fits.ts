import {
  type InvalidateQueryFilters,
  partialMatchKey,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/tools/{id}/fits`: every laptop model a part fits, by brand, then by name. */
export const getToolFits = (id: string, signal?: AbortSignal) =>
  api.get('/tools/{id}/fits', { path: { id }, signal });

/** Under the tools' root: saving a tool (`useUpdateTool`) reads its models again. */
export const getToolFitsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.fits(id),
    queryFn: ({ signal }) => getToolFits(id, signal),
    select: ({ models }) => models.flatMap((model) => model ?? []),
  });

/** Asked only when wanted (`enabled`): a row on screen, an editor open. */
export const useToolFits = (id: string, enabled = true) =>
  useQuery({ ...getToolFitsQueryOptions(id), enabled });

/** The root of every part's models: `['tools', 'fits']`. */
const everyPartsModels = queryKeys.tools.fits('').slice(0, -1);

/**
 * Every view of the tools except the models each part fits: a change of one tool (its price,
 * its removal) leaves the other parts' models as they are, and asking a removed tool for its
 * models would answer 404. Manage Tools shows a hundred rows, each with its own count.
 */
export const toolsButTheirModels: InvalidateQueryFilters = {
  queryKey: queryKeys.tools.all,
  predicate: (query) => !partialMatchKey(query.queryKey, everyPartsModels),
};
