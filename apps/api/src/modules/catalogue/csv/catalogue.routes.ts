import {
  CatalogueExportQuerySchema,
  CatalogueImportQuerySchema,
  CatalogueImportReportSchema,
  LaptopModelSchema,
  ModelRowSchema,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../../auth/guards';
import { AppError } from '../../../lib/errors';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../../lib/openapi';
import type { CatalogueService } from './catalogue.service';

/** The import's path: its body may be larger than a JSON body (app.ts, decision 033). */
export const CATALOGUE_IMPORT_PATH = '/api/catalogue/import';

const importCatalogue = defineRoute({
  method: 'post',
  path: '/catalogue/import',
  tags: ['Catalogue'],
  summary: 'Import laptop models or parts from a CSV file, all rows or none (admins)',
  description:
    'The header row names the columns, exactly in the order of docs/product.md ("The catalogue ' +
    'as CSV"). Every row is checked first; any error refuses the whole file with 400 ' +
    'VALIDATION_FAILED whose `fields` are keyed `row:column` (the header is row 1; `*` for the ' +
    'whole row). With `dryRun=true` nothing is written; otherwise all rows are written in one ' +
    'transaction. The body may be up to CATALOGUE_IMPORT_LIMIT_BYTES.',
  security: bearer,
  request: {
    query: CatalogueImportQuerySchema,
    body: { required: true, content: { 'text/csv': { schema: z.string() } } },
  },
  responses: {
    200: json(
      CatalogueImportReportSchema,
      'What was (or, on a dry run, would be) created and updated',
    ),
    ...errors(400, 401, 403, 409, 415),
  },
});

const exportCatalogue = defineRoute({
  method: 'get',
  path: '/catalogue/export',
  tags: ['Catalogue'],
  summary: 'The laptop models, or the parts on sale, as a CSV file the import takes (admins)',
  security: bearer,
  request: { query: CatalogueExportQuerySchema },
  responses: {
    200: {
      description: 'A CSV file with a header row; text cells that could run as formulas escaped',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...errors(400, 401, 403),
  },
});

const addModel = defineRoute({
  method: 'post',
  path: '/laptops',
  tags: ['Laptops'],
  summary: 'Add one laptop model, and its brand and series when they are new (admins)',
  description:
    'A row of the models file as JSON, by its rules: a brand or series is the one whose slug is ' +
    "the same, or a new one. A model the shop has already (its brand's and its name's slugs), " +
    "or one whose link would be another model's, is refused with 409 CONFLICT, the message " +
    'under `model` in `fields`.',
  security: bearer,
  request: { body: jsonBody(ModelRowSchema) },
  responses: {
    201: json(LaptopModelSchema, 'The model, as the suggestions show it'),
    ...errors(400, 401, 403, 409, 415),
  },
});

/** The export's batches of lines as a response body, each read when the client took the last. */
function textStream(batches: AsyncGenerator<string>) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await batches.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

export function catalogueRoutes(
  catalogue: CatalogueService,
  signedIn: MiddlewareHandler<AuthedEnv>,
) {
  return routesOf<AuthedEnv>()
    .openapi({ ...importCatalogue, middleware: [signedIn, requireAdmin] }, async (c) => {
      const { kind, dryRun } = c.req.valid('query');
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'text/csv') {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'The file must be sent as text/csv');
      }
      const report = await catalogue.importCsv(kind, await c.req.text(), dryRun);
      return c.json(report, 200);
    })
    .openapi({ ...exportCatalogue, middleware: [signedIn, requireAdmin] }, (c) => {
      const { kind } = c.req.valid('query');
      const day = new Date().toISOString().slice(0, 10);
      return c.body(textStream(catalogue.exportCsv(kind)), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="catalogue-${kind}-${day}.csv"`,
      });
    })
    .openapi({ ...addModel, middleware: [signedIn, requireAdmin] }, async (c) =>
      c.json(await catalogue.addModel(c.req.valid('json')), 201),
    );
}
