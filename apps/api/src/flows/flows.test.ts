/**
 * What the flows add to the modules' own tests (decision 053): each is one transaction, so a step
 * that fails late leaves nothing of the earlier steps written, and the same flow asked again
 * afterwards completes as if the failure had not happened.
 */
import type { Tool } from '@shop/shared';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CurrentUser } from '../auth/identity';
import { describeEachDatabase } from '../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../test/identity';
import { sandboxRefundsOf, sandboxServicesOf } from '../test/settlement';
import { type Account, createTool, order, orderNow, payInTestMode, stockOf } from '../test/shop';
import { type TestApp, createTestApp } from '../test/test-app';
import { createOrderPaidFlow } from './order-paid';
import { createRefundFlow } from './refund';
import { createRemoveUserFlow } from './remove-user';

describeEachDatabase('flows: one transaction each', (kind) => {
  let app: TestApp;
  let admin: Account;
  let adminCaller: CurrentUser;
  let tool: Tool;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    adminCaller = await app.database.db
      .selectFrom('users')
      .select(['id', 'email', 'name', 'role'])
      .where('email', '=', admin.email)
      .executeTakeFirstOrThrow();
    tool = await createTool(app, admin, {
      name: 'Flow Fan',
      description: 'Bought, paid, refunded',
      availableQuantity: 50,
    });
  });
  afterAll(() => app.close());

  /** The app's database, on which a statement of `kind` naming `table` fails. */
  const failingOn = (kindOfQuery: RootOperationNode['kind'], table: string) => {
    const failure = new Error(`${table} refused`);
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === kindOfQuery && JSON.stringify(node).includes(`"${table}"`)) {
          throw failure;
        }
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    return { db: app.database.db.withPlugin(plugin), failure };
  };

  const documentsOf = (orderId: string) =>
    app.database.db
      .selectFrom('billing_documents')
      .select(['kind', 'number'])
      .where('order_id', '=', orderId)
      .orderBy('issued_at')
      .execute();

  it('an order whose invoice fails stays unpaid and takes no number; paid again, it gets both', async () => {
    const buyer = await signUpWithToken(app);
    const placed = await order(app, buyer, tool._id);
    const { orders } = sandboxServicesOf(app);
    const cents = Math.round(placed.price * 100);
    const { db, failure } = failingOn('InsertQueryNode', 'billing_documents');
    await expect(
      createOrderPaidFlow(db, { orders }).markPaid(placed._id, 'pi_flow', cents),
    ).rejects.toBe(failure);
    expect((await orderNow(app, buyer, placed._id)).status).toBe('unpaid');
    expect(await documentsOf(placed._id)).toEqual([]);
    const sequences = await app.database.db
      .selectFrom('document_sequences')
      .select('last_number')
      .where('series', '=', 'invoice')
      .execute();
    expect(sequences).toEqual([]);

    const paid = await createOrderPaidFlow(app.database.db, { orders }).markPaid(
      placed._id,
      'pi_flow',
      cents,
    );
    expect(paid).toMatchObject({ changed: true, order: { status: 'paid' } });
    expect(await documentsOf(placed._id)).toEqual([
      { kind: 'invoice', number: `${new Date().getUTCFullYear()}-000001` },
    ]);
  });

  it('a refund of lines whose credit note fails refunds no line and returns no stock; asked again, the provider refunds once', async () => {
    const buyer = await signUpWithToken(app);
    const placed = await order(app, buyer, tool._id, 3);
    await payInTestMode(app, buyer, placed._id);
    const stock = await stockOf(app, tool._id);
    const { orders, payments } = sandboxServicesOf(app);
    const { db, failure } = failingOn('InsertQueryNode', 'billing_documents');
    const refund = { reason: 'Arrived broken', restock: true, lines: [tool._id] };
    await expect(
      createRefundFlow(db, { orders, payments }).refundLines(placed._id, adminCaller, refund),
    ).rejects.toBe(failure);
    expect((await orderNow(app, buyer, placed._id)).status).toBe('paid');
    expect(await stockOf(app, tool._id)).toBe(stock);
    const lines = await app.database.db
      .selectFrom('order_lines')
      .select('refunded_at')
      .where('order_id', '=', placed._id)
      .execute();
    expect(lines).toEqual([{ refunded_at: null }]);
    expect((await documentsOf(placed._id)).map((document) => document.kind)).toEqual(['invoice']);

    const again = await send(
      app,
      'POST',
      `/api/purchase/${placed._id}/refund`,
      admin.token,
      refund,
    );
    expect(again.status).toBe(200);
    expect((await orderNow(app, buyer, placed._id)).status).toBe('refunded');
    expect(await stockOf(app, tool._id)).toBe(stock + 3);
    expect((await documentsOf(placed._id)).map((document) => document.kind)).toEqual([
      'invoice',
      'credit_note',
    ]);
    const refunds = await sandboxRefundsOf(app, placed._id);
    expect(refunds.provider).toHaveLength(1);
    expect(refunds.shop).toHaveLength(1);
  });

  it('a removal that fails at its last step cancels no order and returns no stock', async () => {
    const buyer = await signUpWithToken(app);
    const placed = await order(app, buyer, tool._id, 4);
    const stock = await stockOf(app, tool._id);
    const { orders } = sandboxServicesOf(app);
    const { db, failure } = failingOn('DeleteQueryNode', 'users');
    let told = 0;
    const removeUser = createRemoveUserFlow(db, {
      users: { removed: () => told++ },
      orders,
      onStockChange: () => told++,
    });
    await expect(removeUser(buyer.email, adminCaller)).rejects.toBe(failure);
    expect(told).toBe(0);
    expect((await orderNow(app, buyer, placed._id)).status).toBe('unpaid');
    expect(await stockOf(app, tool._id)).toBe(stock);

    const removed = await send(app, 'DELETE', `/api/user/${buyer.email}`, admin.token);
    expect(removed.status).toBe(200);
    expect(await stockOf(app, tool._id)).toBe(stock + 4);
  });
});
