import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readSearchFilters, type SearchFilters, writeSearchFilters } from '../utils/search-params';

/**
 * The search page's words, filters, order and page, read from the URL, and `show` to change
 * them: each change is a new history entry, so Back undoes it, and the page keeps its scroll.
 */
export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSearchFilters(params), [params]);
  // At once (flushSync), so a radio or a switch shows its new state in the same frame.
  const show = (next: SearchFilters) =>
    setParams(writeSearchFilters(next), { preventScrollReset: true, flushSync: true });
  return { filters, show };
}

/** The page's URL query for other filters (`?q=fan&page=2`), for links such as the pager's. */
export const searchOf = (filters: SearchFilters) => `?${writeSearchFilters(filters)}`;
