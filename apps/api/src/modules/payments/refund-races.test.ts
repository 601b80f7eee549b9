/**
 * A refund racing "mark delivered" (issue 31): the refund claims the order before the provider
 * gives the money back, and a delivery leaves a claimed order alone, so an order ends either
 * delivered with its payment kept or refunded with its payment given back once, never
 * delivered with its money returned.
 */
import { setTimeout } from 'node:timers/promises';
import type { Tool } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import { type Account, order, payInTestMode, setUpShop } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const ROUNDS = 50;

describeEachDatabase('a refund racing a delivery', (kind) => {
  let app: TestApp;
  let admin: Account;
  let buyer: Account;
  let tool: Tool;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    ({ admin, tool } = await setUpShop(app, 10_000));
    buyer = await signUpWithToken(app);
  });
  afterAll(() => app.close());

  const act = (id: string, step: string, body?: unknown) =>
    send(app, 'POST', `/api/purchase/${id}/${step}`, admin.token, body);

  /** What test mode's provider gave back for the intent, and how often the order was refunded. */
  const afterwards = async (orderId: string, intentId: string) => ({
    status: (
      await app.database.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).status,
    providerRefunds: (
      await app.database.db
        .selectFrom('sandbox_refunds')
        .select('amount_cents')
        .where('intent_id', '=', intentId)
        .execute()
    ).length,
    refundSteps: (
      await app.database.db
        .selectFrom('order_events')
        .select('id')
        .where('order_id', '=', orderId)
        .where('to_status', '=', 'refunded')
        .execute()
    ).length,
  });

  it(`never leaves a shipped order delivered with its payment refunded (${ROUNDS} races)`, async () => {
    const outcomes = { delivered: 0, refunded: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const placed = await order(app, buyer, tool._id, 1);
      const { transactionId } = await payInTestMode(app, buyer, placed._id);
      expect((await act(placed._id, 'ship')).status).toBe(200);

      // One starts a little after the other, by a lead that changes each round (up to 4 ms
      // either way), so the delivery lands before, inside and after the refund's steps in turn.
      const lead = (round % 9) - 4;
      const after = (ms: number) => (ms > 0 ? setTimeout(ms) : Promise.resolve());
      const [refunded, delivered] = await Promise.all([
        after(-lead).then(() => act(placed._id, 'refund', { reason: 'Race', restock: false })),
        after(lead).then(() => act(placed._id, 'deliver')),
      ]);

      const state = await afterwards(placed._id, transactionId);
      expect([refunded.status, delivered.status].sort(), `round ${round}`).toEqual([200, 409]);
      expect(state, `round ${round}`).toEqual(
        refunded.status === 200
          ? { status: 'refunded', providerRefunds: 1, refundSteps: 1 }
          : { status: 'delivered', providerRefunds: 0, refundSteps: 0 },
      );
      outcomes[state.status as keyof typeof outcomes]++;
    }
    console.info(`[${kind}] ${ROUNDS} races: ${JSON.stringify(outcomes)}`);
  }, 120_000);
});
