/**
 * Issue 13: payment and cancel exclude each other. A cancel or an expiry settles with the
 * provider first; a confirmation for an order that is no longer unpaid is refused; a payment that
 * succeeds anyway is refunded through the provider, once.
 */
import type { Tool } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { signUpWithToken } from '../../test/identity';
import {
  type Account,
  openPayment,
  order,
  orderNow,
  sandboxIntentStatus,
  setUpShop,
  stockOf,
} from '../../test/shop';
import { confirmTestCard, sandboxRefundsOf, sandboxServicesOf } from '../../test/settlement';
import { type TestApp, createTestApp } from '../../test/test-app';

describeEachDatabase('an expiry settles the payment first, test mode', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let alice: Account;

  const confirmCard = (buyer: Account, clientSecret: string) =>
    confirmTestCard(app, buyer, clientSecret);

  const intentStatus = (intentId: string) => sandboxIntentStatus(app, intentId);
  const refundsOf = (orderId: string) => sandboxRefundsOf(app, orderId);
  /** The services on the app's database, for what no route does (the expiry job's step). */
  const services = () => sandboxServicesOf(app);

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    ({ tool } = await setUpShop(app, 100_000));
    alice = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  describe('expiry (the job calls expireOrder with its database step)', () => {
    /** The database step as the orders side does it: unpaid to cancelled, stock back. */
    const expireInDatabase = (calls: string[]) => async (orderId: string) => {
      calls.push(orderId);
      const row = await app.database.db
        .updateTable('orders')
        .set({ status: 'cancelled' })
        .where('id', '=', orderId)
        .where('status', '=', 'unpaid')
        .returning(['tool_id', 'quantity'])
        .executeTakeFirst();
      if (!row) return false;
      await app.database.db
        .updateTable('tools')
        .set((eb) => ({ available_quantity: eb('available_quantity', '+', row.quantity) }))
        .where('id', '=', row.tool_id)
        .execute();
      return true;
    };

    it('cancels the open intent first, then expires: the old page can no longer pay', async () => {
      const placed = await order(app, alice, tool._id);
      const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
      const calls: string[] = [];
      expect(await services().payments.expireOrder(placed._id, expireInDatabase(calls))).toBe(true);
      expect(calls).toEqual([placed._id]);
      expect(await intentStatus(intentId)).toBe('canceled');
      expect((await confirmCard(alice, clientSecret)).status).toBe(409);
      expect((await orderNow(app, alice, placed._id)).status).toBe('cancelled');
    });

    it('does not expire an order whose card went through: it becomes paid', async () => {
      const placed = await order(app, alice, tool._id);
      const stock = await stockOf(app, tool._id);
      const { clientSecret, intentId } = await openPayment(app, alice, placed._id);
      expect((await confirmCard(alice, clientSecret)).status).toBe(200);
      const calls: string[] = [];
      expect(await services().payments.expireOrder(placed._id, expireInDatabase(calls))).toBe(
        false,
      );
      expect(calls).toEqual([]);
      expect(await orderNow(app, alice, placed._id)).toMatchObject({
        status: 'paid',
        transactionId: intentId,
      });
      expect(await stockOf(app, tool._id)).toBe(stock);
    });

    it('refunds a card that went through while the order expired', async () => {
      const placed = await order(app, alice, tool._id);
      const first = await openPayment(app, alice, placed._id);
      const calls: string[] = [];
      const expire = expireInDatabase(calls);
      let paidMeanwhile: string | undefined;
      const expired = await services().payments.expireOrder(placed._id, async (orderId) => {
        // The first intent is cancelled by now; a page opened at this moment gets a new one,
        // and its card goes through while the order is still unpaid.
        expect((await confirmCard(alice, first.clientSecret)).status).toBe(409);
        const late = await openPayment(app, alice, placed._id);
        expect((await confirmCard(alice, late.clientSecret)).status).toBe(200);
        paidMeanwhile = late.intentId;
        return expire(orderId);
      });
      expect(expired).toBe(true);
      const refunds = await refundsOf(placed._id);
      expect(refunds.provider.map((refund) => refund.intent_id)).toEqual([paidMeanwhile]);
      expect(refunds.shop[0]?.reason).toBe('order_expired');
    });
  });
});
