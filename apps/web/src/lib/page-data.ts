import type { DehydratedState } from '@tanstack/react-query';

/**
 * The id of the `<script type="application/json">` in which the server sends the data a page
 * was rendered with (apps/api/src/web.ts, decision 036); main.tsx starts the cache from it.
 */
export const PAGE_DATA_ID = 'page-data';

/** What that script holds: the address the page was rendered for, and the cache it was rendered with. */
export interface PageDataSent {
  /** Path and query: a visitor may go Back or Forward within the app before it hydrates. */
  url: string;
  state: DehydratedState;
}
