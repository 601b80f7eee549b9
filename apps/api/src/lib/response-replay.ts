import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import { chosenEncoding } from './content-encoding';

/**
 * Replays recent answers to public GETs from memory, before a request reaches Hono (decision
 * 010). The catalogue is the same for every caller and read far more than it changes; building
 * a Request, routing it and running every middleware cost more than the answer itself.
 *
 * - `capture` (the outermost middleware, on `paths` only, when `keeping`) keeps a copy of a 200
 *   answer, with the headers every middleware set, for at most `ttlMs`. An answer that varies
 *   with `Accept-Encoding` only (a rendered page, decision 036) is kept once per encoding.
 * - `serve` writes that copy for a plain GET of the same URL (and the same encoding chosen).
 *   Anything else (a conditional or cross-origin request, another method or path, a stale or
 *   missing copy) is left to Hono.
 * - `clear` forgets every copy: called after each committed change to what they show. A copy
 *   whose request began before a `clear` is never kept.
 * - Replayed answers are logged as one line a second with their count per path, not a line
 *   each: at tens of thousands a second the lines would cost more than the answers.
 */
export interface ResponseReplayOptions {
  /**
   * Paths whose answers may be replayed: public and the same for every caller. Each is exact
   * (`/api/tools`) or ends with one parameter (`/parts/:slug`: any one non-empty segment there),
   * and names its answers in the logs and metrics.
   */
  paths: readonly string[];
  ttlMs: number;
  maxEntries?: number;
  logger: Logger;
  /** How often the count of replayed answers is logged. */
  logEveryMs?: number;
  now?: () => number;
  /** False while changes made elsewhere could be missed: nothing is kept or replayed. */
  enabled?: () => boolean;
  /** The id a replayed answer names in `X-Request-Id` (request-context.ts' rule). */
  requestIdOf?: (request: IncomingMessage) => string;
  /** Told of each replayed answer and the time its writing took (metrics). */
  onReplayed?: (path: string, seconds: number) => void;
}

interface Copy {
  expires: number;
  /**
   * `writeHead`'s raw form: name, value, name, value... The last pair is `x-request-id`, its
   * value written in place for each answer just before `writeHead` reads the list: writing
   * the head is synchronous, so no other answer can see it, and no list is copied per answer.
   */
  headers: string[];
  body: Buffer;
}

/**
 * Answers that depend on the caller or must not be stored are never replayed; one that varies
 * is kept only when it varies with the encoding alone, which `serve` chooses as its handler did.
 */
function isReplayable(response: Response): boolean {
  if (response.status !== 200) return false;
  const { headers } = response;
  if (headers.has('set-cookie')) return false;
  const vary = headers.get('vary');
  if (vary !== null && vary.toLowerCase() !== 'accept-encoding') return false;
  return !/\b(no-store|private)\b/.test(headers.get('cache-control') ?? '');
}

/** A copy's key: its URL, and the encoding it was sent in when that varies. */
const keyOf = (url: string, encoding: string) => `${url}\0${encoding}`;

/** The route a path belongs to among `paths`, or undefined. */
function routesMatcher(paths: readonly string[]) {
  const exact = new Set(paths.filter((path) => !path.includes('/:')));
  const prefixes = paths
    .filter((path) => path.includes('/:'))
    .map((route) => ({ route, prefix: route.slice(0, route.lastIndexOf('/:') + 1) }));
  return (path: string): string | undefined => {
    if (exact.has(path)) return path;
    for (const { route, prefix } of prefixes) {
      if (path.length > prefix.length && path.startsWith(prefix)) {
        if (path.indexOf('/', prefix.length) === -1) return route;
      }
    }
    return undefined;
  };
}

export function createResponseReplay(options: ResponseReplayOptions) {
  const now = options.now ?? (() => performance.now());
  const maxEntries = options.maxEntries ?? 200;
  const enabled = options.enabled ?? (() => true);
  const routeOf = routesMatcher(options.paths);
  const keeping = options.ttlMs > 0;
  const requestIdOf = options.requestIdOf ?? (() => randomUUID());
  const copies = new Map<string, Copy>();
  let generation = 0;
  const replayedByPath = new Map<string, number>();
  const logReplayed = () => {
    for (const [path, count] of replayedByPath) {
      options.logger.info({ method: 'GET', path, status: 200, count }, 'replayed');
    }
    replayedByPath.clear();
  };
  setInterval(logReplayed, options.logEveryMs ?? 1000).unref();

  const pathOf = (url: string) => {
    const query = url.indexOf('?');
    return query === -1 ? url : url.slice(0, query);
  };

  const capture: MiddlewareHandler = async (c, next) => {
    const began = generation;
    await next();
    if (!keeping || c.req.method !== 'GET' || !routeOf(c.req.path)) return;
    if (c.req.header('origin') || !isReplayable(c.res)) return;
    const body = Buffer.from(await c.res.clone().arrayBuffer());
    if (began !== generation || !enabled()) return; // a change landed while this was made
    const headers: string[] = [];
    c.res.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'x-request-id') headers.push(name, value);
    });
    headers.push('content-length', String(body.length), 'x-request-id', '');
    const url = new URL(c.req.url);
    const key = c.res.headers.has('vary')
      ? keyOf(url.pathname + url.search, c.res.headers.get('content-encoding') ?? '')
      : url.pathname + url.search;
    copies.delete(key);
    copies.set(key, { expires: now() + options.ttlMs, headers, body });
    if (copies.size > maxEntries) copies.delete(copies.keys().next().value as string);
  };

  /** Writes the copy for this request and answers true, or answers false to leave it to Hono. */
  const serve = (request: IncomingMessage, response: ServerResponse): boolean => {
    const url = request.url;
    if (request.method !== 'GET' || url === undefined) return false;
    const route = routeOf(pathOf(url));
    if (route === undefined || !enabled()) return false;
    let key = url;
    let copy = copies.get(key);
    if (!copy) {
      key = keyOf(url, chosenEncoding(request.headers['accept-encoding']));
      copy = copies.get(key);
      if (!copy) return false;
    }
    const started = now();
    if (copy.expires <= started) {
      copies.delete(key);
      return false;
    }
    // A conditional request may deserve a 304, and a cross-origin one CORS headers: Hono.
    const { headers } = request;
    if (headers['if-none-match'] !== undefined || headers.origin !== undefined) return false;
    copy.headers[copy.headers.length - 1] = requestIdOf(request);
    response.writeHead(200, copy.headers);
    response.end(copy.body);
    options.onReplayed?.(route, (now() - started) / 1000);
    replayedByPath.set(route, (replayedByPath.get(route) ?? 0) + 1);
    return true;
  };

  const clear = () => {
    generation++;
    copies.clear();
  };

  return { capture, serve, clear, keeping, paths: options.paths };
}

export type ResponseReplay = ReturnType<typeof createResponseReplay>;
