/**
 * Safe by default (issue 31): the shop started exactly as the README says (`npm start`, a port
 * and a data folder, nothing else) is what a merchant puts on the internet. A stranger who asks
 * for a victim's password reset cannot read the link: no route shows the outbox, and the log
 * names the email's file, never its link. A newcomer still signs up, buys and pays in test mode.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Order, Tool } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, groupGone, httpClient, killGroup, startWithNpm } from '../test/processes';
import { card, DELIVERY } from '../test/shop';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-default-start-'));
let shop: Awaited<ReturnType<typeof startWithNpm>>;
let base: string;
/** The address the README tells the newcomer to open: the page's origin in their browser. */
let readmeAddress: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  readmeAddress = `http://localhost:${port}`;
  // Only what a shell has, a port and a data folder: no NODE_ENV, no secret, no SMTP.
  shop = await startWithNpm({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    DATA_DIR: dataDir,
  });
}, 240_000);

afterAll(async () => {
  if (shop) {
    killGroup(shop.child, 'SIGTERM');
    await groupGone(shop.child);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The outbox folder's emails to `email` (what the operator can read on the server). */
const emailsOnDiskTo = (email: string) => {
  const folder = path.join(dataDir, 'outbox');
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as OutboxFile)
    .filter((summary) => summary.to === email);
};
interface OutboxFile {
  to: string;
  subject: string;
  links: string[];
  file: string;
}

async function waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`waited 20 s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the shop as `npm start` runs it with no settings', () => {
  it('says in its log that emails are not sent until SMTP_URL is set', async () => {
    const warning = 'SMTP_URL is not set: emails are not sent but written to';
    await waitFor('the warning in the log', () =>
      shop.output().includes(warning) ? true : undefined,
    );
    expect(shop.output()).toContain(
      'Customers cannot receive password reset or verification links until SMTP_URL is set.',
    );
  });

  it("lets no stranger read a victim's reset link: the takeover stops there", async () => {
    const { call, account } = httpClient(base, readmeAddress);
    const victim = `victim${Date.now()}@example.com`;
    await account(victim);

    // The stranger asks for the victim's reset; the shop writes the email (no SMTP).
    expect(
      (await call('POST', '/api/auth/request-password-reset', undefined, { email: victim })).status,
    ).toBe(200);
    const reset = await waitFor('the reset email in the outbox folder', () =>
      emailsOnDiskTo(victim).find((email) =>
        email.links.some((link) => link.includes('/reset-password?token=')),
      ),
    );
    const link = reset.links.find((candidate) => candidate.includes('token='))!;
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(10);

    // ...but no page or route hands it out, not even to a request from this very machine.
    for (const route of ['/api/dev/outbox', '/dev/outbox']) {
      const response = await fetch(`${base}${route}`);
      const body = await response.text();
      expect(body, route).not.toContain(victim);
      expect(body, route).not.toContain(token);
      expect(body, route).not.toContain('token=');
    }
    expect((await fetch(`${base}/api/dev/outbox`)).status).toBe(404);

    // The log names the email's file, never its link or token (nor, on that line, its address).
    await waitFor('the outbox line in the log', () =>
      shop.output().includes(reset.file) ? true : undefined,
    );
    expect(shop.output()).not.toContain(token);
    expect(shop.output()).not.toContain('reset-password?token');
    const outboxLine = shop
      .output()
      .split('\n')
      .find((line) => line.includes(reset.file))!;
    expect(outboxLine).toContain('email written to the outbox');
    expect(outboxLine).not.toContain(victim);

    // The victim's own password still works.
    const signIn = await call('POST', '/api/auth/sign-in/email', undefined, {
      email: victim,
      password: 'secret123',
    });
    expect(signIn.status).toBe(200);
  });

  it('still lets a newcomer sign up, buy a demo tool and pay in test mode', async () => {
    const { call, account } = httpClient(base, readmeAddress);
    const buyer = `newcomer${Date.now()}@example.com`;
    const token = await account(buyer);
    const tools = (await (await call('GET', '/api/tools?limit=100')).json()) as Tool[];
    const tool = tools.find(
      (candidate) => candidate.availableQuantity >= candidate.minOrderQuantity,
    )!;
    const placed = await call('POST', '/api/purchase', token, {
      toolId: tool._id,
      quantity: tool.minOrderQuantity,
      ...DELIVERY,
      address: '1 First Start Street',
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;

    const intent = await call('POST', '/api/create-payment-intent', token, { orderId: order._id });
    expect(intent.status).toBe(200);
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const confirmed = await call('POST', '/api/sandbox/confirm', token, {
      clientSecret,
      card: card('4242 4242 4242 4242'),
      billingName: 'New Comer',
      billingEmail: buyer,
    });
    expect(confirmed.status).toBe(200);
    const { id } = (await confirmed.json()) as { id: string };
    const paid = await call('PATCH', `/api/purchase/${order._id}`, token, { transactionId: id });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as Order).status).toBe('paid');
  });
});
