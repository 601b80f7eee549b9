import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  AdminCheckResponseSchema,
  AuthRedirectSchema,
  AuthSessionSchema,
  AuthSignedInSchema,
  AuthStatusSchema,
  AuthSuccessSchema,
  AuthUserSchema,
  ChangePasswordSchema,
  MakeAdminResponseSchema,
  PasswordResetRequestedSchema,
  RemoveUserResponseSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  RevokeSessionSchema,
  SendVerificationEmailSchema,
  ShopUserSchema,
  SignInOptionsSchema,
  SocialSignInSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  UpdateAuthUserSchema,
} from './auth';
import { FailedEmailSchema, OutboxEmailSchema } from './email';
import { HealthSchema, ReadySchema } from './health';
import { OrderListQuerySchema, OrderSchema } from './order';
import {
  PaymentIntentResponseSchema,
  SandboxConfirmResponseSchema,
  WebhookResultSchema,
} from './payment';
import { ProfileSchema, ProfileUpdateResponseSchema } from './profile';
import { ReviewCreatedSchema, ReviewSchema } from './review';
import { SummaryItemSchema } from './summary';
import {
  CategoryListSchema,
  LaptopBrandsSchema,
  LaptopListSchema,
  LaptopModelSchema,
} from './laptop';
import { LaptopPageSchema, PartSchema, SearchResultSchema } from './search';
import { ListedToolSchema, ToolCreatedSchema, ToolRemovedSchema, ToolSchema } from './tool';

/**
 * The answers the API publishes (GET /api/openapi.json is built from these schemas, and the
 * web app reads answers through them): each sample answer is read back whole, and leaving out
 * any field it must carry makes it fail, so a field dropped from a schema is caught here.
 */
const at = '2026-01-02T03:04:05.000Z';
const id = '0b4e7a3c-5f1d-4c2a-9e8b-1a2b3c4d5e6f';
const tool = {
  _id: id,
  name: 'Torx T5 driver',
  title: 'iFixit Torx T5 Precision Driver for Laptop Screws',
  img: '/images/t5.png',
  description: 'For laptop screws',
  minOrderQuantity: 10,
  availableQuantity: 500,
  price: 2.5,
  sku: 'LPS-00001',
  category: { slug: 'repair-tool', name: 'Repair tools' },
  brand: 'iFixit',
  condition: 'new',
  weightGrams: 40,
  shippingClass: 'standard',
  partNumbers: [{ kind: 'mpn', maker: 'iFixit', number: 'IF145-T5' }],
};
const laptop = {
  slug: 'lenovo-thinkpad-t480',
  name: 'ThinkPad T480',
  brand: { slug: 'lenovo', name: 'Lenovo' },
  series: { slug: 'thinkpad-t', name: 'ThinkPad T' },
  aliases: ['20L5', '20L6'],
};
const part = {
  ...tool,
  fits: { count: 4, models: [{ slug: laptop.slug, name: laptop.name, brand: 'Lenovo' }] },
};
const order = {
  _id: id,
  number: 123,
  toolId: id,
  tool: 'Torx T5 driver',
  img: '/images/t5.png',
  // The total (issue 35): the goods, $ 25, and Air mail's $ 24.99 to Dhaka; no tax there.
  price: 49.99,
  unitPrice: 2.5,
  availableQuantity: 490,
  quantity: 10,
  lines: [
    {
      toolId: id,
      tool: 'Torx T5 driver',
      img: '/images/t5.png',
      quantity: 10,
      unitPrice: 2.5,
      price: 25,
      taxRate: 0,
      tax: 0,
      shipping: 24.99,
      shippingTax: 0,
      refunded: false,
    },
  ],
  userName: 'Ann',
  userEmail: 'ann@example.com',
  phone: '+8801700000000',
  address: '12 Road',
  shipTo: {
    recipient: 'Ann',
    country: 'BD',
    countryName: 'Bangladesh',
    region: null,
    city: 'Dhaka',
    postalCode: '1205',
  },
  shipping: { method: 'Air mail', minDays: 7, maxDays: 14 },
  shipment: null,
  totals: {
    subtotal: 25,
    shipping: 24.99,
    tax: 0,
    taxName: 'Tax',
    taxRate: 0,
    total: 49.99,
    pricesIncludeTax: false,
  },
  neededBy: '2026-02-01',
  paid: false,
  transactionId: null,
  status: 'unpaid',
  createdAt: at,
  payBy: at,
};
const profile = {
  email: 'ann@example.com',
  name: 'Ann',
  birthDate: null,
  address: '12 Road, Dhaka',
  phone: null,
  profileLink: null,
};
const review = {
  _id: id,
  review: 'Torx T5 driver',
  description: 'Good',
  img: '/images/ann.png',
  name: 'Ann',
  location: 'Dhaka',
};
const authUser = {
  id,
  email: 'ann@example.com',
  name: 'Ann',
  emailVerified: false,
  image: null,
  createdAt: at,
  updatedAt: at,
};

