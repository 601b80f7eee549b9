import { centsToDollars, destinationLine, formatOrderNumber } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import type { EmailRequest, Mail } from '../../mail/mail-queue';
import type { OrderEmailLine } from '../../mail/templates';
import { totalsOf } from './orders.presenter';

/** The kind of attachment an invoice is, drawn by the invoices module when sent (app.ts). */
export const INVOICE_ATTACHMENT = 'billing-document';

/** Order events turned into emails per transaction at most; the rest wait for the next sweep. */
const BATCH = 50;

export interface OrderEmailsOptions {
  mail: Pick<Mail, 'enqueue'>;
  /** The admins to alert of a paid order, in the caller's transaction; the users module keeps
   * the accounts (app.ts wires it). */
  users: { admins(executor: Kysely<Database>): Promise<{ email: string; name: string }[]> };
  /** PUBLIC_URL: the emails link to the order's pages there. */
  publicUrl: string;
}

/**
 * The order emails (issue 19). Every change of an order's status is in its history
 * (`order_events`, migration 0013), and those that send an email are marked there by the
 * database in the change's own transaction (`order_event_emails`, migration 0019): the
 * purchase, the checkout, a payment (through the API or the provider's webhook), a shipment, a
 * cancel by the buyer or an admin, an expiry. `queueDue` runs before each sweep of the mail
 * worker: in one transaction it takes marked events (`skip locked`, so processes share them),
 * queues their emails and deletes the marks, so each event's emails are queued exactly once
 * and sent by the queue, retried until they go. No request waits for any of it.
 *
 * Each email tells the order as it was at its event, though the worker reads it later: what the
 * emails show of an order (buyer, lines, total, address, pay-by) is written when it is placed and
 * its transaction id when it is paid, and neither changes after. Its status does: a "placed,
 * please pay" email is skipped when a later event of the order (its payment, its cancel) is
 * already recorded, as that event's own email tells the story.
 */
/** What an order was charged besides its lines, as its emails show it. */
function chargesOf(order: Parameters<typeof totalsOf>[0] & { shipping_method: string | null }) {
  const totals = totalsOf(order);
  return {
    subtotal: totals.subtotal,
    shippingMethod: order.shipping_method ?? '',
    shipping: totals.shipping,
    taxName: totals.taxName,
    taxRate: totals.taxRate,
    tax: totals.tax,
    pricesIncludeTax: totals.pricesIncludeTax,
  };
}

