import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  receipt_email?: string;
}

export interface StoredRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface RecordedCreate {
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

const metadataOf = (params: URLSearchParams) => {
  const metadata: Record<string, string> = {};
  for (const [name, value] of params) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
};

const invalidRequest = (message: string, code?: string) => ({
  error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) },
});

/** Stripe cancels an intent only before it succeeded (or began processing). */
const cancellable = new Set([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'requires_capture',
]);

/**
 * A local stand-in for the Stripe endpoints we use, so the official SDK runs against it
 * (docs/architecture.md, Tests). It keeps intents and refunds in memory, honours idempotency keys as Stripe does,
 * and refuses what Stripe refuses: cancelling a succeeded intent, refunding one twice.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StoredIntent>();
  const byKey = new Map<string, string>();
  const creates: RecordedCreate[] = [];
  const refunds: StoredRefund[] = [];
  const refundByKey = new Map<string, StoredRefund>();
  /** Every refund request that reached the stand-in, replays included. */
  const refundRequests: RecordedCreate[] = [];
  let counter = 0;

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, {
          'Content-Type': 'application/json',
          'Request-Id': `req_${counter}`,
        });
        response.end(JSON.stringify(payload));
      };
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const params = new URLSearchParams(body);
        const key = request.headers['idempotency-key'] as string | undefined;
        creates.push({ idempotencyKey: key, params });
        const existing = key ? byKey.get(key) : undefined;
        if (existing) return send(200, intents.get(existing));
        counter += 1;
        const id = `pi_standin_${counter}`;
        const metadata = metadataOf(params);
        const intent: StoredIntent = {
          id,
          object: 'payment_intent',
          amount: Number(params.get('amount')),
          currency: params.get('currency') ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_standin`,
          metadata,
          receipt_email: params.get('receipt_email') ?? undefined,
        };
        intents.set(id, intent);
        if (key) byKey.set(key, id);
        return send(200, intent);
      }
      const cancel = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname);
      if (request.method === 'POST' && cancel?.[1]) {
        const intent = intents.get(decodeURIComponent(cancel[1]));
        if (!intent) return send(404, invalidRequest('No such payment_intent', 'resource_missing'));
        if (!cancellable.has(intent.status)) {
          return send(
            400,
            invalidRequest(
              `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              'payment_intent_unexpected_state',
            ),
          );
        }
        intent.status = 'canceled';
        return send(200, intent);
      }
      if (request.method === 'POST' && url.pathname === '/v1/refunds') {
        const params = new URLSearchParams(body);
        const key = request.headers['idempotency-key'] as string | undefined;
        refundRequests.push({ idempotencyKey: key, params });
        const replayed = key ? refundByKey.get(key) : undefined;
        if (replayed) return send(200, replayed);
        const intent = intents.get(params.get('payment_intent') ?? '');
        if (!intent) return send(404, invalidRequest('No such payment_intent', 'resource_missing'));
        if (intent.status !== 'succeeded') {
          return send(
            400,
            invalidRequest('This PaymentIntent has no successful charge to refund.'),
          );
        }
        const refunded = refunds
          .filter((refund) => refund.payment_intent === intent.id)
          .reduce((sum, refund) => sum + refund.amount, 0);
        const amount = Number(params.get('amount') ?? intent.amount - refunded);
        if (refunded + amount > intent.amount) {
          return send(
            400,
            invalidRequest(
              `Charge for ${intent.id} has already been refunded.`,
              'charge_already_refunded',
            ),
          );
        }
        counter += 1;
        const refund: StoredRefund = {
          id: `re_standin_${counter}`,
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: 'succeeded',
          metadata: metadataOf(params),
        };
        refunds.push(refund);
        if (key) refundByKey.set(key, refund);
        return send(200, refund);
      }
      if (request.method === 'GET' && url.pathname === '/v1/refunds') {
        const intentId = url.searchParams.get('payment_intent');
        const data = refunds.filter((refund) => !intentId || refund.payment_intent === intentId);
        return send(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
      }
      const match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (request.method === 'GET' && match?.[1]) {
        const intent = intents.get(decodeURIComponent(match[1]));
        if (intent) return send(200, intent);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: 'No such payment_intent',
          },
        });
      }
      send(404, {
        error: {
          type: 'invalid_request_error',
          message: `No stand-in for ${request.method} ${url.pathname}`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' as const },
    intents,
    creates,
    refunds,
    refundRequests,
    /** What Stripe does when the customer's card is confirmed; a cancelled intent cannot be. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      if (intent.status === 'canceled') throw new Error(`intent ${id} was cancelled`);
      intent.status = 'succeeded';
      return intent;
    },
    /** Stops answering at once, kept-alive connections included: Stripe out of reach. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
