import {
  BillingDocumentSchema,
  DocumentParamsSchema,
  idParams,
  LegalDetailsSchema,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../lib/openapi';
import type { InvoicesService } from './invoices.service';

const tags = ['Invoices'];

const listDocuments = defineRoute({
  method: 'get',
  path: '/purchase/{id}/documents',
  tags,
  summary: "An order's invoice and credit notes, oldest first (its buyer, or an admin)",
  description:
    'The invoice is issued when the order is paid; each refund issues a credit note that ' +
    'refers to it. Another customer\u2019s order answers 404.',
  security: bearer,
  request: { params: idParams('Order') },
  responses: {
    200: json(z.array(BillingDocumentSchema), 'The documents'),
    ...errors(401, 404),
  },
});

const downloadDocument = defineRoute({
  method: 'get',
  path: '/purchase/{id}/documents/{number}',
  tags,
  summary: 'One of an order\u2019s invoices or credit notes as a PDF (its buyer, or an admin)',
  security: bearer,
  request: { params: DocumentParamsSchema },
  responses: {
    200: {
      description: 'The PDF, as issued',
      content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
    },
    ...errors(401, 404),
  },
});

const legalDetails = defineRoute({
  method: 'get',
  path: '/settings/legal',
  tags,
  summary: 'The legal name, address and tax number printed on invoices (admins)',
  security: bearer,
  responses: { 200: json(LegalDetailsSchema, 'The details'), ...errors(401, 403) },
});

const setLegalDetails = defineRoute({
  method: 'put',
  path: '/settings/legal',
  tags,
  summary: 'Set the details printed on the invoices issued from now on (admins)',
  description: 'Invoices and credit notes issued before keep the details they were issued with.',
  security: bearer,
  request: { body: jsonBody(LegalDetailsSchema) },
  responses: { 200: json(LegalDetailsSchema, 'The new details'), ...errors(400, 401, 403, 415) },
});

export function invoicesRoutes(invoices: InvoicesService, signedIn: MiddlewareHandler<AuthedEnv>) {
  const admins = [signedIn, requireAdmin];
  return routesOf<AuthedEnv>()
    .openapi({ ...listDocuments, middleware: signedIn }, async (c) =>
      c.json(await invoices.list(c.var.user, c.req.valid('param').id), 200),
    )
    .openapi({ ...downloadDocument, middleware: signedIn }, async (c) => {
      const { id, number } = c.req.valid('param');
      const file = await invoices.pdf(c.var.user, id, number);
      return c.body(new Uint8Array(file.content), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        // A customer's document: kept by no shared cache.
        'Cache-Control': 'private, no-store',
      });
    })
    .openapi({ ...legalDetails, middleware: admins }, async (c) =>
      c.json(await invoices.legalDetails(), 200),
    )
    .openapi({ ...setLegalDetails, middleware: admins }, async (c) =>
      c.json(await invoices.setLegalDetails(c.req.valid('json')), 200),
    );
}
