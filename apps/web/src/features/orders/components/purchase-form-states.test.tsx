import { messages, type Order, shopToday, type ShippingQuote, type Tool } from '@shop/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, apiError, json, stubApi } from '../../../test/api';
import { errorOf } from '../../../test/fields';
import { anOrder } from '../../../test/orders';
import { renderWithApp } from '../../../test/render';
import { PurchaseForm } from './purchase-form';

const ssd: Tool = {
  _id: 'tool-ssd',
  name: 'NVMe SSD 1TB M.2',
  title: 'NVMe SSD 1TB M.2',
  img: '/ssd.webp',
  description: 'A fast drive',
  minOrderQuantity: 5,
  availableQuantity: 140,
  price: 64.99,
  sku: 'SSD-1TB',
  category: { slug: 'storage', name: 'Storage' },
  brand: 'Acme',
  condition: 'new',
  weightGrams: 20,
  shippingClass: 'standard',
  partNumbers: [],
};
const buyer = { name: 'Bound Tester', email: 'bound@example.com' };
const notice = messages.quantityNotice(ssd.minOrderQuantity, ssd.availableQuantity);

/** US Ground to Oregon, as the seeded rules quote it (a method's id is a UUID). */
const groundId = '6f1c1a4e-0c5b-4d1e-9a7e-3b2f5d8c9a10';
const usGround: ShippingQuote = {
  country: 'US',
  countryName: 'United States',
  taxName: 'Sales tax',
  taxRate: 0,
  unavailable: [],
  refusal: null,
  options: [
    {
      methodId: groundId,
      name: 'US Ground',
      minDays: 3,
      maxDays: 5,
      withinPromise: true,
      lines: [],
      subtotal: 324.95,
      shipping: 0,
      tax: 0,
      taxName: 'Sales tax',
      taxRate: 0,
      total: 324.95,
      pricesIncludeTax: false,
    },
  ],
};

/** The API as the purchase page meets it: no saved address, a quote, and `purchase` for the order. */
const shopApi = (purchase: (call: ApiCall) => Response | Promise<Response>) =>
  stubApi((call) => {
    if (call.path === '/api/addresses') return json([]);
    if (call.path === '/api/shipping/quote') return json(usGround);
    if (call.method === 'POST' && call.path === '/api/purchase') return purchase(call);
    return apiError(404, 'NOT_FOUND', `nothing at ${call.path}`);
  });

const renderPurchase = () => {
  const onPurchased = vi.fn<(order: Order) => void>();
  const rendered = renderWithApp(
    <PurchaseForm tool={ssd} buyer={buyer} initialNeededBy="" onPurchased={onPurchased} />,
    { path: `/tools/${ssd._id}` },
  );
  return { ...rendered, onPurchased };
};

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const purchaseButton = () => screen.getByRole('button', { name: 'Purchase' });

/** Portland, Oregon; the first shipping method is chosen once the quote is in. */
async function fillOregon(user: UserEvent) {
  await user.selectOptions(field('Country'), 'United States');
  await user.type(field('Address'), '12 Harbour Road');
  await user.type(field('City'), 'Portland');
  await user.selectOptions(field('State'), 'Oregon');
  await user.type(field('ZIP code'), '97204');
  await user.type(field('Phone number'), '+1 503 555 0100');
  await vi.waitFor(() => expect(screen.getByRole('radio', { name: /US Ground/ })).toBeChecked());
}

