/** Limits and names both apps need at run time. No zod here: the home page imports this. */
export const TOOL_PAGE_SIZE_DEFAULT = 12;
export const TOOL_PAGE_SIZE_MAX = 100;

/** Response header with the number of tools matching a list query, before paging. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const REVIEW_NAME_MAX = 20;
export const TOOL_NAME_MAX = 20;

/** Request header that makes `POST /api/purchase` safe to retry: one key, one order. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
