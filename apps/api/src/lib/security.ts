import { errorStatus, IDEMPOTENCY_KEY_HEADER, TOTAL_COUNT_HEADER } from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from '../env';
import { errorBody } from './errors';
import { REQUEST_ID_HEADER } from './request-context';

/**
 * Security headers of the app's pages and files. The CSP allows only our own origin: with the
 * access token in localStorage (docs/product.md), keeping foreign scripts out is what makes that safe.
 */
export const securityHeaders = (
  env: Pick<Env, 'NODE_ENV'>,
  options: { stripe: boolean } = { stripe: false },
): MiddlewareHandler => {
  // Stripe Elements runs Stripe's script and frames; nothing else from outside.
  const stripe = options.stripe;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...(stripe ? ['https://js.stripe.com'] : [])],
      frameSrc: stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : ["'none'"],
      // Carousel and toast libraries set inline styles; styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Admins may give a tool an image hosted elsewhere (https only), and see the pictures they
      // chose in Add Tool before uploading them (blob:, the browser's own copy); images cannot
      // run code.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'"],
      // blob:, the browser's own copy of a picture chosen in Add Tool: Chromium may read a
      // preview (an SVG under a photo's name, which the shop refuses once sent) as a
      // connection, and reported a violation. A blob: address is the page's own; nothing
      // leaves the browser by it.
      connectSrc: ["'self'", 'blob:', ...(stripe ? ['https://api.stripe.com'] : [])],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity:
      env.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
  });
};

/**
 * Security headers of API answers: OWASP's set for a REST API. JSON is never a page, so its CSP
 * lets nothing load or frame it, and the headers that only steer documents (opener policy,
 * agent cluster, DNS prefetch) or old browsers (XSS auditor, IE downloads, Flash policies) are
 * left out: on a catalogue read they were a fifth of the bytes and cost a quarter of the rate
 * (decision 010). A fixed list, set by the request envelope in the same pass as the request id
 * (request-context.ts): a middleware of its own cost the uncached path a layer (decision 017).
 */
export const apiSecurityHeaders = (
  env: Pick<Env, 'NODE_ENV'>,
): ReadonlyArray<readonly [string, string]> => [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ...(env.NODE_ENV === 'production'
    ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as const)
    : []),
];

/**
 * Bodies beyond `maxBytes` are refused before they are read whole. GET and HEAD carry no body,
 * and a declared Content-Length is checked as a number: only a chunked body is counted as it
 * streams in. (Asking for the body stream builds a full Request, which costs more than the rest
 * of a purchase's handling.)
 */
export const bodyLimitOf = (maxBytes: number): MiddlewareHandler => {
  const tooLarge: Parameters<typeof bodyLimit>[0]['onError'] = (c) =>
    c.json(
      errorBody('PAYLOAD_TOO_LARGE', `Request body is larger than ${maxBytes} bytes`),
      errorStatus.PAYLOAD_TOO_LARGE,
    );
  const streamedLimit = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) {
      return streamedLimit(c, next);
    }
    return Number.parseInt(length, 10) > maxBytes ? tooLarge(c) : next();
  };
};

/** JSON bodies: at most BODY_LIMIT_BYTES. */
export const jsonBodyLimit = (env: Pick<Env, 'BODY_LIMIT_BYTES'>): MiddlewareHandler =>
  bodyLimitOf(env.BODY_LIMIT_BYTES);

/**
 * Every body at most BODY_LIMIT_BYTES, but those of the paths given, each with its own limit
 * (a catalogue import's CSV file: CATALOGUE_IMPORT_LIMIT_BYTES; a product image's upload): a
 * path as it is, or a pattern for a path with an id in it. One layer, whatever the path.
 */
export const bodyLimits = (
  env: Pick<Env, 'BODY_LIMIT_BYTES'>,
  larger: ReadonlyArray<readonly [path: string | RegExp, maxBytes: number]>,
): MiddlewareHandler => {
  const json = jsonBodyLimit(env);
  const byPath = new Map<string, MiddlewareHandler>();
  const byPattern: [RegExp, MiddlewareHandler][] = [];
  for (const [path, max] of larger) {
    if (typeof path === 'string') byPath.set(path, bodyLimitOf(max));
    else byPattern.push([path, bodyLimitOf(max)]);
  }
  const limitOf = (path: string) =>
    byPath.get(path) ?? byPattern.find(([pattern]) => pattern.test(path))?.[1] ?? json;
  return (c, next) => limitOf(c.req.path)(c, next);
};

/** Cross-origin calls only from the configured origins; none by default. */
export const corsForConfiguredOrigins = (
  env: Pick<Env, 'CORS_ORIGINS'>,
): MiddlewareHandler | undefined =>
  env.CORS_ORIGINS.length === 0
    ? undefined
    : cors({
        origin: (origin) => (env.CORS_ORIGINS.includes(origin) ? origin : null),
        credentials: true,
        allowHeaders: ['Content-Type', 'Authorization', IDEMPOTENCY_KEY_HEADER],
        // The request id, so a partner site can quote it when it reports a problem.
        exposeHeaders: [TOTAL_COUNT_HEADER, 'Idempotent-Replayed', REQUEST_ID_HEADER],
        maxAge: 600,
      });