export function createOrderEmails(db: Kysely<Database>, options: OrderEmailsOptions) {
  const { mail, users, publicUrl } = options;
  const orderPage = (id: string) => `${publicUrl}/dashboard/orders/${id}`;

  async function queueDue(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const events = await trx
        .selectFrom('order_event_emails as mark')
        .innerJoin('order_events as event', 'event.id', 'mark.event_id')
        .innerJoin('orders', 'orders.id', 'event.order_id')
        .leftJoin('billing_documents as invoice', (join) =>
          join.onRef('invoice.order_id', '=', 'orders.id').on('invoice.kind', '=', 'invoice'),
        )
        .select([
          'invoice.id as invoice_id',
          'invoice.number as invoice_number',
          'mark.event_id',
          'event.at',
          'event.to_status',
          'event.actor_id',
          'orders.id',
          'orders.number',
          'orders.user_id',
          'orders.user_name',
          'orders.user_email',
          'orders.price_cents',
          'orders.transaction_id',
          'orders.address',
          'orders.pay_by',
          'orders.shipping_method',
          'orders.shipping_cents',
          'orders.tax_cents',
          'orders.tax_rate',
          'orders.tax_name',
          'orders.prices_include_tax',
          'orders.ship_country',
          'orders.ship_region',
          'orders.ship_city',
          'orders.ship_postal_code',
          'orders.carrier',
          'orders.tracking_number',
          'orders.tracking_url',
          sql<boolean>`exists (select 1 from order_events later
            where later.order_id = event.order_id and later.id > event.id)`.as('moved_on'),
        ])
        .orderBy('mark.event_id')
        .limit(BATCH)
        .forUpdate('mark')
        .skipLocked()
        .execute();
      if (events.length === 0) return 0;

      const orderIds = [...new Set(events.map((event) => event.id))];
      const lines = new Map<string, OrderEmailLine[]>();
      const lineRows = await trx
        .selectFrom('order_lines')
        .select(['order_id', 'tool_name', 'quantity', 'unit_price_cents', 'price_cents'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('position')
        .execute();
      for (const line of lineRows) {
        lines.set(line.order_id, [
          ...(lines.get(line.order_id) ?? []),
          {
            tool: line.tool_name,
            quantity: line.quantity,
            unitPrice: centsToDollars(line.unit_price_cents),
            price: centsToDollars(line.price_cents),
          },
        ]);
      }
      const admins = events.some((event) => event.to_status === 'paid')
        ? await users.admins(trx)
        : [];

      for (const event of events) {
        // A removed account hears nothing more (its orders stay for the shop's records).
        if (!event.user_id) continue;
        const order = {
          orderId: event.id,
          orderNumber: formatOrderNumber(event.number),
          name: event.user_name,
          lines: lines.get(event.id) ?? [],
          ...(event.shipping_method === null ? {} : { charges: chargesOf(event) }),
          total: centsToDollars(event.price_cents),
          url: orderPage(event.id),
        };
        const emails: EmailRequest[] = [];
        const to = event.user_email;
        switch (event.to_status) {
          case 'unpaid':
            if (event.moved_on) break;
            emails.push({
              to,
              template: 'order-placed',
              data: {
                ...order,
                url: `${publicUrl}/dashboard/payment/${event.id}`,
                payBy: (event.pay_by ?? event.at).toISOString(),
              },
            });
            break;
          case 'paid': {
            const transactionId = event.transaction_id ?? '';
            // The receipt carries the invoice, issued with the payment (invoices/invoice-issue.ts).
            emails.push({
              to,
              template: 'order-paid',
              data: {
                ...order,
                transactionId,
                ...(event.invoice_number ? { invoiceNumber: event.invoice_number } : {}),
              },
              ...(event.invoice_id
                ? { attachments: [{ kind: INVOICE_ATTACHMENT, ref: event.invoice_id }] }
                : {}),
            });
            for (const admin of admins) {
              emails.push({
                to: admin.email,
                template: 'order-paid-admin',
                data: {
                  ...order,
                  name: admin.name,
                  transactionId,
                  buyerName: event.user_name,
                  buyerEmail: event.user_email,
                },
              });
            }
            break;
          }
          case 'shipped':
            emails.push({
              to,
              template: 'order-shipped',
              data: {
                ...order,
                address:
                  event.ship_country === null
                    ? event.address
                    : `${event.address}, ${destinationLine({
                        city: event.ship_city ?? '',
                        region: event.ship_region,
                        postalCode: event.ship_postal_code,
                        country: event.ship_country,
                      })}`,
                ...(event.carrier !== null && {
                  shipment: {
                    carrier: event.carrier,
                    trackingNumber: event.tracking_number,
                    trackingUrl: event.tracking_url,
                  },
                }),
              },
            });
            break;
          case 'cancelled':
            emails.push({
              to,
              template: 'order-cancelled',
              data: {
                ...order,
                // Nobody named: the expiry (a removal's cancels have no buyer left, above).
                why:
                  event.actor_id === event.user_id ? 'buyer' : event.actor_id ? 'shop' : 'expired',
              },
            });
            break;
        }
        for (const email of emails) await mail.enqueue(email, trx);
      }
      await trx
        .deleteFrom('order_event_emails')
        .where(
          'event_id',
          'in',
          events.map((event) => event.event_id),
        )
        .execute();
      return events.length;
    });
  }

  return {
    /** Queues the emails of every marked order event, a batch per transaction. */
    async queueDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const queued = await queueDue();
        total += queued;
        if (queued < BATCH) return total;
      }
    },
  };
}

export type OrderEmails = ReturnType<typeof createOrderEmails>;
