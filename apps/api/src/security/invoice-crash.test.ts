/**
 * Invoices across a crash (issue 36): the real shop, started with `npm start`, takes payments
 * from many clients and is killed with SIGKILL while they pay. After the restart, a payment the
 * kill left unanswered is confirmed again, as the payment page does. Every paid order then has
 * exactly one invoice, no unpaid one has any, and the invoices are numbered 1 to N without a gap
 * or a repeat: the number is taken in the payment's own transaction, so it is committed, or
 * given back, with the payment.
 */
import type { BillingDocument, Order, Tool } from '@shop/shared';
import { afterAll, expect, it } from 'vitest';
import { crashShop } from '../test/crash-shop';
import { describeEachDatabase } from '../test/databases';
import { card, DELIVERY } from '../test/shop';

const CLIENTS = 8;
/** Payments answered before the kill: enough that the kill lands among many more in flight. */
const PAID_BEFORE_KILL = 25;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describeEachDatabase('a crash between payments loses no invoice', (kind) => {
  it('leaves every paid order with one invoice, numbered without a gap', async () => {
    const shop = await crashShop(kind, cleanups);
    const { call, account, adminToken } = shop;
    const tool = (await (
      await call('POST', '/api/tools', adminToken, {
        name: 'Invoice Crash Fan',
        description: 'Paid under fire',
        minOrderQuantity: 1,
        availableQuantity: 100_000,
        price: 3,
        img: '/images/tools/cooling-fan.svg',
      })
    ).json()) as Tool;
    const port = new URL(shop.base).port;
    const buyers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) => account(`payer${i}x${port}@example.com`)),
    );

    let paid = 0;
    let dead = false;
    /** Payments the provider took whose confirmation got no answer: asked again after. */
    const unconfirmed: { token: string; orderId: string; transactionId: string }[] = [];
    const clients = buyers.map(async (token) => {
      while (!dead) {
        let step = 'placing';
        let orderId = '';
        let transactionId = '';
        try {
          const placed = await call('POST', '/api/purchase', token, {
            toolId: tool._id,
            quantity: 1,
            ...DELIVERY,
          });
          orderId = ((await placed.json()) as Order)._id;
          const intent = await call('POST', '/api/create-payment-intent', token, { orderId });
          const { clientSecret } = (await intent.json()) as { clientSecret: string };
          const confirmed = await call('POST', '/api/sandbox/confirm', token, {
            clientSecret,
            card: card('4242 4242 4242 4242'),
            billingName: 'Crash Payer',
            billingEmail: `crash${port}@example.com`,
          });
          if (confirmed.status !== 200) return;
          transactionId = ((await confirmed.json()) as { id: string }).id;
          step = 'confirming';
          const answer = await call('PATCH', `/api/purchase/${orderId}`, token, { transactionId });
          if (answer.status === 200) paid += 1;
        } catch {
          // The connection died with the shop.
          if (step === 'confirming') unconfirmed.push({ token, orderId, transactionId });
          return;
        }
      }
    });
    for (let waited = 0; paid < PAID_BEFORE_KILL && waited < 120_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const killed = shop.kill9();
    dead = true;
    await Promise.all(clients);
    await killed;
    expect(paid).toBeGreaterThanOrEqual(PAID_BEFORE_KILL);

    await shop.start();
    for (const { token, orderId, transactionId } of unconfirmed) {
      const again = await call('PATCH', `/api/purchase/${orderId}`, token, { transactionId });
      expect(again.status).toBe(200);
    }
    const orders = await shop.allOrders();
    const numbers: number[] = [];
    for (const order of orders) {
      const documents = (await (
        await call('GET', `/api/purchase/${order._id}/documents`, adminToken)
      ).json()) as BillingDocument[];
      if (order.status === 'paid') {
        expect(
          documents.map((document) => document.kind),
          order._id,
        ).toEqual(['invoice']);
        numbers.push(Number(documents[0]!.number.split('-')[1]));
      } else {
        expect(documents, order._id).toEqual([]);
      }
    }
    expect(numbers.length).toBeGreaterThanOrEqual(paid);
    expect(numbers.sort((a, b) => a - b)).toEqual(
      Array.from({ length: numbers.length }, (_, i) => i + 1),
    );
    console.log(
      `invoices across a crash [${kind}]: ${paid} payments answered before the kill, ` +
        `${unconfirmed.length} confirmed again after it, ${numbers.length} invoices, ` +
        `${orders.length - numbers.length} orders left unpaid`,
    );
    await shop.stop();
  }, 300_000);
});
