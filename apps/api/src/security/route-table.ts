/**
 * Every API route with a valid example request and the answer expected per caller (issue 8).
 * The authorization matrix runs it; the fuzz tests take their route list from it.
 */
import { randomUUID } from 'node:crypto';
import { type Order, type PartImage, partSlug, type SavedAddress, type Tool } from '@shop/shared';
import { SEEDED } from '../db/migrations/0027-shipping-and-tax';
import { DELIVERY } from '../test/shop';
import { newPerson, send, signUpAdmin, signUpWithToken } from '../test/identity';
import type { TestApp } from '../test/test-app';

export type Role = 'anonymous' | 'customerA' | 'customerB' | 'admin';
export type Account = Awaited<ReturnType<typeof signUpWithToken>>;

/** What one row needs: A's things, and everyone's credentials. */
export interface World {
  a: Account;
  b: Account;
  admin: Account;
  tool: Tool;
  order: Order;
  clientSecret: string;
  /** A laptop model (brand, series and model slugs) that the tool fits. */
  laptop: { brand: string; series: string; slug: string };
  /** An image of the tool, uploaded by the admin. */
  image: PartImage;
  /** An address in A's address book. */
  address: SavedAddress;
}

export interface Row {
  route: string;
  /** The concrete request for the route, built from the world. */
  /**
   * `raw` is sent as it is, with `contentType` (JSON unless said); `form` as a multipart form,
   * its fields as they are and `file` as a file.
   */
  request: (world: World) => {
    path: string;
    body?: unknown;
    raw?: string;
    contentType?: string;
    form?: Record<string, string>;
  };
  expected: Record<Role, number>;
}

/** A product image's file name as uploads make them (sha-256, width, format), of no upload. */
export const MISSING_IMAGE_FILE = `${'0'.repeat(64)}-400.webp`;

const all = (status: number) => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  admin: status,
});
const guarded = (own: number, other: number, admin: number) => ({
  anonymous: 401,
  customerA: own,
  customerB: other,
  admin,
});

/** A shipping method an admin adds (`POST /api/shipping/zones/{id}/methods`). */
const matrixMethod = {
  name: 'Matrix post',
  rateKind: 'flat',
  price: 9.5,
  minDays: 2,
  maxDays: 4,
  refusedClasses: [],
};

export const toolBody = {
  name: 'Matrix Tool',
  description: 'For the matrix',
  minOrderQuantity: 1,
  availableQuantity: 10,
  price: 5,
  img: '/images/tools/nvme-ssd.svg',
};
const savedAddressBody = {
  recipient: 'Alice Example',
  ...DELIVERY,
  address: '2 Saved Street',
  shippingMethodId: undefined,
};
const profileBody = {
  birthDate: '01-01-90',
  address: '1 Road',
  phone: '555 1234',
  profileLink: 'https://www.linkedin.com/in/a',
};
const reviewBody = {
  name: 'A',
  review: 'Fan',
  location: 'X',
  description: 'Good',
  img: '/images/avatars/avatar-1.svg',
};

/** A parts file of one row, for the world's tool and laptop: valid, whoever sends it. */
export const catalogueCsv = (w: World) =>
  [
    'sku,name,title,category,brand,condition,price,minOrderQuantity,availableQuantity,weightGrams,shippingClass,description,img,partNumbers,fits',
    `${w.tool.sku},Matrix Tool,Matrix Tool Battery 50Wh,battery,Lenovo,new,5,1,10,50,,For the matrix,/images/tools/nvme-ssd.svg,fru:01AV431,${w.laptop.brand} World Book 1`,
    '',
  ].join('\r\n');