describe('PurchaseForm, its states', () => {
  it('shows the buyer and the tool read only, and the quantity notice outside min..available', async () => {
    shopApi(() => json({}));
    const { user } = renderPurchase();
    for (const [label, value] of [
      ['Name', 'Bound Tester'],
      ['Email', 'bound@example.com'],
      ['Price per unit', '$ 64.99'],
      ['Available quantity', '140'],
    ] as const) {
      expect(field(label)).toHaveValue(value);
      expect(field(label)).toBeDisabled();
    }
    // The quantity starts at the minimum order.
    expect(field('Quantity')).toHaveValue(5);
    expect(purchaseButton()).toBeEnabled();

    // docs/product.md: min..available on both sides, no off-by-one.
    for (const [quantity, allowed] of [
      [4, false],
      [5, true],
      [140, true],
      [141, false],
      [72, true],
      ['', false],
    ] as const) {
      await user.clear(field('Quantity'));
      if (quantity !== '') await user.type(field('Quantity'), String(quantity));
      if (allowed) {
        expect(screen.queryByText(notice)).not.toBeInTheDocument();
        expect(purchaseButton()).toBeEnabled();
        expect(field('Quantity')).not.toHaveAttribute('aria-invalid', 'true');
      } else {
        expect(screen.getByText(notice)).toBeInTheDocument();
        expect(purchaseButton()).toBeDisabled();
        expect(field('Quantity')).toHaveAttribute('aria-invalid', 'true');
      }
    }
  });

  it('asks for the address and phone, a phone with a digit, and a needed-by day not past', async () => {
    const purchase = vi.fn(() => json({}, { status: 201 }));
    shopApi(purchase);
    const { user, onPurchased } = renderPurchase();
    await user.click(purchaseButton());
    await vi.waitFor(() => expect(errorOf(field('Address'))).toBe('Address is required'));
    expect(field('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(errorOf(field('Phone number'))).toBe('Phone number is required');

    // Checked again on every change once submitted.
    await user.type(field('Phone number'), 'call me');
    expect(errorOf(field('Phone number'))).toBe('Phone number must contain a digit');
    await user.clear(field('Phone number'));
    await user.type(field('Phone number'), '+1 555 0100');
    expect(errorOf(field('Phone number'))).toBe('');
    await user.type(field('Address'), '5 Main Street');
    expect(errorOf(field('Address'))).toBe('');

    await fillOregonRest(user);
    const yesterday = shopToday(new Date(Date.now() - 24 * 60 * 60 * 1000));
    await user.type(field('Needed by'), yesterday);
    await user.click(purchaseButton());
    expect(await screen.findByText(messages.validation.neededByPast)).toBeInTheDocument();
    expect(purchase).not.toHaveBeenCalled();
    expect(onPurchased).not.toHaveBeenCalled();
  });

  it('shows a refusal the form did not expect, stays, and sends again on Purchase', async () => {
    const purchase = vi
      .fn<(call: ApiCall) => Response>()
      .mockReturnValueOnce(
        apiError(409, 'OUT_OF_STOCK', 'Sorry, this tool has just sold out in that quantity.'),
      )
      .mockReturnValueOnce(
        json(anOrder({ _id: 'o-1', number: 1, tool: ssd.name }), { status: 201 }),
      );
    shopApi(purchase);
    const { user, onPurchased } = renderPurchase();
    await fillOregon(user);
    await user.click(purchaseButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, this tool has just sold out in that quantity.',
    );
    expect(onPurchased).not.toHaveBeenCalled();
    expect(purchaseButton()).toBeEnabled();
    expect(field('Address')).toHaveValue('12 Harbour Road');

    await user.click(purchaseButton());
    await vi.waitFor(() => expect(onPurchased).toHaveBeenCalledTimes(1));
    expect(purchase).toHaveBeenCalledTimes(2);
    expect(purchase.mock.calls[1]?.[0].body).toMatchObject({
      toolId: ssd._id,
      quantity: 5,
      address: '12 Harbour Road',
      country: 'US',
      region: 'OR',
      city: 'Portland',
      postalCode: '97204',
      phone: '+1 503 555 0100',
      shippingMethodId: groundId,
    });
  });

  it("puts the server's refusal of each field under it, keeps what was typed, and focuses the first", async () => {
    const refused = {
      address: 'The server found no such address',
      phone: 'The server cannot call this number',
      neededBy: 'The server cannot deliver on that day',
      quantity: 'The server refuses this quantity',
    };
    shopApi(() =>
      apiError(
        400,
        'VALIDATION_FAILED',
        'Please check the highlighted fields.',
        Object.fromEntries(Object.entries(refused).map(([name, message]) => [name, [message]])),
      ),
    );
    const { user, onPurchased } = renderPurchase();
    await fillOregon(user);
    const tomorrow = shopToday(new Date(Date.now() + 24 * 60 * 60 * 1000));
    await user.type(field('Needed by'), tomorrow);
    await user.click(purchaseButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please check the highlighted fields.',
    );
    expect(errorOf(field('Address'))).toBe(refused.address);
    expect(errorOf(field('Phone number'))).toBe(refused.phone);
    expect(errorOf(field('Needed by'))).toBe(refused.neededBy);
    expect(field('Address')).toHaveFocus();
    // A refused quantity is told in the alert only; the quantity keeps its range hint.
    expect(screen.queryByText(refused.quantity)).not.toBeInTheDocument();
    expect(field('Quantity')).not.toHaveAttribute('aria-invalid', 'true');
    expect(field('Address')).toHaveValue('12 Harbour Road');
    expect(field('Phone number')).toHaveValue('+1 503 555 0100');
    expect(field('Needed by')).toHaveValue(tomorrow);
    expect(onPurchased).not.toHaveBeenCalled();
  });
});

/** The rest of Oregon once the address and phone are typed. */
async function fillOregonRest(user: UserEvent) {
  await user.selectOptions(field('Country'), 'United States');
  await user.type(field('City'), 'Portland');
  await user.selectOptions(field('State'), 'Oregon');
  await user.type(field('ZIP code'), '97204');
  await vi.waitFor(() => expect(screen.getByRole('radio', { name: /US Ground/ })).toBeChecked());
}
