import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type PartImages = ApiAnswer<'get', '/tools/{id}/images'>;

/** `GET /api/tools/{id}/images`: a part's uploaded images, first first. */
export const getPartImages = (toolId: string, signal?: AbortSignal) =>
  api.get('/tools/{id}/images', { path: { id: toolId }, signal });

export const getPartImagesQueryOptions = (toolId: string) =>
  queryOptions({
    queryKey: queryKeys.partImages.list(toolId),
    queryFn: ({ signal }) => getPartImages(toolId, signal),
  });

export const usePartImages = (toolId: string) => useQuery(getPartImagesQueryOptions(toolId));

/**
 * What shows a part's images, read again after any change of them: its list here and the
 * part's public page (by its slug, which the editor does not know: every part's page).
 */
export const refreshPartImages = (queryClient: QueryClient, toolId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.partImages.list(toolId) }),
    queryClient.invalidateQueries({ queryKey: queryKeys.parts.pages }),
  ]);
