/**
 * Returns (issue 36; docs/product.md, Returns): the buyer asks within the window after delivery,
 * an admin authorises, marks the parts received (each resaleable or not) and refunds them less
 * the reason's restocking fee, which the credit note shows. Every step is in the order's history
 * and told to the buyer by email.
 */
import type { BillingDocument, Order, OrderEvent, ReturnRequest } from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { newPerson, send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { pdfText } from '../../test/pdf-text';
import { type Account, errorOf, orderToBerlin, payInTestMode, stockOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

/** x rounded half up to the cent, as the documented rule says (whole cents in, whole cents out). */
const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

describeEachDatabase('returns', (kind) => {
  let app: TestApp;
  let admin: Account;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 50 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  const post = (who: Account, path: string, body?: unknown) =>
    send(app, 'POST', path, who.token, body);

  /** Three parts at $ 10, $ 20 and $ 30 bought from Berlin, paid, shipped and delivered. */
  async function deliveredOrderOfThree(buyer: Account, label: string) {
    const { order, tools } = await orderToBerlin(app, admin, buyer, [
      [`${label} Hinge`, 10],
      [`${label} Fan`, 20],
      [`${label} Board`, 30],
    ]);
    await payInTestMode(app, buyer, order._id);
    expect((await post(admin, `/api/purchase/${order._id}/ship`)).status).toBe(200);
    expect((await post(admin, `/api/purchase/${order._id}/deliver`)).status).toBe(200);
    return { order, tools };
  }

  it('refunds one line of three: its price, tax and shipping share less the fee, stock back once', async () => {
    const buyer = await signUpWithToken(app, newPerson('returner'));
    const { order, tools } = await deliveredOrderOfThree(buyer, 'Return');
    const fan = tools[1]!;
    const stockBefore = await stockOf(app, fan._id);

    const asked = await post(buyer, `/api/purchase/${order._id}/returns`, {
      lines: [fan._id],
      reason: 'does_not_fit',
      comment: 'Wrong connector for my T480',
    });
    expect(asked.status).toBe(201);
    const request = (await asked.json()) as ReturnRequest;
    expect(request).toMatchObject({ status: 'requested', reason: 'does_not_fit', feePercent: 15 });

    const authorised = await post(admin, `/api/returns/${request._id}/authorise`, {
      message: 'Send it to our Oakland address.',
    });
    expect(authorised.status).toBe(200);

    // "Received" sent twice at once: the fan goes back to stock once.
    const receipt = { lines: [{ toolId: fan._id, resaleable: true }] };
    const [first, second] = await Promise.all([
      post(admin, `/api/returns/${request._id}/receive`, receipt),
      post(admin, `/api/returns/${request._id}/receive`, receipt),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await stockOf(app, fan._id)).toBe(stockBefore + 1);

    const refunded = await post(admin, `/api/returns/${request._id}/refund`);
    expect(refunded.status).toBe(200);
    // The fan: $ 20 + 19 % VAT, its shipping share $ 5.00 + 19 %; the fee: 15 % of $ 23.80.
    const goods = 2000 + percentOf(2000, 19);
    const fee = percentOf(goods, 15);
    expect(fee).toBe(357);
    const amount = goods + 500 + percentOf(500, 19) - fee;
    expect(((await refunded.json()) as ReturnRequest).refund).toEqual({
      amount: amount / 100,
      fee: fee / 100,
    });
    // Asked again: the same refund, nothing more given back.
    expect((await post(admin, `/api/returns/${request._id}/refund`)).status).toBe(200);
    const given = await app.database.db
      .selectFrom('payment_refunds')
      .select('amount_cents')
      .where('order_id', '=', order._id)
      .execute();
    expect(given).toEqual([{ amount_cents: amount }]);
    expect(await stockOf(app, fan._id)).toBe(stockBefore + 1);

    const documents = (await (
      await send(app, 'GET', `/api/purchase/${order._id}/documents`, buyer.token)
    ).json()) as BillingDocument[];
    const note = documents.find((document) => document.kind === 'credit_note')!;
    expect(note.total).toBe(amount / 100);
    const pdf = await send(
      app,
      'GET',
      `/api/purchase/${order._id}/documents/${note.number}`,
      buyer.token,
    );
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Restocking fee kept');
    expect(text).toContain('$ 3.57');

    const history = (await (
      await send(app, 'GET', `/api/purchase/${order._id}/history`, buyer.token)
    ).json()) as OrderEvent[];
    // Each step as what it is: asked, authorised, received, and only then money given back.
    expect(
      history.map(({ kind, what, reason, from, to }) => ({ kind, what, reason, from, to })),
    ).toEqual([
      { kind: 'placed', what: null, reason: null, from: null, to: 'unpaid' },
      { kind: 'status_changed', what: null, reason: null, from: 'unpaid', to: 'paid' },
      { kind: 'status_changed', what: null, reason: null, from: 'paid', to: 'shipped' },
      { kind: 'status_changed', what: null, reason: null, from: 'shipped', to: 'delivered' },
      ...(['return_requested', 'return_authorised', 'parts_received'] as const).map((step) => ({
        kind: step,
        what: '1 × Return Fan',
        reason: 'Does not fit',
        from: 'delivered',
        to: 'delivered',
      })),
      {
        kind: 'lines_refunded',
        what: `$ ${(amount / 100).toFixed(2)} · 1 × Return Fan`,
        reason: 'Return: Does not fit',
        from: 'delivered',
        to: 'delivered',
      },
    ]);
    const emails = await app.database.db
      .selectFrom('email_outbox')
      .select('subject')
      .where('recipient', '=', buyer.email)
      .where('template', '=', 'return-step')
      .orderBy('created_at')
      .execute();
    expect(emails).toHaveLength(4);
  });

  it('puts back only the parts marked resaleable', async () => {
    const buyer = await signUpWithToken(app, newPerson('damaged'));
    const { order, tools } = await deliveredOrderOfThree(buyer, 'Broken');
    const stock = await Promise.all(tools.map((tool) => stockOf(app, tool._id)));
    const request = (await (
      await post(buyer, `/api/purchase/${order._id}/returns`, {
        lines: [tools[0]!._id, tools[2]!._id],
        reason: 'damaged_in_transit',
      })
    ).json()) as ReturnRequest;
    expect(request.feePercent).toBe(0);
    await post(admin, `/api/returns/${request._id}/authorise`, { message: '' });
    const received = await post(admin, `/api/returns/${request._id}/receive`, {
      lines: [
        { toolId: tools[0]!._id, resaleable: false },
        { toolId: tools[2]!._id, resaleable: true },
      ],
    });
    expect(received.status).toBe(200);
    expect(await Promise.all(tools.map((tool) => stockOf(app, tool._id)))).toEqual([
      stock[0],
      stock[1],
      stock[2]! + 1,
    ]);
  });

  it('tells the buyer a refusal with its message; the parts may then be asked for again', async () => {
    const buyer = await signUpWithToken(app, newPerson('refused'));
    const { order, tools } = await deliveredOrderOfThree(buyer, 'Refused');
    const body = { lines: [tools[2]!._id], reason: 'changed_mind' };
    const request = (await (
      await post(buyer, `/api/purchase/${order._id}/returns`, body)
    ).json()) as ReturnRequest;
    // A customer cannot decide their own return.
    expect((await post(buyer, `/api/returns/${request._id}/refuse`, { message: '' })).status).toBe(
      403,
    );
    const refused = await post(admin, `/api/returns/${request._id}/refuse`, {
      message: 'Opened software cannot be returned.',
    });
    expect(refused.status).toBe(200);
    expect(((await refused.json()) as ReturnRequest).status).toBe('refused');
    // Refused: it cannot be received or refunded, and the same decision again changes nothing.
    const receive = await post(admin, `/api/returns/${request._id}/receive`, {
      lines: [{ toolId: tools[2]!._id, resaleable: true }],
    });
    expect(receive.status).toBe(409);
    expect((await errorOf(receive)).message).toBe(
      'This return is refused: only an authorised one can be received',
    );
    expect((await post(admin, `/api/returns/${request._id}/refund`)).status).toBe(409);
    expect(
      (await post(admin, `/api/returns/${request._id}/authorise`, { message: '' })).status,
    ).toBe(409);

    const emails = await app.database.db
      .selectFrom('email_outbox')
      .select(['subject', 'data'])
      .where('recipient', '=', buyer.email)
      .where('template', '=', 'return-step')
      .orderBy('created_at')
      .execute();
    expect(emails.map((email) => email.data.step)).toEqual(['requested', 'refused']);
    expect(emails[1]!.data).toMatchObject({
      message: 'Opened software cannot be returned.',
      lines: [{ tool: 'Refused Board', quantity: 1 }],
      reason: 'Changed my mind',
    });
    // The board may be asked for again, with another reason.
    const again = await post(buyer, `/api/purchase/${order._id}/returns`, {
      ...body,
      reason: 'faulty',
    });
    expect(again.status).toBe(201);
    const history = (await (
      await send(app, 'GET', `/api/purchase/${order._id}/history`, buyer.token)
    ).json()) as OrderEvent[];
    expect(history.slice(-3).map(({ kind, what, reason }) => ({ kind, what, reason }))).toEqual([
      { kind: 'return_requested', what: '1 × Refused Board', reason: 'Changed my mind' },
      { kind: 'return_refused', what: '1 × Refused Board', reason: 'Changed my mind' },
      { kind: 'return_requested', what: '1 × Refused Board', reason: 'Faulty' },
    ]);
  });

  it('lists every return still to act on by default: requested, authorised, received, not done', async () => {
    const buyer = await signUpWithToken(app, newPerson('queue'));
    const { order, tools } = await deliveredOrderOfThree(buyer, 'Queue');
    const ask = async (toolId: string) =>
      (
        (await (
          await post(buyer, `/api/purchase/${order._id}/returns`, {
            lines: [toolId],
            reason: 'faulty',
          })
        ).json()) as ReturnRequest
      )._id;
    const [requested, authorised, received] = [
      await ask(tools[0]!._id),
      await ask(tools[1]!._id),
      await ask(tools[2]!._id),
    ];
    await post(admin, `/api/returns/${authorised}/authorise`, { message: '' });
    await post(admin, `/api/returns/${received}/authorise`, { message: '' });
    await post(admin, `/api/returns/${received}/receive`, {
      lines: [{ toolId: tools[2]!._id, resaleable: false }],
    });
    const other = await signUpWithToken(app, newPerson('queue-done'));
    const done = await deliveredOrderOfThree(other, 'Done');
    const refused = (
      (await (
        await post(other, `/api/purchase/${done.order._id}/returns`, {
          lines: [done.tools[0]!._id],
          reason: 'faulty',
        })
      ).json()) as ReturnRequest
    )._id;
    await post(admin, `/api/returns/${refused}/refuse`, { message: 'No.' });
    const refunded = (
      (await (
        await post(other, `/api/purchase/${done.order._id}/returns`, {
          lines: [done.tools[1]!._id],
          reason: 'faulty',
        })
      ).json()) as ReturnRequest
    )._id;
    await post(admin, `/api/returns/${refunded}/authorise`, { message: '' });
    await post(admin, `/api/returns/${refunded}/receive`, {
      lines: [{ toolId: done.tools[1]!._id, resaleable: true }],
    });
    expect((await post(admin, `/api/returns/${refunded}/refund`)).status).toBe(200);

    const listed = async (query: string) => {
      const answer = await send(app, 'GET', `/api/returns${query}`, admin.token);
      expect(answer.status).toBe(200);
      return ((await answer.json()) as ReturnRequest[])
        .filter((one) => [order._id, done.order._id].includes(one.orderId))
        .map((one) => one._id);
    };
    // In the order of their steps: to decide, then on their way back, then to refund.
    expect(await listed('?status=open')).toEqual([requested, authorised, received]);
    expect(await listed('?status=authorised')).toEqual([authorised]);
    expect(await listed('')).toHaveLength(5);
    const wrong = await send(app, 'GET', '/api/returns?status=opened', admin.token);
    expect(wrong.status).toBe(400);
    expect((await errorOf(wrong)).fields).toEqual({ status: ['Choose a return status'] });
    expect((await send(app, 'GET', '/api/returns?status=open', buyer.token)).status).toBe(403);
  });

  it('refuses a return of an undelivered order, after the window, or of a line twice', async () => {
    const buyer = await signUpWithToken(app, newPerson('late'));
    const { order, tools } = await orderToBerlin(app, admin, buyer, [['Late Fan', 20]]);
    await payInTestMode(app, buyer, order._id);
    const body = { lines: [tools[0]!._id], reason: 'changed_mind' };
    const undelivered = await post(buyer, `/api/purchase/${order._id}/returns`, body);
    expect(undelivered.status).toBe(409);
    expect((await errorOf(undelivered)).message).toBe(
      'Only a delivered order can be returned; this one is paid',
    );

    await post(admin, `/api/purchase/${order._id}/ship`);
    await post(admin, `/api/purchase/${order._id}/deliver`);
    // With a window of 30 days: delivered 30 days and a minute ago, closed; a minute less than
    // 30 days ago, still open.
    const deliveredAgo = (days: number, mins: number) =>
      sql`update order_events set at = now() - make_interval(days => ${days}, mins => ${mins})
        where order_id = ${order._id} and to_status = 'delivered'`.execute(app.database.db);
    await deliveredAgo(30, 1);
    const late = await post(buyer, `/api/purchase/${order._id}/returns`, body);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toMatch(
      /^Returns are accepted within 30 days of delivery; this order was delivered on /,
    );
    await deliveredAgo(30, -1);
    expect((await post(buyer, `/api/purchase/${order._id}/returns`, body)).status).toBe(201);
    const twice = await post(buyer, `/api/purchase/${order._id}/returns`, body);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).message).toBe('Late Fan is being returned already');

    // Another customer is told the order does not exist; an admin cannot ask for the buyer.
    const stranger = await signUpWithToken(app, newPerson('stranger'));
    expect((await post(stranger, `/api/purchase/${order._id}/returns`, body)).status).toBe(404);
    expect((await post(admin, `/api/purchase/${order._id}/returns`, body)).status).toBe(404);
    const order2 = (await (
      await send(app, 'GET', `/api/purchase/${order._id}`, buyer.token)
    ).json()) as Order;
    expect(order2.status).toBe('delivered');
  });
});
