import {
  hasControlCharacters,
  idParams,
  ListedToolSchema,
  messages,
  PicturedToolInputSchema,
  TOTAL_COUNT_HEADER,
  ToolCreatedSchema,
  ToolInputSchema,
  ToolListQuerySchema,
  ToolRemovedSchema,
  ToolSchema,
  ToolUpdateSchema,
} from '@shop/shared';
import type { Context, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { AppError } from '../../lib/errors';
import { fieldsOf, refuseControlCharacters } from '../../lib/validation';
import { UPLOAD_DESCRIPTION, UploadSchema } from './images/images.routes';
import { defineRoute, errors, json, jsonBody, jsonPage, routesOf, bearer } from '../../lib/openapi';
import type { ToolsService } from './tools.service';

/** `If-None-Match` lists ETags (or `*`); weak comparison, as RFC 9110 asks for GET. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

const ToolParams = idParams('Tool');

// Each with how many laptop models it fits (Manage Tools' "Fits N models").
const toolsPage = jsonPage(ListedToolSchema, 'One page of tools', 'tools');
const listTools = defineRoute({
  method: 'get',
  path: '/',
  tags: ['Tools'],
  summary: 'The catalogue, a page at a time, optionally searched by name',
  description: 'With `retired=true` (admins only, with their bearer token): the retired tools.',
  request: { query: ToolListQuerySchema },
  // Documented, not validated: the catalogue's hot path reads it only to compare.
  parameters: [
    { name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } },
  ],
  responses: {
    200: {
      ...toolsPage,
      headers: toolsPage.headers.extend({
        ETag: z.string().openapi({ description: "The page's version, for If-None-Match" }),
      }),
    },
    304: { description: 'The page is unchanged since the ETag given in If-None-Match' },
    ...errors(400, 403),
  },
});

const getTool = defineRoute({
  method: 'get',
  path: '/{id}',
  tags: ['Tools'],
  summary: 'One tool',
  request: { params: ToolParams },
  responses: { 200: json(ToolSchema, 'The tool'), ...errors(404) },
});

const addTool = defineRoute({
  method: 'post',
  path: '/',
  tags: ['Tools'],
  summary: 'Add a tool (admins)',
  security: bearer,
  request: { body: jsonBody(ToolInputSchema) },
  responses: { 201: json(ToolCreatedSchema, 'Added'), ...errors(400, 401, 403, 409, 415) },
});

const addToolWithPicture = defineRoute({
  method: 'post',
  path: '/with-picture',
  tags: ['Tools'],
  summary:
    'Add a tool with its first picture, which is its image unless an image URL is given (admins)',
  description:
    'A multipart form: `tool`, the fields of `POST /api/tools` as JSON text (`img` may be left ' +
    "out: the picture's 800 px JPEG becomes it), `file` and `alt`, the part's first picture. " +
    `${UPLOAD_DESCRIPTION} The tool and its picture are written together or not at all.`,
  security: bearer,
  request: {
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: UploadSchema.extend({
            tool: z.string({ error: "The tool's fields are required" }),
          }),
        },
      },
    },
  },
  responses: { 201: json(ToolCreatedSchema, 'Added'), ...errors(400, 401, 403, 409, 413, 415) },
});

/** The `tool` field of Add Tool with a picture: JSON text, checked as `POST /api/tools` checks. */
function picturedToolOf(text: string) {
  // JSON writes a field's line breaks as \n: the text itself holds no control character.
  refuseControlCharacters(hasControlCharacters(text) ? ['tool'] : []);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const message = "The tool's fields must be JSON";
    throw new AppError('VALIDATION_FAILED', `tool: ${message}`, { tool: [message] });
  }
  const parsed = PicturedToolInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0]!;
  throw new AppError(
    'VALIDATION_FAILED',
    `${first.path.join('.') || 'tool'}: ${first.message}`,
    fieldsOf(parsed.error),
  );
}

const updateTool = defineRoute({
  method: 'patch',
  path: '/{id}',
  tags: ['Tools'],
  summary: "Change a tool's price, stock, description or part details (admins)",
  security: bearer,
  request: { params: ToolParams, body: jsonBody(ToolUpdateSchema) },
  responses: { 200: json(ToolSchema, 'Updated'), ...errors(400, 401, 403, 404, 409, 415) },
});

const removeTool = defineRoute({
  method: 'delete',
  path: '/{id}',
  tags: ['Tools'],
  summary: 'Remove a tool (admins): retired if it has orders, erased otherwise',
  security: bearer,
  request: { params: ToolParams },
  responses: { 200: json(ToolRemovedSchema, 'Removed'), ...errors(401, 403, 404) },
});

/**
 * The retired tools are for admins: anyone else asking for them, signed in or not, is refused
 * (403). Checked in the handler, not as a middleware: the public catalogue's path stays as short
 * as it was (request-cost.test.ts).
 */
async function refuseUnlessAdmin(c: Context<AuthedEnv>, signedIn: MiddlewareHandler<AuthedEnv>) {
  let admin = false;
  try {
    await signedIn(c, async () => {
      admin = c.var.user.role === 'admin';
    });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'UNAUTHENTICATED')) throw error;
  }
  if (!admin) throw new AppError('NOT_ADMIN', 'Only an admin can see the retired tools');
}

export function toolsRoutes(tools: ToolsService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return (
    routesOf<AuthedEnv>()
      .openapi(listTools, async (c) => {
        const query = c.req.valid('query');
        if (query.retired) await refuseUnlessAdmin(c, signedIn);
        const page = await tools.listPage(query);
        c.header(TOTAL_COUNT_HEADER, String(page.total));
        // Browsers revalidate every time; an unchanged page costs a 304 and no body. An admin's
        // page of retired tools is theirs: never kept by a shared cache or replayed (decision 010).
        c.header('Cache-Control', query.retired ? 'private, no-cache' : 'no-cache');
        c.header('ETag', page.etag);
        if (matchesEtag(c.req.header('If-None-Match'), page.etag)) {
          return c.body(null, 304);
        }
        // The page is kept as JSON text (decision 010): sent as it is, not parsed again.
        return c.body(page.json, 200, { 'Content-Type': 'application/json' });
      })
      .openapi(getTool, async (c) => c.json(await tools.get(c.req.valid('param').id), 200))
      // The catalogue changes only by an admin.
      .openapi({ ...addTool, middleware: [signedIn, requireAdmin] }, async (c) =>
        c.json(
          { ...(await tools.create(c.req.valid('json'))), message: messages.success.toolAdded },
          201,
        ),
      )
      .openapi({ ...addToolWithPicture, middleware: [signedIn, requireAdmin] }, async (c) => {
        const { tool, file, alt } = c.req.valid('form');
        const input = picturedToolOf(tool);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const created = await tools.createWithPicture(input, bytes, alt);
        return c.json({ ...created, message: messages.success.toolAdded }, 201);
      })
      .openapi({ ...updateTool, middleware: [signedIn, requireAdmin] }, async (c) =>
        c.json(await tools.update(c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .openapi({ ...removeTool, middleware: [signedIn, requireAdmin] }, async (c) => {
        const { retired } = await tools.remove(c.req.valid('param').id);
        return c.json({ deletedCount: 1 as const, retired }, 200);
      })
  );
}
