import { useState } from 'react';

/**
 * The page of a list shown with filters: the page belongs to one set of filters, so any change
 * of a filter (a search typed, a status chosen) starts again on page 1.
 */
export function useFilteredPage(filters: object): [number, (page: number) => void] {
  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  return [page, (next: number) => setPaging({ key, page: next })];
}

/** How many pages `total` rows make, at least one. */
export const pageCountOf = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));
