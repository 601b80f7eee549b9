/** Limits and names both apps need at run time. No zod here: the home page imports this. */
export const TOOL_PAGE_SIZE_DEFAULT = 12;
/** The largest page of any list (tools, orders, users); a larger limit is answered with this. */
export const LIST_PAGE_SIZE_MAX = 100;
/** The page size of the orders' and users' lists when the query names none. */
export const LIST_PAGE_SIZE_DEFAULT = 20;

/** Response header with the number of rows matching a list query, before paging. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

export const REVIEW_NAME_MAX = 20;
export const TOOL_NAME_MAX = 20;
/** A part's full title beside its short name (issue 49). */
export const TOOL_TITLE_MAX = 150;

/**
 * How many models a card names before "and N more" (the full list is `GET /api/tools/{id}/fits`).
 * Here, not with the search's schemas: the part pages name them too, without zod.
 */
export const FITS_NAMED_MAX = 3;

/** How many different tools one cart may hold (the API's and the browser's carts alike). */
export const CART_LINES_MAX = 50;

/** The web app's page that sets a new password; the reset email links to it with `?token=`. */
export const PASSWORD_RESET_PAGE = '/reset-password';
/** Where an email verification link lands (Better Auth's `callbackURL`): Login, which says so. */
export const EMAIL_VERIFIED_PAGE = '/login?verified=1';

/**
 * The largest product image an admin may upload (issue 34): a phone's or a camera's photo is
 * a few MB. The upload's body may be a little larger, for the form's other parts.
 */
export const PART_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The widths every product image is made at, never wider than its original (issue 34). */
export const PART_IMAGE_WIDTHS = [400, 800, 1600] as const;
/** Where the shop serves its product images' files (content-hashed names, cached for good). */
export const PART_IMAGES_PATH = '/images/parts';
