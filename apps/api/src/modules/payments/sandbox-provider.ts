import { randomBytes } from 'node:crypto';
import type { SandboxCardPayment } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { CURRENCY, type PaymentIntentInfo, type PaymentProvider } from './payment-provider';

const randomId = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's test cards that succeed; the others below fail as Stripe's would. */
const succeeding = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '378282246310005',
]);
const failing: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { code: 'card_declined', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};

const cardError = (code: string, message: string) =>
  new AppError('CARD_ERROR', message, { card: [code] });

/** Checks a card the way Stripe's test mode does; throws the card error Stripe would show. */
export function checkTestCard(card: SandboxCardPayment['card'], now = new Date()): void {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw cardError('incorrect_number', 'Your card number is invalid.');
  }
  const expiryEnd = new Date(
    Date.UTC(card.expYear < 100 ? 2000 + card.expYear : card.expYear, card.expMonth, 1),
  );
  if (expiryEnd <= now)
    throw cardError('invalid_expiry_year', "Your card's expiration date is in the past.");
  const cvcLength = digits.startsWith('3') ? 4 : 3;
  if (card.cvc.length < cvcLength)
    throw cardError('incomplete_cvc', "Your card's security code is incomplete.");
  const failure = failing[digits];
  if (failure) throw cardError(failure.code, failure.message);
  if (!succeeding.has(digits)) {
    throw cardError(
      'card_declined',
      'Your card was declined. Your request was in test mode, but used a non test card.',
    );
  }
}

/**
 * Why a card cannot be confirmed: the order is no longer open, or else its intent was cancelled,
 * the one other state a test-mode intent leaves `requires_payment_method` for besides
 * `succeeded`, which is answered before (issue 13).
 */
function closedPayment(orderStatus: string | undefined): AppError {
  if (orderStatus === 'cancelled') {
    return new AppError('ORDER_CANCELLED', 'This order was cancelled, so it can no longer be paid');
  }
  if (orderStatus === 'paid' || orderStatus === 'shipped') {
    return new AppError('ALREADY_PAID', 'This order is already paid');
  }
  return new AppError(
    'CONFLICT',
    'This payment was cancelled. Open the payment page again to pay.',
  );
}

/**
 * The default provider, "Test mode": intents live in our database and cards follow Stripe's
 * test cards, so the whole payment path runs without keys or network.
 */
