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

export interface RecordedCreate {
  idempotencyKey: string | undefined;
  params: URLSearchParams;
}

/**
 * A local stand-in for the two Stripe endpoints we use, so the official SDK runs against it
 * (DESIGN.md). It keeps intents in memory and honours idempotency keys as Stripe does.
 */
export async function startStripeStandIn() {
  const intents = new Map<string, StoredIntent>();
  const byKey = new Map<string, string>();
  const creates: RecordedCreate[] = [];
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
        const metadata: Record<string, string> = {};
        for (const [name, value] of params) {
          const match = /^metadata\[(.+)\]$/.exec(name);
          if (match?.[1]) metadata[match[1]] = value;
        }
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
    /** What Stripe does when the customer's card is confirmed. */
    succeed(id: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = 'succeeded';
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
