/**
 * The order emails (issue 19), against a real SMTP server on loopback: the customer hears
 * when an order is placed, paid (a receipt: tools, quantities, unit prices, total, transaction
 * id), shipped and cancelled (by them, by an admin, by its pay-by time); every admin hears
 * when one is paid. Each exactly once, queued with the change or not at all, and a payment
 * made while the SMTP server is away answers at once, its receipt sent once the server is back,
 * across a restart of the shop.
 */
import { formatOrderNumber, messages } from '@shop/shared';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { newPerson, send, signUpAdmin, signUpWithToken } from '../../test/identity';
import {
  type Account,
  order,
  payInTestMode,
  postCheckout,
  setUpShop,
  DELIVERY,
  US_GROUND,
} from '../../test/shop';
import { type TestSmtpServer, recipientOf, startSmtpServer } from '../../test/smtp-server';
import { TEST_ORIGIN, type TestApp, createTestApp } from '../../test/test-app';

const words = messages.email.order;
/** The number the subjects name the order by, as its page does: "ORD-000123". */
const numberOf = (order: { number: number }) => formatOrderNumber(order.number);

describeEachDatabase('order emails', (kind) => {
  let smtp: TestSmtpServer;
  let app: TestApp;
  let admins: Account[];
  let tool: { _id: string; name: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp(kind, { seed: false, smtpUrl: smtp.url });
    const shop = await setUpShop(app);
    admins = [shop.admin, await signUpAdmin(app)];
    tool = shop.tool;
    await app.mail.runOnce();
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
  });

  /** The emails one address received with this subject. */
  const received = (to: string, subject: string) =>
    smtp.received.filter((mail) => recipientOf(mail) === to && mail.subject === subject);

  /** Sends what is due; answers the one email `to` received with `subject`, checking it is one. */
  async function theEmail(to: string, subject: string): Promise<ParsedMail> {
    expect((await app.mail.runOnce()).failed).toBe(0);
    // However often the worker runs again, nothing more.
    await app.mail.runOnce();
    const emails = received(to, subject);
    expect(emails, `${subject} to ${to}`).toHaveLength(1);
    expect(emails[0]!.html, 'an HTML part').toBeTruthy();
    return emails[0]!;
  }

  const customer = () => signUpWithToken(app, newPerson('orderer'));

  it('tells the customer the order is placed, with its lines, total and payment page', async () => {
    const buyer = await customer();
    const placed = await order(app, buyer, tool._id, 3);
    const email = await theEmail(buyer.email, words.placed.subject(numberOf(placed)));
    expect(email.text).toContain(`${tool.name}: 3 × $ 14.50 = $ 43.50`);
    // The total is the order's: the goods and US Ground below its free threshold (no tax in
    // Oregon).
    expect(email.text).toContain(`${words.total}: $ ${(43.5 + US_GROUND).toFixed(2)}`);
    expect(email.text).toContain(`${TEST_ORIGIN}/dashboard/payment/${placed._id}`);
  });

  it('sends the customer a receipt and every admin an alert when an order is paid, once each', async () => {
    const buyer = await customer();
    const placed = await order(app, buyer, tool._id, 2);
    // The worker runs before the payment: the placed email goes while the order is unpaid.
    await app.mail.runOnce();
    const { transactionId } = await payInTestMode(app, buyer, placed._id);
    const receipt = await theEmail(buyer.email, words.paid.subject(numberOf(placed)));
    // The goods, and US Ground below its free threshold in the total (no tax in Oregon).
    const total = `$ ${(29 + US_GROUND).toFixed(2)}`;
    for (const part of [
      `${tool.name}: 2 × $ 14.50 = $ 29.00`,
      `${words.total}: ${total}`,
      `${words.transactionId}: ${transactionId}`,
    ]) {
      expect(receipt.text, part).toContain(part);
    }
    for (const admin of admins) {
      const alert = await theEmail(admin.email, words.paidAdmin.subject(numberOf(placed), total));
      expect(alert.text).toContain(words.paidAdmin.body(buyer.name, buyer.email));
      expect(alert.text).toContain(transactionId);
    }
    // The placed email went too, once.
    expect(received(buyer.email, words.placed.subject(numberOf(placed)))).toHaveLength(1);
  });

  it('sends no "please pay" email for an order paid or cancelled before the worker ran', async () => {
    const buyer = await customer();
    const paidAtOnce = await order(app, buyer, tool._id);
    await payInTestMode(app, buyer, paidAtOnce._id);
    const cancelledAtOnce = await order(app, buyer, tool._id);
    const cancel = await send(
      app,
      'POST',
      `/api/purchase/${cancelledAtOnce._id}/cancel`,
      buyer.token,
    );
    expect(cancel.status).toBe(200);
    // Exactly one receipt, and one cancel email: they tell the story.
    await theEmail(buyer.email, words.paid.subject(numberOf(paidAtOnce)));
    await theEmail(buyer.email, words.cancelled.subject(numberOf(cancelledAtOnce)));
    for (const placed of [paidAtOnce, cancelledAtOnce]) {
      expect(received(buyer.email, words.placed.subject(numberOf(placed)))).toHaveLength(0);
    }
  });

  it('lists every tool of a checkout in its receipt, with its quantity and unit price', async () => {
    const buyer = await customer();
    const other = await send(app, 'POST', '/api/tools', admins[0]!.token, {
      name: 'Thermal Paste',
      description: 'A tube',
      minOrderQuantity: 1,
      availableQuantity: 100,
      price: 4.25,
      img: '/images/tools/cooling-fan.svg',
    });
    expect(other.status).toBe(201);
    const paste = (await other.json()) as { _id: string };
    for (const [toolId, quantity] of [
      [tool._id, 2],
      [paste._id, 3],
    ] as const) {
      const added = await send(app, 'POST', '/api/cart/lines', buyer.token, { toolId, quantity });
      expect(added.status).toBe(200);
    }
    const placed = await postCheckout(app, buyer, { ...DELIVERY, address: '5 Elm Street' });
    expect(placed.status).toBe(201);
    const checkedOut = (await placed.json()) as { _id: string; number: number };
    const orderId = checkedOut._id;
    const { transactionId } = await payInTestMode(app, buyer, orderId);
    const receipt = await theEmail(buyer.email, words.paid.subject(numberOf(checkedOut)));
    for (const part of [
      `${tool.name}: 2 × $ 14.50 = $ 29.00`,
      'Thermal Paste: 3 × $ 4.25 = $ 12.75',
      // The goods, and US Ground below its free threshold (no tax in Oregon).
      `${words.total}: $ ${(41.75 + US_GROUND).toFixed(2)}`,
      `${words.transactionId}: ${transactionId}`,
    ]) {
      expect(receipt.text, part).toContain(part);
    }
  });

  it('tells the customer the order is shipped', async () => {
    const buyer = await customer();
    const placed = await order(app, buyer, tool._id);
    await payInTestMode(app, buyer, placed._id);
    const shipped = await send(app, 'POST', `/api/purchase/${placed._id}/ship`, admins[0]!.token);
    expect(shipped.status).toBe(200);
    const email = await theEmail(buyer.email, words.shipped.subject(numberOf(placed)));
    expect(email.text).toContain('5 Elm Street');
  });

  it('tells the customer of a cancel: theirs, an admin’s, or its pay-by time passing', async () => {
    const buyer = await customer();
    const cancelled = messages.email.order.cancelled;
    const byBuyer = await order(app, buyer, tool._id);
    expect(
      (await send(app, 'POST', `/api/purchase/${byBuyer._id}/cancel`, buyer.token)).status,
    ).toBe(200);
    const byShop = await order(app, buyer, tool._id);
    expect(
      (await send(app, 'POST', `/api/purchase/${byShop._id}/cancel`, admins[0]!.token)).status,
    ).toBe(200);
    const expired = await order(app, buyer, tool._id);
    // Earlier tests' unpaid orders expire with it.
    expect(
      await app.jobs.orderExpiry.runOnce(new Date(Date.parse(expired.payBy!) + 1000)),
    ).toBeGreaterThanOrEqual(1);

    for (const [placed, body] of [
      [byBuyer, cancelled.byBuyer],
      [byShop, cancelled.byShop],
      [expired, cancelled.expired],
    ] as const) {
      const email = await theEmail(buyer.email, cancelled.subject(numberOf(placed)));
      expect(email.text).toContain(body);
    }
  });

  it('queues nothing for a change rolled back, and the emails of one committed', async () => {
    const buyer = await customer();
    const placed = await order(app, buyer, tool._id);
    await app.mail.runOnce();
    const marks = () =>
      app.database.db
        .selectFrom('order_event_emails')
        .innerJoin('order_events', 'order_events.id', 'order_event_emails.event_id')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('order_events.order_id', '=', placed._id)
        .executeTakeFirstOrThrow();
    await app.database.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('orders')
          .set({ status: 'cancelled' })
          .where('id', '=', placed._id)
          .execute();
        expect(
          (
            await trx
              .selectFrom('order_event_emails')
              .innerJoin('order_events', 'order_events.id', 'order_event_emails.event_id')
              .select(sql<number>`count(*)::int`.as('count'))
              .where('order_events.order_id', '=', placed._id)
              .executeTakeFirstOrThrow()
          ).count,
        ).toBe(1);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await marks()).count).toBe(0);
    await app.mail.runOnce();
    expect(received(buyer.email, words.cancelled.subject(numberOf(placed)))).toHaveLength(0);
  });

  it('answers a payment at once with the SMTP server away; the receipt goes once it is back, after a restart, once', async () => {
    const buyer = await customer();
    const placed = await order(app, buyer, tool._id, 4);
    await app.mail.runOnce();
    await smtp.stop();
    try {
      const started = performance.now();
      const { transactionId } = await payInTestMode(app, buyer, placed._id);
      const took = performance.now() - started;
      console.info(`[${kind}] payment with the SMTP server away: ${took.toFixed(0)} ms`);
      expect(took).toBeLessThan(2000);
      // The worker tries: the receipt and the two alerts fail, and wait.
      expect(await app.mail.runOnce()).toEqual({ sent: 0, failed: 1 + admins.length });

      app = await app.restart();
      await smtp.start();
      const later = new Date(Date.now() + 31_000);
      expect(await app.mail.runOnce(later)).toEqual({ sent: 1 + admins.length, failed: 0 });
      await app.mail.runOnce(new Date(Date.now() + 7_200_000));
      const receipts = received(buyer.email, words.paid.subject(numberOf(placed)));
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain(`${words.transactionId}: ${transactionId}`);
      // The order's total: 4 x $ 14.50 and US Ground below its free threshold.
      const total = `$ ${(58 + US_GROUND).toFixed(2)}`;
      for (const admin of admins) {
        expect(
          received(admin.email, words.paidAdmin.subject(numberOf(placed), total)),
        ).toHaveLength(1);
      }
    } finally {
      await smtp.start().catch(() => undefined);
    }
  });
});
