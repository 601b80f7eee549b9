/**
 * Invoices and credit notes (issue 36; docs/product.md, Invoices): issued with the payment and
 * each refund, numbered without a gap or a repeat per calendar year whatever the concurrency,
 * drawn as a PDF whose text says what the order stored, attached to the receipt email, and
 * shown to nobody but the order's buyer and the admins.
 */
import {
  type BillingDocument,
  formatMoney,
  formatOrderNumber,
  messages,
  type Order,
  type Tool,
} from '@shop/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { newPerson, send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { pdfText } from '../../test/pdf-text';
import {
  type Account,
  BERLIN,
  createTool,
  errorOf,
  orderToBerlin,
  payInTestMode,
} from '../../test/shop';
import { type TestSmtpServer, recipientOf, startSmtpServer } from '../../test/smtp-server';
import { type TestApp, createTestApp } from '../../test/test-app';

const year = () => new Date().getUTCFullYear();

describeEachDatabase('invoice numbers', (kind) => {
  let app: TestApp;
  let admin: Account;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false, env: { MAX_UNPAID_ORDERS: 100 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  const invoiceSequences = async () =>
    (
      await app.database.db
        .selectFrom('billing_documents')
        .select('sequence')
        .where('kind', '=', 'invoice')
        .orderBy('sequence')
        .execute()
    ).map((row) => row.sequence);

  it(
    'numbers 200 orders paid at the same moment 1 to 200, without a gap or a repeat',
    { timeout: 300_000 },
    async () => {
      const tool = await createTool(app, admin, {
        name: 'Crowd Fan',
        description: 'Paid by many',
        price: 12,
        availableQuantity: 1000,
      });
      const buyers = await Promise.all(
        Array.from({ length: 4 }, () => signUpWithToken(app, newPerson('payer'))),
      );
      const orders: { buyer: Account; id: string }[] = [];
      for (const buyer of buyers) {
        for (let i = 0; i < 50; i++) {
          const placed = await send(app, 'POST', '/api/purchase', buyer.token, {
            toolId: tool._id,
            quantity: 1,
            ...BERLIN,
          });
          expect(placed.status).toBe(201);
          orders.push({ buyer, id: ((await placed.json()) as Order)._id });
        }
      }
      await Promise.all(orders.map(({ buyer, id }) => payInTestMode(app, buyer, id)));

      const sequences = await invoiceSequences();
      expect(sequences).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
      const rows = await app.database.db
        .selectFrom('billing_documents')
        .select(['order_id', 'number', 'year'])
        .where('kind', '=', 'invoice')
        .where(
          'order_id',
          'in',
          orders.map((o) => o.id),
        )
        .execute();
      expect(new Set(rows.map((row) => row.order_id)).size).toBe(200);
      expect(rows.every((row) => row.year === year())).toBe(true);
      const { rows: counter } = await sql<{ last_number: number }>`
      select last_number from document_sequences where series = 'invoice'`.execute(app.database.db);
      expect(counter).toEqual([{ last_number: 200 }]);
    },
  );
});

describeEachDatabase('invoices', (kind) => {
  let app: TestApp;
  let smtp: TestSmtpServer;
  let admin: Account;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp(kind, {
      seed: false,
      smtpUrl: smtp.url,
    });
    admin = await signUpAdmin(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
  });

  const documentsOf = async (who: Account, orderId: string) => {
    const answer = await send(app, 'GET', `/api/purchase/${orderId}/documents`, who.token);
    expect(answer.status).toBe(200);
    return (await answer.json()) as BillingDocument[];
  };
  const download = (who: Account, orderId: string, number: string) =>
    send(app, 'GET', `/api/purchase/${orderId}/documents/${number}`, who.token);
  const orderFromBerlin = (buyer: Account, parts: [string, number][]) =>
    orderToBerlin(app, admin, buyer, parts);

  it('draws the invoice with its number, every line, the tax and the total the order stored', async () => {
    const buyer = await signUpWithToken(app, { ...newPerson('invoiced'), name: 'Zoë Łódź-Müller' });
    const { order } = await orderFromBerlin(buyer, [
      ['Invoice Hinge', 10],
      ['Invoice Fan', 20],
      ['Invoice Board', 30],
    ]);
    // Not paid: no invoice yet.
    expect(await documentsOf(buyer, order._id)).toEqual([]);
    const { transactionId } = await payInTestMode(app, buyer, order._id);

    const [invoice, ...others] = await documentsOf(buyer, order._id);
    expect(others).toEqual([]);
    expect(invoice).toMatchObject({
      kind: 'invoice',
      total: order.totals.total,
      invoiceNumber: null,
    });
    const pdf = await download(buyer, order._id, invoice!.number);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="invoice-${invoice!.number}.pdf"`,
    );
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Laptop Parts Shop');
    expect(text).toContain(buyer.name);
    expect(text).toContain('Invalidenstraße 116');
    for (const line of order.lines) {
      expect(text).toMatch(new RegExp(`${line.tool}\\s+1\\s+\\${formatMoney(line.unitPrice)}`));
    }
    // 19 % of $ 60 and of $ 14.99, each rounded: $ 11.40 + $ 2.85.
    expect(order.totals.tax).toBe(14.25);
    expect(text).toContain(formatMoney(order.totals.tax));
    expect(text).toMatch(new RegExp(`Total\\s+\\${formatMoney(order.totals.total)}`));
    expect(text).toContain(transactionId);

    // An admin downloads it too; another customer is told the order does not exist.
    expect((await download(admin, order._id, invoice!.number)).status).toBe(200);
    const stranger = await signUpWithToken(app, newPerson('stranger'));
    const refused = await download(stranger, order._id, invoice!.number);
    expect(refused.status).toBe(404);
    expect(await errorOf(refused)).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      (await send(app, 'GET', `/api/purchase/${order._id}/documents`, stranger.token)).status,
    ).toBe(404);
    // A number that is not this order's is not found either.
    expect((await download(buyer, order._id, `${year()}-999999`)).status).toBe(404);
    expect((await download(buyer, order._id, 'not-a-number')).status).toBe(404);
  });

  it('attaches the invoice to the receipt email', async () => {
    const buyer = await signUpWithToken(app, newPerson('receipt'));
    const { order } = await orderFromBerlin(buyer, [['Receipt Keyboard', 45]]);
    await payInTestMode(app, buyer, order._id);
    expect((await app.mail.runOnce()).failed).toBe(0);
    const [invoice] = await documentsOf(buyer, order._id);
    const subject = messages.email.order.paid.subject(formatOrderNumber(order.number));
    const receipts = smtp.received.filter(
      (mail) => recipientOf(mail) === buyer.email && mail.subject === subject,
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(messages.email.order.paid.invoice(invoice!.number));
    const [attached, ...more] = receipts[0]!.attachments;
    expect(more).toEqual([]);
    expect(attached).toMatchObject({
      filename: `invoice-${invoice!.number}.pdf`,
      contentType: 'application/pdf',
    });
    const { text } = await pdfText(attached!.content);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Receipt Keyboard');
    // The admins' alert carries no invoice.
    const alert = smtp.received.find((mail) => recipientOf(mail) === admin.email);
    expect(alert?.attachments ?? []).toEqual([]);
  });

  it('names each line by the title it was bought under, and by its name when it had none', async () => {
    const buyer = await signUpWithToken(app, newPerson('titled'));
    const title = 'Lenovo ThinkPad T480 Rear Battery 24Wh 3-cell';
    const titled = await send(app, 'POST', '/api/tools', admin.token, {
      name: 'T480 Rear Battery',
      title,
      description: 'A part',
      minOrderQuantity: 1,
      availableQuantity: 50,
      price: 54.5,
      img: '/images/tools/laptop-battery.svg',
    });
    expect(titled.status).toBe(201);
    const tool = (await titled.json()) as Tool;
    const untitled = await createTool(app, admin, {
      name: 'Untitled Hinge',
      description: 'A part',
      price: 10,
    });
    for (const toolId of [tool._id, untitled._id]) {
      const added = await send(app, 'POST', '/api/cart/lines', buyer.token, {
        toolId,
        quantity: 1,
      });
      expect(added.status).toBe(200);
    }
    const placed = await send(app, 'POST', '/api/checkout', buyer.token, BERLIN);
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;
    // Retitled after the order was placed: the invoice names what was bought.
    const retitled = await send(app, 'PATCH', `/api/tools/${tool._id}`, admin.token, {
      title: 'Retitled Later Battery',
    });
    expect(retitled.status).toBe(200);
    await payInTestMode(app, buyer, order._id);

    const [invoice] = await documentsOf(buyer, order._id);
    const pdf = await download(buyer, order._id, invoice!.number);
    const { text } = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    // A long title wraps in its column, the line's figures beside its first words.
    expect(text).toMatch(/Lenovo ThinkPad T480 Rear Battery\s+1\s+\$ 54\.50.*\n24Wh 3-cell\n/);
    expect(text).not.toContain('Retitled');
    expect(text).toMatch(/Untitled Hinge\s+1\s+\$ 10\.00/);

    const refunded = await send(app, 'POST', `/api/purchase/${order._id}/refund`, admin.token, {
      reason: 'Does not fit',
      restock: true,
      lines: [tool._id],
    });
    expect(refunded.status).toBe(200);
    const [, note] = await documentsOf(buyer, order._id);
    const noteText = (
      await pdfText(
        new Uint8Array(await (await download(buyer, order._id, note!.number)).arrayBuffer()),
      )
    ).text;
    expect(noteText).toMatch(/Lenovo ThinkPad T480 Rear Battery\s+1\s.*\n24Wh 3-cell\n/);
    expect(noteText).not.toContain('Untitled Hinge');
  });

  it('issues a credit note per refund, referring to the invoice, which never changes', async () => {
    const buyer = await signUpWithToken(app, newPerson('returner'));
    const { order, tools } = await orderFromBerlin(buyer, [
      ['Credit Hinge', 10],
      ['Credit Fan', 20],
      ['Credit Board', 30],
    ]);
    await payInTestMode(app, buyer, order._id);
    const [invoice] = await documentsOf(buyer, order._id);
    const invoiceBefore = await download(buyer, order._id, invoice!.number);
    const drawnBefore = await pdfText(new Uint8Array(await invoiceBefore.arrayBuffer()));

    // The shop's details change after the invoice was issued.
    const renamed = await send(app, 'PUT', '/api/settings/legal', admin.token, {
      legalName: 'Parts & Tools GmbH',
      address: 'Torstraße 1\n10119 Berlin\nGermany',
      taxNumber: 'DE123456789',
    });
    expect(renamed.status).toBe(200);

    const refunded = await send(app, 'POST', `/api/purchase/${order._id}/refund`, admin.token, {
      reason: 'Does not fit',
      restock: true,
      lines: [tools[1]!._id],
    });
    expect(refunded.status).toBe(200);
    // Asked again: the same refund, no second credit note.
    await send(app, 'POST', `/api/purchase/${order._id}/refund`, admin.token, {
      reason: 'Does not fit',
      restock: true,
      lines: [tools[1]!._id],
    });
    const whole = await send(app, 'POST', `/api/purchase/${order._id}/refund`, admin.token, {
      reason: 'Cancelled by the buyer',
      restock: false,
    });
    expect(whole.status).toBe(200);

    const documents = await documentsOf(buyer, order._id);
    // The fan: $ 20 + 19 % ($ 3.80) and its share of shipping ($ 5.00 + 19 %, $ 0.95).
    expect(
      documents.map(({ kind, total, invoiceNumber }) => ({ kind, total, invoiceNumber })),
    ).toEqual([
      { kind: 'invoice', total: order.totals.total, invoiceNumber: null },
      { kind: 'credit_note', total: 29.75, invoiceNumber: invoice!.number },
      {
        kind: 'credit_note',
        total: Math.round((order.totals.total - 29.75) * 100) / 100,
        invoiceNumber: invoice!.number,
      },
    ]);
    const [, first, second] = documents;
    expect(first!.number).toMatch(new RegExp(`^CN-${year()}-\\d{6}$`));
    expect(Number(second!.number.slice(-6))).toBe(Number(first!.number.slice(-6)) + 1);

    const note = await download(buyer, order._id, first!.number);
    expect(note.headers.get('content-disposition')).toBe(
      `attachment; filename="credit-note-${first!.number.slice(3)}.pdf"`,
    );
    const { text } = await pdfText(new Uint8Array(await note.arrayBuffer()));
    expect(text).toContain(first!.number);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Credit Fan');
    expect(text).not.toContain('Credit Hinge');
    expect(text).toContain('Does not fit');
    expect(text).toContain('$ 29.75');
    // Issued after the change: the new details.
    expect(text).toContain('Parts & Tools GmbH');
    expect(text).toContain('DE123456789');

    // The invoice says what it said, and the database refuses to change it.
    const invoiceAfter = await download(buyer, order._id, invoice!.number);
    expect((await pdfText(new Uint8Array(await invoiceAfter.arrayBuffer()))).text).toBe(
      drawnBefore.text,
    );
    expect(drawnBefore.text).not.toContain('Parts & Tools GmbH');
    await expect(
      app.database.db
        .updateTable('billing_documents')
        .set({ total_cents: 1 } as never)
        .where('number', '=', invoice!.number)
        .execute(),
    ).rejects.toThrow(/never changed/);
    await expect(
      app.database.db
        .deleteFrom('billing_documents')
        .where('number', '=', invoice!.number)
        .execute(),
    ).rejects.toThrow(/never changed/);
  });

  describe('the legal details', () => {
    it('are for admins, checked field by field', async () => {
      const customer = await signUpWithToken(app, newPerson('curious'));
      expect((await send(app, 'GET', '/api/settings/legal', customer.token)).status).toBe(403);
      const body = { legalName: 'X', address: 'Y', taxNumber: '' };
      expect((await send(app, 'PUT', '/api/settings/legal', customer.token, body)).status).toBe(
        403,
      );
      const empty = await send(app, 'PUT', '/api/settings/legal', admin.token, {
        legalName: '  ',
        address: '',
        taxNumber: 'x'.repeat(41),
      });
      expect(empty.status).toBe(400);
      expect((await errorOf(empty)).fields).toEqual({
        legalName: ['Legal name is required'],
        address: ['Address is required'],
        taxNumber: ['Tax number must have at most 40 characters'],
      });
      const longest = { legalName: 'L'.repeat(200), address: 'A', taxNumber: 'T'.repeat(40) };
      const saved = await send(app, 'PUT', '/api/settings/legal', admin.token, longest);
      expect(saved.status).toBe(200);
      expect(await (await send(app, 'GET', '/api/settings/legal', admin.token)).json()).toEqual(
        longest,
      );
    });
  });
});
