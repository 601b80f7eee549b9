import { z } from 'zod';
import { LIST_PAGE_SIZE_MAX } from '../constants';

/**
 * `page` (from 1) and `limit` of a list paged on the server. A limit above the largest page is
 * answered as the largest page, not refused, so a client asking for "everything" gets a page.
 */
export const pagingFields = (defaultLimit: number) => ({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).default(defaultLimit),
});

/** The limit of a paged query, at most the largest page. */
export const clampLimit = <Query extends { limit: number }>(query: Query): Query => ({
  ...query,
  limit: Math.min(query.limit, LIST_PAGE_SIZE_MAX),
});
