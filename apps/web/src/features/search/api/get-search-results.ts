import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SearchResultsQuery = ApiQuery<'get', '/search'>;

export const getSearchResults = (query: SearchResultsQuery, signal?: AbortSignal) =>
  api.get('/search', { query, signal });

/**
 * One page of results. The page shown stays while the next loads (a filter chosen, another
 * page), so the list does not jump to a skeleton between two answers.
 */
export const getSearchResultsQueryOptions = (query: SearchResultsQuery) =>
  queryOptions({
    queryKey: queryKeys.tools.search(query),
    queryFn: ({ signal }) => getSearchResults(query, signal),
    placeholderData: keepPreviousData,
  });

export const useSearchResults = (query: SearchResultsQuery) =>
  useQuery(getSearchResultsQueryOptions(query));