/** A PNG of one pixel: the smallest image an upload takes. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart form of `fields`, and ONE_PIXEL_PNG as its `file`. */
export function imageForm(fields: Record<string, string>) {
  const form = new FormData();
  form.set('file', new File([ONE_PIXEL_PNG], 'pixel.png', { type: 'image/png' }));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

export const matrix: Row[] = [
  { route: 'GET /api/health', request: () => ({ path: '/api/health' }), expected: all(200) },
  { route: 'GET /api/ready', request: () => ({ path: '/api/ready' }), expected: all(200) },
  {
    route: 'GET /api/sign-in-options',
    request: () => ({ path: '/api/sign-in-options' }),
    expected: all(200),
  },
  {
    route: 'GET /api/auth/*',
    request: () => ({ path: '/api/auth/get-session' }),
    expected: all(200),
  },
  {
    route: 'POST /api/auth/*',
    request: () => ({ path: '/api/auth/sign-out', body: {} }),
    expected: all(200),
  },
  {
    route: 'PUT /api/user/:email',
    request: (w) => ({ path: `/api/user/${w.a.email}`, body: { email: w.a.email } }),
    expected: guarded(200, 403, 403),
  },
  {
    route: 'DELETE /api/token',
    request: () => ({ path: '/api/token' }),
    expected: guarded(204, 204, 204),
  },
  {
    route: 'GET /api/admin/:email',
    request: (w) => ({ path: `/api/admin/${w.a.email}` }),
    expected: guarded(200, 403, 200),
  },
  {
    route: 'GET /api/user',
    request: () => ({ path: '/api/user?search=example&role=user&page=1&limit=100' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'PUT /api/user/admin/:email',
    request: (w) => ({ path: `/api/user/admin/${w.a.email}` }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'DELETE /api/user/:email',
    request: (w) => ({ path: `/api/user/${w.a.email}` }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/userInfo/:email',
    request: (w) => ({ path: `/api/userInfo/${w.a.email}` }),
    expected: guarded(200, 403, 200),
  },
  {
    route: 'PUT /api/userInfo/:email',
    request: (w) => ({ path: `/api/userInfo/${w.a.email}`, body: profileBody }),
    expected: guarded(200, 403, 403),
  },
  // Address books are found by the caller's account: another's address is not found (404).
  {
    route: 'GET /api/addresses',
    request: () => ({ path: '/api/addresses' }),
    expected: guarded(200, 200, 200),
  },
  {
    route: 'POST /api/addresses',
    request: () => ({ path: '/api/addresses', body: savedAddressBody }),
    expected: guarded(201, 201, 201),
  },
  {
    route: 'PUT /api/addresses/:id',
    request: (w) => ({ path: `/api/addresses/${w.address.id}`, body: savedAddressBody }),
    expected: guarded(200, 404, 404),
  },
  {
    route: 'DELETE /api/addresses/:id',
    request: (w) => ({ path: `/api/addresses/${w.address.id}` }),
    expected: guarded(204, 404, 404),
  },
  // Anyone may ask what shipping costs: it shows prices the shop shows anyway.
  {
    route: 'POST /api/shipping/quote',
    request: (w) => ({
      path: '/api/shipping/quote',
      body: { country: 'DE', lines: [{ toolId: w.tool._id, quantity: 1 }] },
    }),
    expected: all(200),
  },
  {
    route: 'POST /api/purchase',
    request: (w) => ({
      path: '/api/purchase',
      body: { toolId: w.tool._id, quantity: 1, ...DELIVERY, address: 'Here 1' },
    }),
    expected: guarded(201, 201, 201),
  },
  {
    route: 'GET /api/purchase',
    request: (w) => ({ path: `/api/purchase?userEmail=${w.a.email}&page=1&limit=100` }),
    expected: guarded(200, 403, 403),
  },
  {
    route: 'GET /api/purchase/:id',
    request: (w) => ({ path: `/api/purchase/${w.order._id}` }),
    expected: guarded(200, 404, 200),
  },
  {
    route: 'POST /api/purchase/:id/ship',
    request: (w) => ({ path: `/api/purchase/${w.order._id}/ship` }),
    expected: guarded(403, 403, 409),
  },
  {
    route: 'POST /api/purchase/:id/deliver',
    request: (w) => ({ path: `/api/purchase/${w.order._id}/deliver` }),
    expected: guarded(403, 403, 409),
  },
  {
    route: 'POST /api/purchase/:id/refund',
    request: (w) => ({
      path: `/api/purchase/${w.order._id}/refund`,
      body: { reason: 'Damaged', restock: false },
    }),
    // Past the guard, an admin finds A's order unpaid: nothing to refund.
    expected: guarded(403, 403, 409),
  },
  {
    route: 'POST /api/purchase/:id/refund-preview',
    request: (w) => ({ path: `/api/purchase/${w.order._id}/refund-preview`, body: {} }),
    // Past the guard, an admin finds A's order unpaid: nothing to refund.
    expected: guarded(403, 403, 409),
  },
  {
    route: 'GET /api/carriers',
    request: () => ({ path: '/api/carriers' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'POST /api/carriers',
    request: () => ({
      path: '/api/carriers',
      body: {
        name: `Carrier ${randomUUID().slice(0, 8)}`,
        trackingUrlTemplate: 'https://track.example.com/{tracking}',
      },
    }),
    expected: guarded(403, 403, 201),
  },
  {
    route: 'PUT /api/carriers/:id',
    request: () => ({
      path: `/api/carriers/${randomUUID()}`,
      body: { name: 'Nobody', trackingUrlTemplate: 'https://track.example.com/{tracking}' },
    }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'DELETE /api/carriers/:id',
    request: () => ({ path: `/api/carriers/${randomUUID()}` }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'GET /api/purchase/:id/history',
    request: (w) => ({ path: `/api/purchase/${w.order._id}/history` }),
    expected: guarded(200, 404, 200),
  },
  {
    route: 'GET /api/purchase/:id/documents',
    request: (w) => ({ path: `/api/purchase/${w.order._id}/documents` }),
    expected: guarded(200, 404, 200),
  },
  {
    route: 'GET /api/purchase/:id/documents/:number',
    // A's order is unpaid, so it has no invoice yet: past the check of who may see the order,
    // A and the admin find no such document (invoices.test.ts downloads a paid order's).
    request: (w) => ({ path: `/api/purchase/${w.order._id}/documents/2026-000001` }),
    expected: guarded(404, 404, 404),
  },
  {
    route: 'POST /api/purchase/:id/returns',
    request: (w) => ({
      path: `/api/purchase/${w.order._id}/returns`,
      body: { lines: [w.tool._id], reason: 'does_not_fit', comment: 'Wrong size' },
    }),
    // Only its buyer may ask, and A's order is unpaid: nothing to return yet.
    expected: guarded(409, 404, 404),
  },
  {
    route: 'GET /api/purchase/:id/returns',
    request: (w) => ({ path: `/api/purchase/${w.order._id}/returns` }),
    expected: guarded(200, 404, 200),
  },
  {
    route: 'POST /api/purchase/:id/cancel',
    request: (w) => ({ path: `/api/purchase/${w.order._id}/cancel` }),
    // An admin may cancel any unpaid order: past the guard, A's cancel (just before) leaves 409.
    expected: guarded(200, 404, 409),
  },
  // Carts are found by the caller's account: no path names another's. A (and only A) has a line
  // of the world's tool (buildWorld), so only A can change it or check it out.
  {
    route: 'GET /api/cart',
    request: () => ({ path: '/api/cart' }),
    expected: guarded(200, 200, 200),
  },
  {
    route: 'POST /api/cart/lines',
    request: (w) => ({ path: '/api/cart/lines', body: { toolId: w.tool._id, quantity: 1 } }),
    expected: guarded(200, 200, 200),
  },
  {
    route: 'PATCH /api/cart/lines/:toolId',
    request: (w) => ({ path: `/api/cart/lines/${w.tool._id}`, body: { quantity: 2 } }),
    expected: guarded(200, 404, 404),
  },
  {
    route: 'DELETE /api/cart/lines/:toolId',
    request: (w) => ({ path: `/api/cart/lines/${w.tool._id}` }),
    expected: guarded(200, 200, 200),
  },
  {
    route: 'POST /api/checkout',
    request: () => ({ path: '/api/checkout', body: { ...DELIVERY, address: 'Here 1' } }),
    expected: guarded(201, 409, 409),
  },
  {
    route: 'GET /api/orders/export',
    request: () => ({ path: '/api/orders/export?status=unpaid' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/reports/sales',
    request: () => ({ path: '/api/reports/sales' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'PUT /api/settings/low-stock',
    request: () => ({ path: '/api/settings/low-stock', body: { lowStockThreshold: 5 } }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/shipping/zones',
    request: () => ({ path: '/api/shipping/zones' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'POST /api/shipping/zones',
    request: () => ({
      path: '/api/shipping/zones',
      body: { name: 'Matrix zone', countries: ['NO'], restOfWorld: false, refusedClasses: [] },
    }),
    expected: guarded(403, 403, 201),
  },
  {
    route: 'PUT /api/shipping/zones/:id',
    request: () => ({
      path: `/api/shipping/zones/${SEEDED.zones.uk}`,
      body: { name: 'United Kingdom', countries: ['GB'], restOfWorld: false, refusedClasses: [] },
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'DELETE /api/shipping/zones/:id',
    request: () => ({ path: `/api/shipping/zones/${randomUUID()}` }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'POST /api/shipping/zones/:id/methods',
    request: () => ({
      path: `/api/shipping/zones/${SEEDED.zones.uk}/methods`,
      body: matrixMethod,
    }),
    expected: guarded(403, 403, 201),
  },
  {
    route: 'PUT /api/shipping/methods/:id',
    request: () => ({
      path: `/api/shipping/methods/${SEEDED.methods.ukAir}`,
      body: { ...matrixMethod, name: 'Air', refusedClasses: ['lithium_battery'] },
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'DELETE /api/shipping/methods/:id',
    request: () => ({ path: `/api/shipping/methods/${randomUUID()}` }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'GET /api/shipping/tax-rates',
    request: () => ({ path: '/api/shipping/tax-rates' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'PUT /api/shipping/tax-rates',
    request: () => ({
      path: '/api/shipping/tax-rates',
      body: { country: 'NO', name: 'VAT', rate: 25 },
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'DELETE /api/shipping/tax-rates',
    request: () => ({ path: '/api/shipping/tax-rates?country=IS' }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'GET /api/settings/tax',
    request: () => ({ path: '/api/settings/tax' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'PUT /api/settings/tax',
    request: () => ({
      path: '/api/settings/tax',
      body: { pricesIncludeTax: false, taxShipping: true },
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/settings/legal',
    request: () => ({ path: '/api/settings/legal' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'PUT /api/settings/legal',
    request: () => ({
      path: '/api/settings/legal',
      body: { legalName: 'Matrix Parts Ltd', address: '1 Matrix Way\nLondon', taxNumber: '' },
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/returns',
    request: () => ({ path: '/api/returns?status=requested' }),
    expected: guarded(403, 403, 200),
  },
  // No return in the world: past the admins' guard, none is found.
  {
    route: 'POST /api/returns/:id/authorise',
    request: () => ({ path: `/api/returns/${randomUUID()}/authorise`, body: { message: 'Yes' } }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'POST /api/returns/:id/refuse',
    request: () => ({ path: `/api/returns/${randomUUID()}/refuse`, body: { message: 'No' } }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'POST /api/returns/:id/receive',
    request: (w) => ({
      path: `/api/returns/${randomUUID()}/receive`,
      body: { lines: [{ toolId: w.tool._id, resaleable: true }] },
    }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'POST /api/returns/:id/refund',
    request: () => ({ path: `/api/returns/${randomUUID()}/refund` }),
    expected: guarded(403, 403, 404),
  },
  {
    route: 'GET /api/settings/returns',
    request: () => ({ path: '/api/settings/returns' }),
    expected: all(200),
  },
  {
    route: 'PUT /api/settings/returns',
    request: () => ({
      path: '/api/settings/returns',
      body: {
        windowDays: 30,
        restockingFees: { does_not_fit: 15, faulty: 0, damaged_in_transit: 0, changed_mind: 15 },
      },
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/emails/failed',
    request: () => ({ path: '/api/emails/failed' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/emails/delivery',
    request: () => ({ path: '/api/emails/delivery' }),
    expected: guarded(403, 403, 200),
  },
  // Outside production only (the test app's NODE_ENV is test); production answers 404.
  {
    route: 'GET /api/dev/outbox',
    request: () => ({ path: '/api/dev/outbox' }),
    expected: all(200),
  },
  {
    route: 'GET /api/allPurchase',
    request: () => ({ path: '/api/allPurchase?status=unpaid&search=Matrix&page=1&limit=100' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/payment-config',
    request: () => ({ path: '/api/payment-config' }),
    expected: all(200),
  },
  {
    route: 'POST /api/create-payment-intent',
    request: (w) => ({ path: '/api/create-payment-intent', body: { orderId: w.order._id } }),
    expected: guarded(200, 404, 404),
  },
  {
    route: 'POST /api/sandbox/confirm',
    request: (w) => ({
      path: '/api/sandbox/confirm',
      body: {
        clientSecret: w.clientSecret,
        card: { number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' },
      },
    }),
    expected: guarded(200, 404, 404),
  },
  {
    route: 'PATCH /api/purchase/:id',
    request: (w) => ({
      path: `/api/purchase/${w.order._id}`,
      body: { transactionId: 'pi_sandbox_forged' },
    }),
    expected: guarded(402, 404, 404),
  },
  // Test mode: there is no Stripe webhook to call.
  {
    route: 'POST /api/stripe/webhook',
    request: () => ({ path: '/api/stripe/webhook', raw: '{}' }),
    expected: all(404),
  },
  // The catalogue is public (every other test reads it so); its retired tools are the admins'.
  {
    route: 'GET /api/tools',
    request: () => ({ path: '/api/tools?retired=true' }),
    expected: { anonymous: 403, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/tools/:id',
    request: (w) => ({ path: `/api/tools/${w.tool._id}` }),
    expected: all(200),
  },
  {
    route: 'POST /api/tools',
    request: () => ({ path: '/api/tools', body: toolBody }),
    expected: guarded(403, 403, 201),
  },
  {
    route: 'PATCH /api/tools/:id',
    request: (w) => ({ path: `/api/tools/${w.tool._id}`, body: { price: 6 } }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'DELETE /api/tools/:id',
    request: (w) => ({ path: `/api/tools/${w.tool._id}` }),
    expected: guarded(403, 403, 200),
  },
  // Product images (issue 34): anyone sees them, admins change them.
  {
    route: 'GET /api/tools/:id/images',
    request: (w) => ({ path: `/api/tools/${w.tool._id}/images` }),
    expected: all(200),
  },
  {
    route: 'POST /api/tools/with-picture',
    request: () => ({
      path: '/api/tools/with-picture',
      form: { alt: 'A pixel', tool: JSON.stringify({ ...toolBody, name: 'Pictured Tool' }) },
    }),
    expected: guarded(403, 403, 201),
  },
  {
    route: 'POST /api/tools/:id/images',
    request: (w) => ({ path: `/api/tools/${w.tool._id}/images`, form: { alt: 'A pixel' } }),
    expected: guarded(403, 403, 201),
  },
  {
    route: 'PATCH /api/tools/:id/images/:imageId',
    request: (w) => ({
      path: `/api/tools/${w.tool._id}/images/${w.image.id}`,
      body: { alt: 'A pixel, moved', position: 1 },
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'DELETE /api/tools/:id/images/:imageId',
    request: (w) => ({ path: `/api/tools/${w.tool._id}/images/${w.image.id}` }),
    expected: guarded(403, 403, 204),
  },
  // The catalogue in bulk (issue 33): admins only.
  {
    route: 'POST /api/catalogue/import',
    request: (w) => ({
      path: '/api/catalogue/import?kind=parts&dryRun=true',
      raw: catalogueCsv(w),
      contentType: 'text/csv',
    }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/catalogue/export',
    request: () => ({ path: '/api/catalogue/export?kind=parts' }),
    expected: guarded(403, 403, 200),
  },
  {
    route: 'GET /api/search',
    request: () => ({
      path: '/api/search?q=t480%20battery&category=battery&brand=Lenovo&condition=new&model=lenovo-thinkpad-t480&inStock=true&sort=price-asc&page=1&limit=24',
    }),
    expected: all(200),
  },
  // A model named while adding fitment (issue 49): admins only, a new name each time.
  {
    route: 'POST /api/laptops',
    request: () => ({ path: '/api/laptops', body: newModelBody() }),
    expected: guarded(403, 403, 201),
  },
  // The part types and the laptops are public (issue 33).
  {
    route: 'GET /api/categories',
    request: () => ({ path: '/api/categories' }),
    expected: all(200),
  },
  {
    route: 'GET /api/laptops/brands',
    request: () => ({ path: '/api/laptops/brands' }),
    expected: all(200),
  },
  {
    route: 'GET /api/laptops',
    request: (w) => ({
      path: `/api/laptops?brand=${w.laptop.brand}&series=${w.laptop.series}&q=world&limit=20`,
    }),
    expected: all(200),
  },
  {
    route: 'GET /api/laptops/:slug',
    request: (w) => ({ path: `/api/laptops/${w.laptop.slug}` }),
    expected: all(200),
  },
  {
    route: 'GET /api/parts/:slug',
    request: (w) => ({ path: `/api/parts/${partSlug(w.tool.name, w.tool.sku)}` }),
    expected: all(200),
  },
  {
    route: 'GET /api/tools/:id/fits',
    request: (w) => ({ path: `/api/tools/${w.tool._id}/fits` }),
    expected: all(200),
  },
  { route: 'GET /api/summary', request: () => ({ path: '/api/summary' }), expected: all(200) },
  { route: 'GET /api/reviews', request: () => ({ path: '/api/reviews' }), expected: all(200) },
  {
    route: 'POST /api/reviews',
    request: () => ({ path: '/api/reviews', body: reviewBody }),
    expected: guarded(201, 201, 201),
  },
  // The published contract and its reference page (issue 14).
  {
    route: 'GET /api/openapi.json',
    request: () => ({ path: '/api/openapi.json' }),
    expected: all(200),
  },
  { route: 'GET /api/docs', request: () => ({ path: '/api/docs' }), expected: all(200) },
  {
    route: 'GET /api/docs/api-reference.js',
    request: () => ({ path: '/api/docs/api-reference.js' }),
    expected: all(200),
  },
  // What search engines read (issue 34): the site's, outside the API, the same for everyone.
  { route: 'GET /robots.txt', request: () => ({ path: '/robots.txt' }), expected: all(200) },
  { route: 'GET /sitemap.xml', request: () => ({ path: '/sitemap.xml' }), expected: all(200) },
  {
    route: 'GET /sitemap-pages.xml',
    request: () => ({ path: '/sitemap-pages.xml' }),
    expected: all(200),
  },
  {
    route: 'GET /sitemap-parts.xml',
    request: () => ({ path: '/sitemap-parts.xml?page=1' }),
    expected: all(200),
  },
  {
    route: 'GET /sitemap-laptops.xml',
    request: () => ({ path: '/sitemap-laptops.xml?page=1' }),
    expected: all(200),
  },
  // A product image's file, the same for everyone (the world has none: a well-formed name of a
  // file no upload made).
  {
    route: 'GET /images/parts/:file',
    request: () => ({ path: `/images/parts/${MISSING_IMAGE_FILE}` }),
    expected: all(404),
  },
];

/** A laptop model no call added yet (`POST /api/laptops`), of a brand and series of its own. */
export const newModelBody = () => {
  const unique = randomUUID().slice(0, 8);
  return {
    brand: `Matrix ${unique}`,
    series: 'Matrix Book',
    model: `Matrix Book ${unique}`,
    aliases: [`MB-${unique}`],
  };
};

/** A laptop of its own brand that the tool fits, written straight to the database. */
async function addWorldLaptop(app: TestApp, toolId: string): Promise<World['laptop']> {
  const { db } = app.database;
  const brand = `world-${randomUUID().slice(0, 8)}`;
  const { id: brandId } = await db
    .insertInto('laptop_brands')
    .values({ name: brand, slug: brand })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: seriesId } = await db
    .insertInto('laptop_series')
    .values({ brand_id: brandId, name: 'World Book', slug: 'world-book' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const slug = `${brand}-world-book-1`;
  const { id: modelId } = await db
    .insertInto('laptop_models')
    .values({ series_id: seriesId, name: 'World Book 1', slug })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('fitment').values({ tool_id: toolId, model_id: modelId }).execute();
  return { brand, series: 'world-book', slug };
}

/** Fresh people and things: a row's calls may remove, revoke or cancel them. */
export async function buildWorld(app: TestApp): Promise<World> {
  const admin = await signUpAdmin(app);
  const a = await signUpWithToken(app, newPerson('alice'));
  const b = await signUpWithToken(app, newPerson('bob'));
  const created = await send(app, 'POST', '/api/tools', admin.token, {
    ...toolBody,
    name: 'World Tool',
  });
  const tool = (await created.json()) as Tool;
  const placed = await send(app, 'POST', '/api/purchase', a.token, {
    toolId: tool._id,
    quantity: 2,
    ...DELIVERY,
    address: 'A street 1',
  });
  const order = (await placed.json()) as Order;
  const saved = await send(app, 'POST', '/api/addresses', a.token, savedAddressBody);
  const address = (await saved.json()) as SavedAddress;
  await send(app, 'POST', '/api/cart/lines', a.token, { toolId: tool._id, quantity: 1 });
  const intent = await send(app, 'POST', '/api/create-payment-intent', a.token, {
    orderId: order._id,
  });
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const uploaded = await app.request(`/api/tools/${tool._id}/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.token}` },
    body: imageForm({ alt: 'A pixel' }),
  });
  const image = (await uploaded.json()) as PartImage;
  const laptop = await addWorldLaptop(app, tool._id);
  return { a, b, admin, tool, order, clientSecret, laptop, image, address };
}
