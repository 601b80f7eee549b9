/**
 * The search page's paths. They belong in `lib/paths.ts` (docs/contributing.md, "A path of the
 * web app") and move there when that file is next edited; this module imports nothing, so the
 * navbar can link to the page without bringing the page's code (or zod) into every screen.
 */
export const SEARCH_PATH = '/search';

/** The search page for what was typed: `/search?q=t480%20battery`. */
export const searchHref = (q: string) => {
  const text = q.trim();
  return text ? `${SEARCH_PATH}?${new URLSearchParams({ q: text })}` : SEARCH_PATH;
};
