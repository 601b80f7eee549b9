/**
 * The API's published contract (issue 14): `GET /api/openapi.json`, an OpenAPI 3.1 document
 * made from every route's declaration, and `GET /api/docs`, a reference page (Scalar) served
 * from the installed package, with no request leaving the shop and a CSP of its own.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env as HonoEnv, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Env } from './env';
import { BEARER, defineRoute, SESSION_COOKIE } from './lib/openapi';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';
const SCRIPT_PATH = '/api/docs/api-reference.js';

/** The reference page's script: Scalar's standalone build, from node_modules at run time. */
function scalarScriptFile(): string {
  // The package exports no path to it; it sits beside the package's entry point.
  const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
  return path.join(path.dirname(entry), 'browser', 'standalone.js');
}

/**
 * The zod inside Scalar's build asks whether eval works by calling `new Function("")` (and uses
 * plain code when it throws). Under this page's CSP the browser refuses it and reports a
 * violation each time, so the question is answered "no" in the script we serve. Should a new
 * version word it differently, the browser test of the page reports the violation again.
 */
export const EVAL_PROBE = 'try{return new Function(""),!0}catch(e){return!1}';

let scalarScript: Promise<string> | undefined;
/** Read and answered once, on the first request for it. */
export const referenceScript = () =>
  (scalarScript ??= fs
    .readFile(scalarScriptFile(), 'utf8')
    .then((script) => script.replaceAll(EVAL_PROBE, 'return!1')));

/**
 * Scalar's settings: our document, no fonts from Scalar's servers, no telemetry, no AI agent
 * (it would call Scalar's servers) and no request proxy (the "try it" calls go to this shop).
 */
const referenceConfiguration = {
  url: OPENAPI_PATH,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  showDeveloperTools: 'never',
  persistAuth: false,
};
// Not `#api-reference`: the standalone script mounts a second, unconfigured reference on that id.
const startScript = `Scalar.createApiReference('#reference', ${JSON.stringify(referenceConfiguration)});`;
const startScriptHash = `'sha256-${createHash('sha256').update(startScript).digest('base64')}'`;

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Laptop Parts Shop API</title>
    <link rel="icon" type="image/svg+xml" href="/images/logo.svg" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${SCRIPT_PATH}"></script>
    <script>${startScript}</script>
  </body>
</html>
`;

/**
 * The reference page's own headers: its scripts are ours (the file above and the hash of the one
 * inline line), it reads the document from this origin, and nothing loads from elsewhere.
 * Scalar sets inline styles, which cannot run code.
 */
export const apiDocsHeaders = (env: Pick<Env, 'NODE_ENV'>): MiddlewareHandler =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      scriptSrc: ["'self'", startScriptHash],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity:
      env.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginEmbedderPolicy: false,
  });

const documentRoute = defineRoute({
  method: 'get',
  path: '/openapi.json',
  tags: ['Reference'],
  summary: 'This document: the OpenAPI 3.1 description of the API',
  responses: {
    200: {
      description: 'The OpenAPI document',
      content: {
        'application/json': {
          schema: { type: 'object', required: ['openapi', 'info', 'paths'] },
        },
      },
    },
  },
});

const docsRoute = defineRoute({
  method: 'get',
  path: '/docs',
  tags: ['Reference'],
  summary: 'The API reference page, made from this document',
  responses: {
    200: { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } },
  },
});

const scriptRoute = defineRoute({
  method: 'get',
  path: '/docs/api-reference.js',
  tags: ['Reference'],
  summary: "The reference page's script",
  responses: {
    200: {
      description: 'Scalar API Reference, standalone build',
      content: { 'text/javascript': { schema: { type: 'string' } } },
    },
  },
});

/** The document of every route `api` declares, under `/api`; made once, on first use. */
function documentOf(api: OpenAPIHono<HonoEnv>) {
  let made: string | undefined;
  return () => {
    if (made !== undefined) return made;
    api.openAPIRegistry.registerComponent('securitySchemes', BEARER, {
      type: 'http',
      scheme: 'bearer',
      description: 'The access token from `PUT /api/user/{email}`.',
    });
    api.openAPIRegistry.registerComponent('securitySchemes', SESSION_COOKIE, {
      type: 'apiKey',
      in: 'cookie',
      name: 'better-auth.session_token',
      description:
        "Better Auth's session cookie, set by signing in (`__Secure-` prefixed over https).",
    });
    const document = api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Laptop Parts Shop API',
        version: '1',
        description:
          'Every refusal answers the one error shape, `ApiError`: a code, a message and, for invalid input, the messages per field.',
      },
      servers: [{ url: '/', description: 'This shop' }],
    });
    const paths = Object.fromEntries(
      Object.entries(document.paths ?? {}).map(([route, item]) => [`/api${route}`, item]),
    );
    made = JSON.stringify({ ...document, paths });
    return made;
  };
}

/** Adds the document, the page and its script to `api`; call it once every route is mounted. */
export function addApiDocs(api: OpenAPIHono<HonoEnv>) {
  const document = documentOf(api);
  // Declared for the document; answered as they are (not JSON values of ours).
  for (const route of [documentRoute, docsRoute, scriptRoute]) {
    api.openAPIRegistry.registerPath(route);
  }
  return api
    .get(documentRoute.path, (c) => c.body(document(), 200, { 'Content-Type': 'application/json' }))
    .get(docsRoute.path, (c) => c.html(page, 200))
    .get(scriptRoute.path, async (c) =>
      c.body(await referenceScript(), 200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=86400',
      }),
    );
}