export function createSandboxProvider(db: Kysely<Database>) {
  async function retrieveIntent(id: string): Promise<PaymentIntentInfo | undefined> {
    const row = await db
      .selectFrom('sandbox_payment_intents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        status: row.status,
        amountCents: row.amount_cents,
        currency: CURRENCY,
        orderId: row.order_id,
      }
    );
  }

  // Test mode stands in for the card network and reads the order's status itself: a card is
  // confirmed only while its order is unpaid, in the same statement (the orders module's
  // table, read here and nowhere else in payments).
  const withOrderStatus = () =>
    db
      .selectFrom('sandbox_payment_intents as intent')
      .leftJoin('orders', 'orders.id', 'intent.order_id')
      .selectAll('intent')
      .select('orders.status as order_status');

  return {
    name: 'sandbox' as const,

    async createIntent({ orderId, amountCents }) {
      // Like Stripe's idempotency key: the same order and amount reuse the open intent.
      const open = await db
        .selectFrom('sandbox_payment_intents')
        .select(['id', 'client_secret'])
        .where('order_id', '=', orderId)
        .where('amount_cents', '=', amountCents)
        .where('status', '=', 'requires_payment_method')
        .executeTakeFirst();
      if (open) return { intentId: open.id, clientSecret: open.client_secret };
      const id = `pi_sandbox_${randomId(18)}`;
      const clientSecret = `${id}_secret_${randomId(24)}`;
      await db
        .insertInto('sandbox_payment_intents')
        .values({ id, client_secret: clientSecret, order_id: orderId, amount_cents: amountCents })
        .execute();
      return { intentId: id, clientSecret };
    },

    retrieveIntent,

    async cancelIntent(id) {
      await db
        .updateTable('sandbox_payment_intents')
        .set({ status: 'canceled' })
        .where('id', '=', id)
        .where('status', '=', 'requires_payment_method')
        .execute();
      return retrieveIntent(id);
    },

    /**
     * Test mode refunds itself, as Stripe does: one refund per key, several per intent, never
     * more in all than the intent took.
     */
    async refund(intentId, amountCents, reason, key = intentId) {
      const given = db
        .selectFrom('sandbox_refunds')
        .select(sql<number>`coalesce(sum(amount_cents), 0)::integer`.as('given'))
        .where('intent_id', '=', intentId);
      await db
        .insertInto('sandbox_refunds')
        .columns(['id', 'key', 'intent_id', 'amount_cents', 'reason'])
        .expression((eb) =>
          eb
            .selectFrom('sandbox_payment_intents')
            .select([
              sql<string>`${`re_sandbox_${randomId(18)}`}::text`.as('id'),
              sql<string>`${key}::text`.as('key'),
              'id as intent_id',
              sql<number>`${amountCents}::integer`.as('amount_cents'),
              sql<string>`${reason}::text`.as('reason'),
            ])
            .where('id', '=', intentId)
            .where('status', '=', 'succeeded')
            .where(sql<boolean>`amount_cents >= ${amountCents} + (${given})`),
        )
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      const refund = await db
        .selectFrom('sandbox_refunds')
        .select('id')
        .where('key', '=', key)
        .executeTakeFirst();
      if (refund) return refund.id;
      const intent = await db
        .selectFrom('sandbox_payment_intents')
        .select('status')
        .where('id', '=', intentId)
        .executeTakeFirst();
      throw new Error(
        intent?.status === 'succeeded'
          ? `Test mode cannot refund ${amountCents} cents of ${intentId}: more than is left of it`
          : `Test mode cannot refund ${intentId}: it has not succeeded`,
      );
    },

    /**
     * The browser's "confirm card payment": the card is checked here, never trusted. The card
     * succeeds only while the intent is open and its order unpaid, in one statement, so a cancel
     * racing it either finds the payment made or stops it (issue 13).
     */
    async confirmCard(
      payment: SandboxCardPayment,
      ownerOrderIds: (orderId: string) => Promise<boolean>,
    ) {
      const intent = await withOrderStatus()
        .where('intent.client_secret', '=', payment.clientSecret)
        .executeTakeFirst();
      if (!intent || !(await ownerOrderIds(intent.order_id))) {
        throw new AppError('NOT_FOUND', 'Payment not found');
      }
      if (intent.status === 'succeeded') return { id: intent.id, status: intent.status };
      if (intent.status !== 'requires_payment_method' || intent.order_status !== 'unpaid') {
        throw closedPayment(intent.order_status ?? undefined);
      }
      checkTestCard(payment.card);
      const confirmed = await db
        .updateTable('sandbox_payment_intents')
        .set({ status: 'succeeded' })
        .where('id', '=', intent.id)
        .where('status', '=', 'requires_payment_method')
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('orders')
              .select('orders.id')
              .whereRef('orders.id', '=', 'sandbox_payment_intents.order_id')
              .where('orders.status', '=', 'unpaid'),
          ),
        )
        .returning('id')
        .executeTakeFirst();
      if (!confirmed) {
        const now = await withOrderStatus().where('intent.id', '=', intent.id).executeTakeFirst();
        // The same card confirmed twice at once: the other request made the payment.
        if (now?.status === 'succeeded') return { id: intent.id, status: 'succeeded' as const };
        throw closedPayment(now?.order_status ?? undefined);
      }
      return { id: intent.id, status: 'succeeded' as const };
    },
  } satisfies PaymentProvider & Record<string, unknown>;
}

export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
