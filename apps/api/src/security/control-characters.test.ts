/**
 * Control characters in every text input (issue 13). For each route that takes text, a NUL and a
 * sample of other control characters (C0, DEL, C1, lone surrogates; line breaks in single-line
 * fields) go into each field in turn: body, query and path. The answer is 400 in the one error
 * shape naming the field (a path parameter that names a record may answer 404), the same request
 * without the character is accepted, no table gains a row or a control character, and nothing is
 * logged at error level. A route the app answers that is neither here nor listed as taking no
 * text fails the first test.
 */
import {
  CarrierInputSchema,
  ShipOrderSchema,
  AllOrdersQuerySchema,
  CatalogueExportQuerySchema,
  CatalogueImportQuerySchema,
  LoginSchema,
  OrderFilterSchema,
  OrderListQuerySchema,
  PayOrderSchema,
  ProfileInputSchema,
  CheckoutSchema,
  LaptopListQuerySchema,
  LegalDetailsSchema,
  ModelRowSchema,
  PartImageUpdateSchema,
  PartImageUploadFieldsSchema,
  partSlug,
  PurchaseSchema,
  RefundSchema,
  RegisterSchema,
  RequestPasswordResetSchema,
  SendVerificationEmailSchema,
  ResetPasswordSchema,
  ReturnDecisionSchema,
  ReturnListQuerySchema,
  ReturnReceiptSchema,
  ReturnRequestInputSchema,
  ReviewInputSchema,
  SandboxCardPaymentSchema,
  SavedAddressInputSchema,
  SearchQuerySchema,
  ShippingMethodInputSchema,
  ShippingQuoteRequestSchema,
  ShippingZoneInputSchema,
  TaxRateInputSchema,
  TaxRateKeySchema,
  ToolInputSchema,
  ToolListQuerySchema,
  ToolUpdateSchema,
  UserListQuerySchema,
} from '@shop/shared';
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import { SEEDED } from '../db/migrations/0027-shipping-and-tax';
import type { Database } from '../db/schema';
import { describeEachDatabase } from '../test/databases';
import { newPerson } from '../test/identity';
import { type TestApp, TEST_ORIGIN, createTestApp } from '../test/test-app';
import {
  type Account,
  buildWorld,
  catalogueCsv,
  matrix,
  MISSING_IMAGE_FILE,
  newModelBody,
  type Role,
  imageForm,
  toolBody,
  type World,
} from './route-table';
import { DELIVERY } from '../test/shop';

type Json = Record<string, unknown>;

const { shippingMethodId: _method, ...destination } = DELIVERY;
const savedAddressBody = {
  ...destination,
  recipient: 'Ann Smith',
  address: 'A street 1\n\tFlat 2',
};

interface TextCase {
  /** As in the route table (`METHOD /api/...`). */
  route: string;
  /** What `*` stands for, in Better Auth's routes. */
  wildcard?: string;
  caller: Role;
  params?: (world: World) => Record<string, string>;
  query?: (world: World) => Record<string, string>;
  body?: (world: World) => Json;
  /** Our schema for the body or query: each of its text fields must have a value here. */
  schema?: z.ZodType;
  /** Fields that keep line breaks and tabs; the clean request sends some. */
  multiLine?: string[];
  /** A path parameter that names a record answers 404; one checked as text, 400. */
  paramStatus?: 400 | 404;
  /** The clean request's status; the route table's for the caller unless said. */
  accepted?: number;
  /** A CSV body (text/csv) instead of JSON: its cells are checked by catalogue.test.ts. */
  csv?: (world: World) => string;
  /** The body's fields sent as a multipart form, with an image as its `file`. */
  form?: boolean;
}

/** The parts catalogue's text fields of a tool (issue 33), every one filled; a SKU of its own. */
const partFields = (w: World) => ({
  sku: `CC-${w.tool._id.slice(0, 8)}`,
  category: 'battery',
  brand: 'Lenovo',
  condition: 'new',
  weightGrams: 50,
  partNumbers: [{ kind: 'fru', maker: 'Lenovo', number: '01AV431' }],
  fits: [w.laptop.slug],
});

