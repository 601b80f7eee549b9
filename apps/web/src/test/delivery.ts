import type { ShippingQuote } from '@shop/shared';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';
import { type ApiCall, json, stubApi } from './api';

const DHL = '0b5e2a57-5d0c-4c52-9d6f-6f1f3f0b7a01';

/** What `POST /api/shipping/quote` answers for Germany: one method, within the promise. */
export const aQuote = (): ShippingQuote => ({
  country: 'DE',
  countryName: 'Germany',
  taxName: 'VAT',
  taxRate: 19,
  options: [
    {
      methodId: DHL,
      name: 'DHL Parcel',
      minDays: 2,
      maxDays: 4,
      withinPromise: true,
      lines: [],
      subtotal: 25,
      shipping: 5,
      tax: 5.7,
      taxName: 'VAT',
      taxRate: 19,
      total: 35.7,
      pricesIncludeTax: false,
    },
  ],
  unavailable: [],
  refusal: null,
});

/** The delivery a test types: Germany, as a buyer with no saved address would. */
export const berlin = {
  country: 'DE',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  postalCode: '10115',
  phone: '+49 30 901820',
  shippingMethodId: DHL,
};

/** Types `berlin` into a form's delivery fields. */
export async function fillDelivery(user: UserEvent) {
  await user.selectOptions(screen.getByLabelText('Country'), 'Germany');
  await user.type(screen.getByLabelText('Address'), berlin.address);
  await user.type(screen.getByLabelText('City'), berlin.city);
  await user.type(screen.getByLabelText('Postal code'), berlin.postalCode);
  await user.type(screen.getByLabelText('Phone number'), berlin.phone);
  // The first method is chosen once the quote is in.
  expect(await screen.findByRole('radio', { name: /DHL Parcel/ })).toBeChecked();
}

/**
 * The API behind an order's form: an empty address book, `aQuote` for any destination, and
 * `place` for the order's own call (`POST /api/checkout` or `/api/purchase`). Answers the mock,
 * whose calls carry each request's Idempotency-Key.
 */
export function stubOrderApi(place: (call: ApiCall) => Response | Promise<Response>) {
  return stubApi((call) => {
    if (call.path === '/api/addresses') return json([]);
    if (call.path === '/api/shipping/quote') return json(aQuote());
    return place(call);
  });
}

/** The Idempotency-Key of each order the form sent (`path`), in order. */
export const keysSentTo = (fetch: ReturnType<typeof stubApi>, path: string) =>
  fetch.mock.calls
    .filter(([input]) => new URL(String(input), 'http://shop.test').pathname === path)
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