const answers: [string, z.ZodType, Record<string, unknown>, string[]][] = [
  // name, schema, a sample answer, the fields it may leave out
  ['health', HealthSchema, { status: 'ok' }, []],
  ['ready', ReadySchema, { status: 'ready' }, []],
  ['tool', ToolSchema, tool, []],
  ['listed tool', ListedToolSchema, { ...tool, fitsCount: 4 }, []],
  ['tool created', ToolCreatedSchema, { ...tool, message: 'Tool Added' }, []],
  ['tool removed', ToolRemovedSchema, { deletedCount: 1, retired: true }, []],
  ['part', PartSchema, part, []],
  ['laptop model', LaptopModelSchema, laptop, []],
  ['laptop list', LaptopListSchema, { models: [laptop] }, []],
  [
    'laptop brands',
    LaptopBrandsSchema,
    { brands: [{ slug: 'lenovo', name: 'Lenovo', series: [laptop.series] }] },
    [],
  ],
  ['categories', CategoryListSchema, { categories: [tool.category] }, []],
  [
    'laptop page',
    LaptopPageSchema,
    { model: laptop, groups: [{ category: tool.category, items: [part] }] },
    [],
  ],
  [
    'search result',
    SearchResultSchema,
    {
      items: [part],
      total: 1,
      facets: {
        category: [{ value: 'repair-tool', label: 'Repair tools', count: 1 }],
        brand: [{ value: 'iFixit', label: 'iFixit', count: 1 }],
        condition: [{ value: 'new', label: 'New', count: 1 }],
      },
      model: laptop,
    },
    [],
  ],
  ['order', OrderSchema, order, []],
  [
    'order list query',
    OrderListQuerySchema,
    { userEmail: 'ann@example.com', page: 2, limit: 20 },
    ['page', 'limit'],
  ],
  ['profile', ProfileSchema, profile, []],
  [
    'profile updated',
    ProfileUpdateResponseSchema,
    { upsertedCount: 1, message: 'Updated!!', profile },
    [],
  ],
  ['review', ReviewSchema, review, []],
  ['review created', ReviewCreatedSchema, { ...review, message: 'Review Added' }, []],
  [
    'summary item',
    SummaryItemSchema,
    { _id: id, img: '/i.png', description: 'Tools', number: 3 },
    [],
  ],
  ['token', TokenResponseSchema, { token: 'abc' }, []],
  ['token request', TokenRequestSchema, { email: 'ann@example.com' }, ['email']],
  ['admin check', AdminCheckResponseSchema, { admin: true }, []],
  [
    'shop user',
    ShopUserSchema,
    { _id: id, email: 'ann@example.com', name: 'Ann', role: 'user' },
    [],
  ],
  ['make admin', MakeAdminResponseSchema, { modifiedCount: 1, message: 'Admin Selected!!' }, []],
  ['remove user', RemoveUserResponseSchema, { deletedCount: 1, message: 'User Removed!!' }, []],
  [
    'sign-in options',
    SignInOptionsSchema,
    { google: false, github: true, oidc: { enabled: true, name: 'Company' } },
    [],
  ],
  ['auth user', AuthUserSchema, authUser, ['image']],
  [
    'auth session',
    AuthSessionSchema,
    { session: { id, userId: id, expiresAt: at, token: 't' }, user: authUser },
    [],
  ],
  ['signed in', AuthSignedInSchema, { token: null, user: authUser }, []],
  ['redirect', AuthRedirectSchema, { url: 'https://accounts.example/', redirect: true }, []],
  ['success', AuthSuccessSchema, { success: true }, []],
  ['status', AuthStatusSchema, { status: true }, []],
  [
    'social sign-in',
    SocialSignInSchema,
    { provider: 'google', callbackURL: '/', errorCallbackURL: '/login' },
    ['callbackURL', 'errorCallbackURL'],
  ],
  ['update user', UpdateAuthUserSchema, { name: 'Ann', image: null }, ['name', 'image']],
  [
    'change password',
    ChangePasswordSchema,
    { currentPassword: 'secret1', newPassword: 'secret2', revokeOtherSessions: true },
    ['revokeOtherSessions'],
  ],
  ['revoke session', RevokeSessionSchema, { token: 't' }, []],
  ['request password reset', RequestPasswordResetSchema, { email: 'ann@example.com' }, []],
  [
    'password reset requested',
    PasswordResetRequestedSchema,
    { status: true, message: 'If an account exists for that email, we sent a link' },
    [],
  ],
  ['reset password', ResetPasswordSchema, { newPassword: 'secret2', token: 't' }, []],
  [
    'send verification email',
    SendVerificationEmailSchema,
    { email: 'ann@example.com', callbackURL: '/login?verified=1' },
    ['callbackURL'],
  ],
  [
    'failed email',
    FailedEmailSchema,
    {
      _id: id,
      to: 'ann@example.com',
      subject: 'Reset your Laptop Parts Shop password',
      template: 'password-reset',
      attempts: 2,
      lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
      lastAttemptAt: at,
      nextAttemptAt: at,
      sentAt: null,
      createdAt: at,
    },
    [],
  ],
  [
    'outbox email',
    OutboxEmailSchema,
    {
      file: '2026-01-02T03-04-05-000Z-1.eml',
      to: 'ann@example.com',
      subject: 'Reset your Laptop Parts Shop password',
      date: at,
      links: ['http://localhost:3000/reset-password?token=t'],
      attachments: [],
    },
    [],
  ],
  ['payment intent', PaymentIntentResponseSchema, { clientSecret: 'pi_1_secret_2' }, []],
  ['sandbox confirm', SandboxConfirmResponseSchema, { id: 'pi_1', status: 'succeeded' }, []],
  ['webhook', WebhookResultSchema, { received: true, changed: true, refunded: true }, ['refunded']],
];

