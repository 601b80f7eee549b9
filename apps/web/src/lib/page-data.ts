/**
 * The id of the `<script type="application/json">` in which the server sends the data a page
 * was rendered with (apps/api/src/web.ts, decision 036); main.tsx starts the cache from it.
 */
export const PAGE_DATA_ID = 'page-data';
