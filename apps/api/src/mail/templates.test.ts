/**
 * Every email the shop sends (issue 19): a text part and an HTML part, the HTML at most 600 px
 * wide and loading nothing but from the shop's own address. A template added to `templates`
 * without a sample here fails the typecheck.
 */
import { describe, expect, it } from 'vitest';
import { renderEmail } from './render-email';
import { EMAIL_MAX_WIDTH_PX, type TemplateData, type TemplateName, templates } from './templates';

const origin = { publicUrl: 'https://shop.example' };

const order = {
  orderId: '0b4e7a3c-5f1d-4c2a-9e8b-1a2b3c4d5e6f',
  orderNumber: 'ORD-000123',
  name: 'Ann',
  lines: [
    { tool: 'Torx T5 driver', quantity: 10, unitPrice: 2.5, price: 25 },
    { tool: 'Thermal paste', quantity: 3, unitPrice: 7.99, price: 23.97 },
  ],
  total: 48.97,
  url: 'https://shop.example/dashboard/orders/0b4e7a3c-5f1d-4c2a-9e8b-1a2b3c4d5e6f',
};

const samples: { [Name in TemplateName]: TemplateData[Name] } = {
  'password-reset': { name: 'Ann', url: 'https://shop.example/reset-password?token=abc123' },
  'verify-email': {
    name: 'Ann',
    url: 'https://shop.example/api/auth/verify-email?token=abc123&callbackURL=%2Flogin%3Fverified%3D1',
  },
  'order-placed': { ...order, payBy: '2026-11-24T15:30:00.000Z' },
  'order-paid': { ...order, transactionId: 'pi_3Q1abc' },
  'order-shipped': { ...order, address: '12 Road, Dhaka' },
  'order-cancelled': { ...order, why: 'expired' },
  'order-paid-admin': {
    ...order,
    name: 'Admin',
    transactionId: 'pi_3Q1abc',
    buyerName: 'Ann',
    buyerEmail: 'ann@example.com',
  },
  'return-step': {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    name: 'Ann',
    step: 'refunded',
    lines: [{ tool: 'Torx T5 driver', quantity: 10 }],
    reason: 'Does not fit',
    message: 'Thank you for sending them back.',
    refund: { amount: 25.13, fee: 3.75 },
    url: order.url,
  },
};

/** Every address the HTML would load or send the reader to: src, href, background, CSS url(). */
function addressesIn(html: string) {
  const withoutDoctype = html.replace(/^<!DOCTYPE[^>]*>/i, '');
  // An attribute's `&amp;` is the address's `&`.
  return [
    ...[
      ...withoutDoctype.matchAll(
        /\s(?:src|href|background|srcset|action|poster)\s*=\s*"([^"]*)"/gi,
      ),
    ].map((match) => match[1]!),
    ...[...withoutDoctype.matchAll(/url\(\s*['"]?([^'")]+)/gi)].map((match) => match[1]!),
    ...[...withoutDoctype.matchAll(/@import\s+['"]([^'"]+)/gi)].map((match) => match[1]!),
  ].map((address) => address.replaceAll('&amp;', '&'));
}

/** Widths in px the HTML sets: max-width and width in styles, and width attributes. */
function widthsIn(html: string) {
  const styleWidths = [...html.matchAll(/(?:^|[;"\s])(?:max-)?width\s*:\s*(\d+(?:\.\d+)?)px/gi)];
  const attributeWidths = [...html.matchAll(/\swidth="(\d+)"/gi)];
  return [...styleWidths, ...attributeWidths].map((match) => Number(match[1]));
}

describe.each(Object.keys(templates) as TemplateName[])('the %s email', (name) => {
  it('has a subject, a text part and an HTML part, with the same link', async () => {
    const email = await renderEmail(name, samples[name] as never, origin);
    expect(email.subject.length).toBeGreaterThan(0);
    expect(email.text.trim().length).toBeGreaterThan(0);
    expect(email.html).toMatch(/^<!DOCTYPE html/i);
    for (const address of addressesIn(email.html).filter((url) => url.includes('token=')))
      expect(email.text).toContain(address);
  });

  it("loads nothing but from the shop's own address, and links nowhere else", async () => {
    const { html } = await renderEmail(name, samples[name] as never, origin);
    const addresses = addressesIn(html);
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) {
      expect(new URL(address).origin, address).toBe(origin.publicUrl);
    }
    expect(html).not.toMatch(/<(script|iframe|object|embed|link|video|audio)\b/i);
  });

  it(`is at most ${EMAIL_MAX_WIDTH_PX} px wide`, async () => {
    const { html } = await renderEmail(name, samples[name] as never, origin);
    expect(html).toMatch(new RegExp(`max-width:\\s*${EMAIL_MAX_WIDTH_PX}px`));
    expect(EMAIL_MAX_WIDTH_PX).toBeLessThanOrEqual(600);
    for (const width of widthsIn(html)) expect(width).toBeLessThanOrEqual(600);
  });
});

describe("an order's charges (issue 35)", () => {
  const charged = {
    ...order,
    charges: {
      subtotal: 48.97,
      shippingMethod: 'Road',
      shipping: 14.99,
      taxName: 'VAT',
      taxRate: 19,
      tax: 12.15,
      pricesIncludeTax: false,
    },
    total: 76.11,
  };

  it('lists the subtotal, the shipping by its method and the tax before the total', async () => {
    const { text } = await renderEmail('order-paid', { ...charged, transactionId: 'pi_1' }, origin);
    expect(text).toMatch(
      /Subtotal: \$ 48\.97\s+Shipping \(Road\): \$ 14\.99\s+VAT 19%: \$ 12\.15\s+Total: \$ 76\.11/,
    );
  });

  it('says the tax is included where the prices include it', async () => {
    const included = { ...charged, charges: { ...charged.charges, pricesIncludeTax: true } };
    const { text } = await renderEmail(
      'order-placed',
      { ...included, payBy: '2026-11-24T15:30:00.000Z' },
      origin,
    );
    expect(text).toContain('Includes VAT 19%: $ 12.15');
  });

  it('shows no charges for an order placed before they were charged', async () => {
    const { text } = await renderEmail('order-paid', { ...order, transactionId: 'pi_1' }, origin);
    expect(text).not.toContain('Subtotal');
    expect(text).toContain('Total: $ 48.97');
  });
});