describe('the published answers', () => {
  it.each(answers)('read a whole %s answer back', (_name, schema, sample) => {
    expect(schema.parse(sample)).toEqual(sample);
  });

  it.each(answers)(
    'refuse a %s answer without a field it must carry',
    (_name, schema, sample, optional) => {
      for (const field of Object.keys(sample).filter((key) => !optional.includes(key))) {
        const { [field]: _left, ...without } = sample;
        expect(schema.safeParse(without).success, field).toBe(false);
      }
    },
  );

  it('let a search name no model, and a laptop page never', () => {
    const found = { items: [], total: 0, facets: { category: [], brand: [], condition: [] } };
    expect(SearchResultSchema.safeParse({ ...found, model: null }).success).toBe(true);
    expect(LaptopModelSchema.safeParse(null).success).toBe(false);
    expect(LaptopPageSchema.safeParse({ model: null, groups: [] }).success).toBe(false);
  });

  it('refuse values outside their lists', () => {
    expect(HealthSchema.safeParse({ status: 'ready' }).success).toBe(false);
    expect(ReadySchema.safeParse({ status: 'ok' }).success).toBe(false);
    expect(
      ShopUserSchema.safeParse({ _id: id, email: 'a', name: 'A', role: 'owner' }).success,
    ).toBe(false);
    expect(
      ShopUserSchema.safeParse({ _id: id, email: 'a', name: 'A', role: 'admin' }).success,
    ).toBe(true);
    for (const status of ['unpaid', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded']) {
      expect(OrderSchema.safeParse({ ...order, status }).success, status).toBe(true);
    }
    expect(OrderSchema.safeParse({ ...order, status: 'lost' }).success).toBe(false);
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: null };
    expect(OrderSchema.parse({ ...order, status: 'shipped', shipment }).shipment).toEqual(shipment);
    expect(OrderSchema.safeParse({ ...order, shipment: { carrier: 'UPS' } }).success).toBe(false);
    expect(SandboxConfirmResponseSchema.safeParse({ id: 'pi', status: 'failed' }).success).toBe(
      false,
    );
    expect(WebhookResultSchema.safeParse({ received: false, changed: true }).success).toBe(false);
    expect(TokenRequestSchema.safeParse({ email: 'ann@example.com', role: 'admin' }).success).toBe(
      false,
    );
  });

  it('name the components of the published document', () => {
    expect(
      [
        ToolSchema,
        OrderSchema,
        ReviewSchema,
        ProfileSchema,
        SummaryItemSchema,
        ShopUserSchema,
        AuthUserSchema,
      ].map((schema) => schema.meta()?.id),
    ).toEqual(['Tool', 'Order', 'Review', 'Profile', 'SummaryItem', 'ShopUser', 'AuthUser']);
  });
});
