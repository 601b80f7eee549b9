/**
 * The LIKE pattern of text found anywhere in a value (`ILIKE '%text%'`). `%`, `_` and `\` are
 * wildcards in LIKE; a search typed by a person means them literally.
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
