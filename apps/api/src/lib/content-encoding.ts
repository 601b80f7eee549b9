/**
 * The compression a page is sent in, from the request's `Accept-Encoding`: brotli when the
 * browser takes it, else gzip, else none. One rule, so an answer kept in memory for one
 * encoding (response-replay.ts) is the one the page's handler would have sent.
 */
export type ContentEncoding = 'br' | 'gzip' | '';

export function chosenEncoding(accepted: string | undefined): ContentEncoding {
  if (!accepted) return '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return '';
}