const cases: TextCase[] = [
  {
    route: 'POST /api/auth/*',
    wildcard: 'sign-up/email',
    caller: 'anonymous',
    body: () => ({ ...newPerson('text'), callbackURL: '/' }),
    schema: RegisterSchema,
    accepted: 200,
  },
  {
    route: 'POST /api/auth/*',
    wildcard: 'sign-in/email',
    caller: 'anonymous',
    body: (w) => ({ email: w.a.email, password: w.a.password, callbackURL: '/', rememberMe: true }),
    schema: LoginSchema,
    accepted: 200,
  },
  // Better Auth's own endpoints: no schema of ours, the same rule.
  {
    route: 'POST /api/auth/*',
    wildcard: 'update-user',
    caller: 'customerA',
    body: () => ({ name: 'New Name', image: 'https://example.com/me.png' }),
    accepted: 200,
  },
  {
    route: 'POST /api/auth/*',
    wildcard: 'change-password',
    caller: 'customerA',
    body: (w) => ({
      currentPassword: w.a.password,
      newPassword: 'secret456',
      revokeOtherSessions: false,
    }),
    accepted: 200,
  },
  {
    route: 'POST /api/auth/*',
    wildcard: 'revoke-session',
    caller: 'customerA',
    body: () => ({ token: 'no-such-session-token' }),
    accepted: 200,
  },
  {
    route: 'POST /api/auth/*',
    wildcard: 'request-password-reset',
    caller: 'anonymous',
    body: (w) => ({ email: w.a.email }),
    schema: RequestPasswordResetSchema,
    accepted: 200,
  },
  {
    route: 'POST /api/auth/*',
    wildcard: 'reset-password',
    caller: 'anonymous',
    body: () => ({ token: 'not-a-reset-token', newPassword: 'secret456' }),
    schema: ResetPasswordSchema,
    // A token no reset gave: Better Auth's INVALID_TOKEN.
    accepted: 400,
  },
  {
    route: 'POST /api/auth/*',
    wildcard: 'send-verification-email',
    caller: 'anonymous',
    body: (w) => ({ email: w.a.email, callbackURL: '/login?verified=1' }),
    schema: SendVerificationEmailSchema,
    accepted: 200,
  },
  {
    route: 'GET /api/auth/*',
    wildcard: 'verify-email',
    caller: 'anonymous',
    query: () => ({ token: 'not-a-token' }),
    accepted: 401,
  },
  {
    route: 'PUT /api/user/:email',
    caller: 'customerA',
    params: (w) => ({ email: w.a.email }),
    body: (w) => ({ email: w.a.email }),
    paramStatus: 400,
  },
  {
    route: 'GET /api/admin/:email',
    caller: 'customerA',
    params: (w) => ({ email: w.a.email }),
    paramStatus: 400,
  },
  {
    route: 'PUT /api/user/admin/:email',
    caller: 'admin',
    params: (w) => ({ email: w.a.email }),
    paramStatus: 400,
  },
  {
    route: 'DELETE /api/user/:email',
    caller: 'admin',
    params: (w) => ({ email: w.a.email }),
    paramStatus: 400,
  },
  // An admin's read went to the database with the NUL (500 before).
  {
    route: 'GET /api/userInfo/:email',
    caller: 'admin',
    params: (w) => ({ email: w.a.email }),
    paramStatus: 400,
  },
  {
    route: 'PUT /api/userInfo/:email',
    caller: 'customerA',
    params: (w) => ({ email: w.a.email }),
    body: (w) => ({
      email: w.a.email,
      birthDate: '01-02-90',
      address: '1 Road\r\nFlat 2',
      phone: '+1 555 0100',
      profileLink: 'https://www.linkedin.com/in/a',
    }),
    schema: ProfileInputSchema,
    multiLine: ['address'],
    paramStatus: 400,
  },
  {
    route: 'POST /api/purchase',
    caller: 'customerA',
    body: (w) => ({
      toolId: w.tool._id,
      quantity: 1,
      ...DELIVERY,
      // The optional recipient is text too (issue 35).
      recipient: 'Ann Smith',
      address: 'A street 1\n\tFlat 2',
      neededBy: '2099-12-31',
    }),
    schema: PurchaseSchema,
    multiLine: ['address'],
  },
  {
    route: 'POST /api/checkout',
    caller: 'customerA',
    body: () => ({
      ...DELIVERY,
      recipient: 'Ann Smith',
      address: 'A street 1\n\tFlat 2',
      neededBy: '2099-12-31',
    }),
    schema: CheckoutSchema,
    multiLine: ['address'],
  },
  // My Profile's address book (issue 35): an address is a destination and its recipient.
  {
    route: 'POST /api/addresses',
    caller: 'customerA',
    body: () => savedAddressBody,
    schema: SavedAddressInputSchema,
    multiLine: ['address'],
  },
  {
    route: 'PUT /api/addresses/:id',
    caller: 'customerA',
    params: (w) => ({ id: w.address.id }),
    body: () => savedAddressBody,
    schema: SavedAddressInputSchema,
    multiLine: ['address'],
    paramStatus: 404,
  },
  {
    route: 'DELETE /api/addresses/:id',
    caller: 'customerA',
    params: (w) => ({ id: w.address.id }),
    paramStatus: 404,
  },
  // A shipping quote (issue 35): the destination's country and region, and the parts' ids.
  {
    route: 'POST /api/shipping/quote',
    caller: 'anonymous',
    body: (w) => ({ country: 'US', region: 'OR', lines: [{ toolId: w.tool._id, quantity: 1 }] }),
    schema: ShippingQuoteRequestSchema,
  },
  {
    route: 'POST /api/cart/lines',
    caller: 'customerA',
    body: (w) => ({ toolId: w.tool._id, quantity: 1 }),
  },
  {
    route: 'PATCH /api/cart/lines/:toolId',
    caller: 'customerA',
    params: (w) => ({ toolId: w.tool._id }),
    body: () => ({ quantity: 2 }),
    paramStatus: 404,
  },
  {
    route: 'DELETE /api/cart/lines/:toolId',
    caller: 'customerA',
    params: (w) => ({ toolId: w.tool._id }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/shipping/zones',
    caller: 'admin',
    body: () => ({
      name: 'Control zone',
      countries: ['NO'],
      restOfWorld: false,
      refusedClasses: [],
    }),
    schema: ShippingZoneInputSchema,
  },
  {
    route: 'PUT /api/shipping/zones/:id',
    caller: 'admin',
    params: () => ({ id: SEEDED.zones.uk }),
    body: () => ({
      name: 'United Kingdom',
      countries: ['GB'],
      restOfWorld: false,
      refusedClasses: [],
    }),
    schema: ShippingZoneInputSchema,
    paramStatus: 404,
  },
  {
    route: 'DELETE /api/shipping/zones/:id',
    caller: 'admin',
    params: () => ({ id: SEEDED.zones.ca }),
    paramStatus: 404,
    accepted: 204,
  },
  {
    route: 'POST /api/shipping/zones/:id/methods',
    caller: 'admin',
    params: () => ({ id: SEEDED.zones.uk }),
    body: () => ({
      name: 'Control post',
      rateKind: 'flat',
      price: 5,
      minDays: 1,
      maxDays: 2,
      refusedClasses: [],
    }),
    schema: ShippingMethodInputSchema,
    paramStatus: 404,
  },
  {
    route: 'PUT /api/shipping/methods/:id',
    caller: 'admin',
    params: () => ({ id: SEEDED.methods.ukAir }),
    body: () => ({
      name: 'Air',
      rateKind: 'flat',
      price: 34.99,
      minDays: 2,
      maxDays: 4,
      refusedClasses: ['lithium_battery'],
    }),
    schema: ShippingMethodInputSchema,
    paramStatus: 404,
  },
  {
    route: 'DELETE /api/shipping/methods/:id',
    caller: 'admin',
    params: () => ({ id: SEEDED.methods.euAir }),
    paramStatus: 404,
    accepted: 204,
  },
  {
    route: 'PUT /api/shipping/tax-rates',
    caller: 'admin',
    body: () => ({ country: 'US', region: 'NY', name: 'Sales tax', rate: 4 }),
    schema: TaxRateInputSchema,
  },
  {
    route: 'DELETE /api/shipping/tax-rates',
    caller: 'admin',
    query: () => ({ country: 'US', region: 'WY' }),
    schema: TaxRateKeySchema,
    accepted: 204,
  },
  {
    route: 'GET /api/orders/export',
    caller: 'admin',
    query: () => ({ search: 'Matrix', status: 'unpaid', from: '2026-01-01', to: '2099-12-31' }),
    schema: OrderFilterSchema,
  },
  {
    route: 'GET /api/allPurchase',
    caller: 'admin',
    query: () => ({ search: 'Matrix', status: 'unpaid', from: '2026-01-01', to: '2099-12-31' }),
    schema: AllOrdersQuerySchema,
  },
  {
    route: 'GET /api/user',
    caller: 'admin',
    query: () => ({ search: 'example', role: 'user' }),
    schema: UserListQuerySchema,
  },
  {
    route: 'GET /api/purchase',
    caller: 'customerA',
    query: (w) => ({ userEmail: w.a.email }),
    schema: OrderListQuerySchema,
  },
  {
    route: 'GET /api/purchase/:id',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/purchase/:id/cancel',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/purchase/:id/deliver',
    caller: 'admin',
    params: (w) => ({ id: w.order._id }),
    paramStatus: 404,
  },
  {
    route: 'GET /api/purchase/:id/history',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    paramStatus: 404,
  },
  {
    route: 'GET /api/purchase/:id/documents',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    paramStatus: 404,
  },
  {
    route: 'GET /api/purchase/:id/documents/:number',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id, number: '2026-000001' }),
    paramStatus: 404,
    accepted: 404,
  },
  {
    route: 'POST /api/purchase/:id/returns',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    body: (w) => ({
      lines: [w.tool._id],
      reason: 'does_not_fit',
      comment: 'The connector differs:\n\tmine is 40 pins',
    }),
    schema: ReturnRequestInputSchema,
    multiLine: ['comment'],
    paramStatus: 404,
  },
  {
    route: 'GET /api/purchase/:id/returns',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    paramStatus: 404,
  },
  {
    route: 'GET /api/returns',
    caller: 'admin',
    query: () => ({ status: 'requested' }),
    schema: ReturnListQuerySchema,
  },
  ...(['authorise', 'refuse'] as const).map((step): TextCase => ({
    route: `POST /api/returns/:id/${step}`,
    caller: 'admin',
    params: () => ({ id: randomUUID() }),
    body: () => ({ message: 'Send it back\nwithin 14 days' }),
    schema: ReturnDecisionSchema,
    multiLine: ['message'],
    paramStatus: 404,
  })),
  {
    route: 'POST /api/returns/:id/receive',
    caller: 'admin',
    params: () => ({ id: randomUUID() }),
    body: (w) => ({ lines: [{ toolId: w.tool._id, resaleable: true }] }),
    schema: ReturnReceiptSchema,
    paramStatus: 404,
  },
  {
    route: 'POST /api/returns/:id/refund',
    caller: 'admin',
    params: () => ({ id: randomUUID() }),
    paramStatus: 404,
  },
  {
    route: 'PUT /api/settings/legal',
    caller: 'admin',
    body: () => ({
      legalName: 'Control Parts Ltd',
      address: '1 Control Road\r\nLondon',
      taxNumber: 'GB123456789',
    }),
    schema: LegalDetailsSchema,
    multiLine: ['address'],
  },
  {
    route: 'POST /api/purchase/:id/refund',
    caller: 'admin',
    params: (w) => ({ id: w.order._id }),
    body: () => ({ reason: 'Damaged\nin transit', restock: false }),
    schema: RefundSchema,
    multiLine: ['reason'],
    paramStatus: 404,
  },
  {
    route: 'POST /api/purchase/:id/ship',
    caller: 'admin',
    params: (w) => ({ id: w.order._id }),
    // A carrier nobody keeps: the clean request is refused under carrierId (400), a control
    // character in either field first, under its own.
    body: () => ({ carrierId: randomUUID(), trackingNumber: 'JD0146 0000-6281' }),
    schema: ShipOrderSchema,
    paramStatus: 404,
    accepted: 400,
  },
  {
    route: 'POST /api/purchase/:id/refund-preview',
    caller: 'admin',
    params: (w) => ({ id: w.order._id }),
    body: () => ({}),
    paramStatus: 404,
  },
  {
    route: 'POST /api/carriers',
    caller: 'admin',
    body: () => ({
      name: `Carrier ${randomUUID().slice(0, 8)}`,
      trackingUrlTemplate: 'https://track.example.com/parcel?id={tracking}',
    }),
    schema: CarrierInputSchema,
  },
  {
    route: 'PUT /api/carriers/:id',
    caller: 'admin',
    params: () => ({ id: randomUUID() }),
    body: () => ({
      name: 'Renamed carrier',
      trackingUrlTemplate: 'https://track.example.com/parcel?id={tracking}',
    }),
    schema: CarrierInputSchema,
    paramStatus: 404,
  },
  {
    route: 'DELETE /api/carriers/:id',
    caller: 'admin',
    params: () => ({ id: randomUUID() }),
    paramStatus: 404,
  },
  {
    route: 'PATCH /api/purchase/:id',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    body: (w) => ({ transactionId: 'pi_sandbox_forged', orderID: w.order._id }),
    schema: PayOrderSchema,
  },
  // The path apart: with an orderID in the body, another path is refused for the mismatch.
  {
    route: 'PATCH /api/purchase/:id',
    caller: 'customerA',
    params: (w) => ({ id: w.order._id }),
    body: () => ({ transactionId: 'pi_sandbox_forged' }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/create-payment-intent',
    caller: 'customerA',
    body: (w) => ({ orderId: w.order._id }),
  },
  {
    route: 'POST /api/sandbox/confirm',
    caller: 'customerA',
    body: (w) => ({
      clientSecret: w.clientSecret,
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
      billingName: 'Alice Smith',
      billingEmail: w.a.email,
    }),
    schema: SandboxCardPaymentSchema,
  },
  {
    route: 'GET /api/tools',
    caller: 'anonymous',
    // page and limit are numbers: Number() reads them, not the database.
    query: () => ({ search: 'ssd' }),
    schema: ToolListQuerySchema,
    // The route table asks for the retired tools (admins'); the catalogue is anyone's.
    accepted: 200,
  },
  {
    route: 'GET /api/tools/:id',
    caller: 'anonymous',
    params: (w) => ({ id: w.tool._id }),
    paramStatus: 404,
  },
  {
    route: 'GET /api/tools/:id/fits',
    caller: 'anonymous',
    params: (w) => ({ id: w.tool._id }),
    paramStatus: 404,
  },
  {
    route: 'GET /api/tools/:id/images',
    caller: 'anonymous',
    params: (w) => ({ id: w.tool._id }),
    paramStatus: 404,
  },
  {
    route: 'GET /images/parts/:file',
    caller: 'anonymous',
    params: () => ({ file: MISSING_IMAGE_FILE }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/tools/with-picture',
    caller: 'admin',
    body: () => ({ alt: 'A pixel', tool: JSON.stringify({ ...toolBody, name: 'Pictured' }) }),
    form: true,
  },
  {
    route: 'POST /api/tools/:id/images',
    caller: 'admin',
    params: (w) => ({ id: w.tool._id }),
    body: () => ({ alt: 'A pixel' }),
    schema: PartImageUploadFieldsSchema,
    form: true,
    paramStatus: 404,
  },
  {
    route: 'PATCH /api/tools/:id/images/:imageId',
    caller: 'admin',
    params: (w) => ({ id: w.tool._id, imageId: w.image.id }),
    body: () => ({ alt: 'A pixel, moved' }),
    schema: PartImageUpdateSchema,
    paramStatus: 404,
  },
  {
    route: 'DELETE /api/tools/:id/images/:imageId',
    caller: 'admin',
    params: (w) => ({ id: w.tool._id, imageId: w.image.id }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/catalogue/import',
    caller: 'admin',
    query: () => ({ kind: 'parts', dryRun: 'true' }),
    schema: CatalogueImportQuerySchema,
    csv: catalogueCsv,
  },
  {
    route: 'GET /api/catalogue/export',
    caller: 'admin',
    query: () => ({ kind: 'parts' }),
    schema: CatalogueExportQuerySchema,
  },
  {
    route: 'GET /api/search',
    caller: 'anonymous',
    query: () => ({
      q: 't480 battery',
      category: 'battery',
      brand: 'Lenovo',
      model: 'lenovo-thinkpad-t480',
    }),
    schema: SearchQuerySchema,
  },
  {
    route: 'GET /api/laptops',
    caller: 'anonymous',
    query: (w) => ({ brand: w.laptop.brand, series: w.laptop.series, q: 'World Book' }),
    schema: LaptopListQuerySchema,
  },
  // A slug names a record: one that cannot be a slug is not found, as an unknown one.
  {
    route: 'POST /api/laptops',
    caller: 'admin',
    body: () => newModelBody(),
    schema: ModelRowSchema,
  },
  {
    route: 'GET /api/laptops/:slug',
    caller: 'anonymous',
    params: (w) => ({ slug: w.laptop.slug }),
    paramStatus: 404,
  },
  {
    route: 'GET /api/parts/:slug',
    caller: 'anonymous',
    params: (w) => ({ slug: partSlug(w.tool.name, w.tool.sku) }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/tools',
    caller: 'admin',
    body: (w) => ({
      ...toolBody,
      title: 'Matrix Tool Battery 50Wh 3-cell',
      description: 'For the matrix:\n\tfast and small',
      ...partFields(w),
    }),
    schema: ToolInputSchema,
    multiLine: ['description'],
  },
  {
    route: 'PATCH /api/tools/:id',
    caller: 'admin',
    params: (w) => ({ id: w.tool._id }),
    body: (w) => ({
      price: 6,
      availableQuantity: 4,
      description: 'New\r\ntext',
      title: 'Matrix Tool Battery 50Wh 3-cell',
      ...partFields(w),
    }),
    schema: ToolUpdateSchema,
    multiLine: ['description'],
    paramStatus: 404,
  },
  {
    route: 'DELETE /api/tools/:id',
    caller: 'admin',
    params: (w) => ({ id: w.tool._id }),
    paramStatus: 404,
  },
  {
    route: 'POST /api/reviews',
    caller: 'customerA',
    body: () => ({
      name: 'Ann',
      review: 'NVMe SSD',
      location: 'Oslo',
      description: 'Fast.\r\n\tWould buy again.',
      img: '/images/avatars/avatar-1.svg',
    }),
    schema: ReviewInputSchema,
    multiLine: ['description'],
  },
];

/** Routes whose only inputs are the caller's credentials. */
const noTextInput: Record<string, string> = {
  'GET /api/health': 'no input',
  'GET /api/ready': 'no input',
  'GET /api/sign-in-options': 'no input',
  'DELETE /api/token': 'the bearer token only, matched by a strict pattern',
  'GET /api/cart': 'no input',
  'GET /api/addresses': 'no input',
  'GET /api/reports/sales': 'no input',
  'GET /api/emails/failed': 'no input',
  'GET /api/emails/delivery': 'no input',
  'GET /api/carriers': 'no input',
  'GET /api/dev/outbox': 'no input',
  'PUT /api/settings/low-stock': 'one whole number',
  'GET /api/shipping/zones': 'no input',
  'GET /api/shipping/tax-rates': 'no input',
  'GET /api/settings/tax': 'no input',
  'PUT /api/settings/tax': 'two booleans',
  'GET /api/settings/legal': 'no input',
  'GET /api/settings/returns': 'no input',
  'PUT /api/settings/returns': 'a whole number and four numbers',
  'GET /api/payment-config': 'no input',
  'GET /api/summary': 'no input',
  'GET /api/categories': 'no input',
  'GET /api/laptops/brands': 'no input',
  'GET /api/reviews': 'no input',
  'POST /api/stripe/webhook': "Stripe's signed bytes: the signature is checked before parsing",
  'GET /api/openapi.json': 'no input',
  'GET /api/docs': 'no input',
  'GET /api/docs/api-reference.js': 'no input',
  'GET /robots.txt': 'no input',
  'GET /sitemap.xml': 'no input',
  'GET /sitemap-pages.xml': 'no input',
  'GET /sitemap-parts.xml': 'one whole number, the page; anything else names no sitemap (404)',
  'GET /sitemap-laptops.xml': 'one whole number, the page; anything else names no sitemap (404)',
};

/** In JSON bodies: NUL, C0, DEL, C1 and both halves of a surrogate pair, alone. */
const bodySamples = [
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u009f',
  '\uD800',
  '\uDFFF',
];
const lineBreaks = ['\n', '\r', '\t'];
/** In paths and queries, as the bytes arrive: NUL, C0, DEL, C1 (U+0080 and U+009F in UTF-8). */
const urlSamples = ['%00', '%01', '%1F', '%7F', '%C2%80', '%C2%9F'];
const urlLineBreaks = ['%0A', '%0D', '%09'];
/** Not UTF-8 at all (a lone surrogate's bytes, a stray byte): any 4xx or a success, never 500. */
const notUtf8 = ['%ED%A0%80', '%FF'];

const caseName = (textCase: TextCase) =>
  textCase.wildcard ? textCase.route.replace('*', textCase.wildcard) : textCase.route;

/** The dotted path of every string in a body. */
function textPaths(value: Json, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string'
      ? [`${prefix}${key}`]
      : child && typeof child === 'object'
        ? textPaths(child as Json, `${prefix}${key}.`)
        : [],
  );
}

/** The dotted path of every text field of a zod schema (strings, ids, dates). */
function schemaTextFields(schema: z.ZodType, prefix = ''): string[] {
  const def = (schema as unknown as { def: Record<string, unknown> & { type: string } }).def;
  switch (def.type) {
    case 'string':
      return [prefix.slice(0, -1)];
    case 'optional':
    case 'default':
    case 'nullable':
      return schemaTextFields(def.innerType as z.ZodType, prefix);
    case 'pipe':
      return schemaTextFields(def.in as z.ZodType, prefix);
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
        schemaTextFields(field, `${prefix}${key}.`),
      );
    default:
      return [];
  }
}

function withValue(body: Json, path: string, change: (value: string) => string): Json {
  const copy = structuredClone(body);
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Json;
  const last = keys.at(-1)!;
  target[last] = change(target[last] as string);
  return copy;
}

/** Puts a sample after the first character, so the rest of the value stays valid. */
const insert = (value: string, sample: string) => `${value.slice(0, 1)}${sample}${value.slice(1)}`;
const insertEncoded = (value: string, sample: string) =>
  `${encodeURIComponent(value.slice(0, 1))}${sample}${encodeURIComponent(value.slice(1))}`;

interface Request {
  params: Record<string, string>;
  /** Already encoded. */
  query: Record<string, string>;
  body?: Json;
}

function urlOf(textCase: TextCase, request: Request) {
  const pattern = textCase.route.split(' ')[1]!;
  const path = pattern
    .split('/')
    .map((part) => {
      if (part === '*') return textCase.wildcard!;
      if (!part.startsWith(':')) return part;
      const value = request.params[part.slice(1)];
      if (value === undefined) throw new Error(`${textCase.route}: no value for ${part}`);
      return value;
    })
    .join('/');
  const search = Object.entries(request.query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${value}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

const encodeAll = (values: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, encodeURIComponent(value)]),
  );

/** Every table's row count, and how many rows hold a control character or U+FFFD anywhere. */
async function databaseState(db: Kysely<Database>) {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying')
    order by table_name, column_name`.execute(db);
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'
    order by table_name`.execute(db);
  const pattern = '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]';
  const counts: Record<string, number> = {};
  let tainted = 0;
  for (const { table_name: table } of tables.rows) {
    const textColumns = columns.rows
      .filter((column) => column.table_name === table)
      .map((column) => sql`${sql.id(column.column_name)} ~ ${pattern}`);
    const taint = textColumns.length > 0 ? sql.join(textColumns, sql` or `) : sql`false`;
    const { rows } = await sql<{ total: string; tainted: string }>`
      select count(*) as total, count(*) filter (where ${taint}) as tainted
      from ${sql.id(table)}`.execute(db);
    counts[table] = Number(rows[0]!.total);
    tainted += Number(rows[0]!.tainted);
  }
  return { counts, tainted };
}

describeEachDatabase('control characters in every text input', (kind) => {
  let app: TestApp;
  const errorLines: string[] = [];
  beforeAll(async () => {
    app = await createTestApp(kind, {
      seed: false,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: 10_000 },
      // Three people signed up per case: cheaply hashed passwords (test-app.ts).
      cheapPasswordHash: true,
      logger: pino({ level: 'error' }, { write: (line: string) => errorLines.push(line) }),
    });
  });
  afterAll(() => app.close());

  it('covers every route that takes text; the others take none', () => {
    const covered = new Set(cases.map((textCase) => textCase.route));
    expect([...new Set([...covered, ...Object.keys(noTextInput)])].sort()).toEqual(app.routes);
    expect([...covered].filter((route) => route in noTextInput)).toEqual([]);
    for (const route of Object.keys(noTextInput)) {
      const row = matrix.find((candidate) => candidate.route === route);
      expect(route, 'a route with a path parameter takes text').not.toContain(':');
      expect(row, route).toBeDefined();
    }
    // A route with a path parameter has a case that puts control characters into it.
    for (const route of [...covered].filter((candidate) => candidate.includes(':'))) {
      expect(
        cases.some((textCase) => textCase.route === route && textCase.paramStatus),
        route,
      ).toBe(true);
    }
  });

  it.each(cases.map((textCase) => [caseName(textCase), textCase] as const))(
    '%s',
    async (_name, textCase) => {
      const [method] = textCase.route.split(' ') as [string];
      const row = matrix.find((candidate) => candidate.route === textCase.route)!;
      const world = await buildWorld(app);
      const errorsBefore = errorLines.length;
      const accounts: Record<Role, Account | undefined> = {
        anonymous: undefined,
        customerA: world.a,
        customerB: world.b,
        admin: world.admin,
      };
      const account = accounts[textCase.caller];
      const clean: Request = {
        params: encodeAll(textCase.params?.(world) ?? {}),
        query: encodeAll(textCase.query?.(world) ?? {}),
        body: textCase.body?.(world),
      };
      const send = (request: Request) =>
        app.request(urlOf(textCase, request), {
          method,
          headers: {
            Origin: TEST_ORIGIN,
            ...(account
              ? { Authorization: `Bearer ${account.token}`, Cookie: account.cookie }
              : {}),
            ...(request.body && !textCase.form ? { 'Content-Type': 'application/json' } : {}),
            ...(textCase.csv ? { 'Content-Type': 'text/csv' } : {}),
          },
          body: request.body
            ? textCase.form
              ? imageForm(request.body as Record<string, string>)
              : JSON.stringify(request.body)
            : textCase.csv?.(world),
        });
      const expectRefused = async (response: Response, field: string, label: string) => {
        const text = await response.text();
        expect(response.status, `${label}: ${text}`).toBe(400);
        const { error } = JSON.parse(text) as {
          error: { code: string; message: string; fields?: Record<string, string[]> };
        };
        expect(error.code, label).toBe('VALIDATION_FAILED');
        expect(typeof error.message, label).toBe('string');
        expect(Object.keys(error.fields ?? {}), label).toContain(field);
      };

      const schemaFields = textCase.schema ? schemaTextFields(textCase.schema) : [];
      const given = [...textPaths(clean.body ?? {}), ...Object.keys(clean.query)];
      expect(given, 'the request fills every text field of its schema').toEqual(
        expect.arrayContaining(schemaFields),
      );

      const before = await databaseState(app.database.db);
      let refused = 0;
      for (const path of textPaths(clean.body ?? {})) {
        // A form's text arrives as UTF-8, which cannot hold a lone surrogate: the sender's
        // encoder writes U+FFFD in its place, which is text.
        const samples = [
          ...(textCase.form
            ? bodySamples.filter((sample) => !/[\uD800-\uDFFF]/.test(sample))
            : bodySamples),
          ...(textCase.multiLine?.includes(path) ? [] : lineBreaks),
        ];
        for (const sample of samples) {
          const label = `${path} with U+${sample.charCodeAt(0).toString(16).padStart(4, '0')}`;
          const body = withValue(clean.body!, path, (value) => insert(value, sample));
          await expectRefused(await send({ ...clean, body }), path, label);
          refused += 1;
        }
      }
      for (const name of Object.keys(clean.query)) {
        const value = textCase.query!(world)[name]!;
        for (const sample of [...urlSamples, ...urlLineBreaks]) {
          const query = { ...clean.query, [name]: insertEncoded(value, sample) };
          await expectRefused(await send({ ...clean, query }), name, `?${name} with ${sample}`);
          refused += 1;
        }
      }
      if (textCase.paramStatus) {
        for (const [name, value] of Object.entries(textCase.params!(world))) {
          for (const sample of [...urlSamples, ...urlLineBreaks]) {
            const params = { ...clean.params, [name]: insertEncoded(value, sample) };
            const response = await send({ ...clean, params });
            const label = `:${name} with ${sample}`;
            if (textCase.paramStatus === 400) await expectRefused(response, name, label);
            else {
              expect(response.status, label).toBe(404);
              expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
                'NOT_FOUND',
              );
            }
            refused += 1;
          }
        }
      }
      expect(refused).toBeGreaterThan(0);
      // Nothing refused reached the database: no new row, no control character stored.
      expect(await databaseState(app.database.db)).toEqual(before);

      // Bytes that are not UTF-8 at all: decoded as U+FFFD or left encoded, never a 500.
      const notUtf8Requests = [
        ...Object.entries(textCase.query?.(world) ?? {}).flatMap(([name, value]) =>
          notUtf8.map((sample) => ({
            ...clean,
            query: { ...clean.query, [name]: insertEncoded(value, sample) },
          })),
        ),
        ...Object.entries(textCase.paramStatus ? textCase.params!(world) : {}).flatMap(
          ([name, value]) =>
            notUtf8.map((sample) => ({
              ...clean,
              params: { ...clean.params, [name]: insertEncoded(value, sample) },
            })),
        ),
      ];
      for (const request of notUtf8Requests) {
        expect((await send(request)).status, urlOf(textCase, request)).toBeLessThan(500);
      }

      // The same request without the character is accepted: the 400s were about it alone.
      const accepted = await send(clean);
      expect(accepted.status, await accepted.clone().text()).toBe(
        textCase.accepted ?? row.expected[textCase.caller],
      );
      expect((await databaseState(app.database.db)).tainted).toBe(before.tainted);
      expect(errorLines.slice(errorsBefore), 'error-level log lines').toEqual([]);
    },
  );
});
