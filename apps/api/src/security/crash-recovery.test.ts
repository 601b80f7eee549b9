/**
 * Crash recovery (issue 8): the real server, started with `npm start` as a user would, takes
 * purchases from many clients, is killed with SIGKILL mid-load, and restarts. Every purchase
 * that got a 201 must be there once, and stock plus units sold must equal the starting stock.
 * Each purchase carries an Idempotency-Key (issue 13): a purchase the kill left unanswered is
 * retried after the restart with its key, and gives exactly one order, whether or not it was
 * committed before the kill.
 */
import type { Order, Tool } from '@shop/shared';
import { afterAll, expect, it } from 'vitest';
import { crashShop } from '../test/crash-shop';
import { describeEachDatabase } from '../test/databases';
import { DELIVERY } from '../test/shop';

const STARTING_STOCK = 100_000;
const CLIENTS = 16;
const cleanups: (() => Promise<void>)[] = [];
// Last made, first undone: the shop stops before its data folder is removed (a shop still
// running writes its outbox there while the folder is being removed: ENOTEMPTY).
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describeEachDatabase('a crash mid-load loses nothing', (kind) => {
  it('keeps every acknowledged purchase, once, and the stock adds up', async () => {
    const shop = await crashShop(kind, cleanups);
    const { base, call, account, adminToken } = shop;
    const purchaseWithKey = (token: string, key: string, body: unknown) =>
      fetch(`${base}/api/purchase`, {
        method: 'POST',
        headers: {
          Origin: base,
          Authorization: `Bearer ${token}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify(body),
      });
    const purchaseBody = (quantity: number) => ({
      toolId: tool._id,
      quantity,
      ...DELIVERY,
      address: 'Crash Lane 1',
    });

    const tool = (await (
      await call('POST', '/api/tools', adminToken, {
        name: 'Crash Test Fan',
        description: 'Bought under fire',
        minOrderQuantity: 1,
        availableQuantity: STARTING_STOCK,
        price: 3,
        img: '/images/tools/cooling-fan.svg',
      })
    ).json()) as Tool;
    const buyers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        account(`buyer${i}x${base.split(':').at(-1)}@example.com`),
      ),
    );

    // One purchase answered before the kill: its retry after the restart must answer it again.
    const answeredBefore = (await (
      await purchaseWithKey(buyers[0]!, 'before-the-kill', purchaseBody(1))
    ).json()) as Order;

    // Many clients buy until the server dies under them.
    const acknowledged: { id: string; quantity: number }[] = [
      { id: answeredBefore._id, quantity: 1 },
    ];
    const unanswered: { token: string; key: string; quantity: number }[] = [];
    let dead = false;
    const clients = buyers.map(async (token, index) => {
      let round = 0;
      while (!dead) {
        const quantity = ((index + round) % 3) + 1;
        const key = `client-${index}-round-${round++}`;
        try {
          const response = await purchaseWithKey(token, key, purchaseBody(quantity));
          if (response.status === 201)
            acknowledged.push({ id: ((await response.json()) as Order)._id, quantity });
        } catch {
          unanswered.push({ token, key, quantity });
          return; // the connection died with the server
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const killed = shop.kill9();
    dead = true;
    await Promise.all(clients);
    await killed;
    expect(acknowledged.length).toBeGreaterThan(10);

    await shop.start();
    // The client retries what got no answer, with the same key and purchase.
    const replayedBefore = await purchaseWithKey(buyers[0]!, 'before-the-kill', purchaseBody(1));
    expect(replayedBefore.status).toBe(201);
    expect(replayedBefore.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replayedBefore.json()) as Order)._id).toBe(answeredBefore._id);
    let committedUnanswered = 0;
    for (const { token, key, quantity } of unanswered) {
      const retried = await purchaseWithKey(token, key, purchaseBody(quantity));
      expect(retried.status).toBe(201);
      if (retried.headers.get('Idempotent-Replayed') === 'true') committedUnanswered += 1;
      acknowledged.push({ id: ((await retried.json()) as Order)._id, quantity });
    }
    const all = await shop.allOrders();
    // One order per key: none lost, none doubled by a retry.
    expect(all.length).toBe(acknowledged.length);
    const ids = all.map((order) => order._id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { id, quantity } of acknowledged) {
      expect(all.filter((order) => order._id === id).map((order) => order.quantity)).toEqual([
        quantity,
      ]);
    }
    const stock = ((await (await call('GET', `/api/tools/${tool._id}`)).json()) as Tool)
      .availableQuantity;
    const sold = all
      .filter((order) => order.toolId === tool._id)
      .reduce((sum, order) => sum + order.quantity, 0);
    expect(stock + sold).toBe(STARTING_STOCK);
    console.log(
      `crash recovery [${kind}]: ${acknowledged.length - unanswered.length} acknowledged, ` +
        `${unanswered.length} retried after the restart (${committedUnanswered} had been ` +
        `committed before the kill), ${all.length} found after restart`,
    );

    await shop.stop();
  }, 300_000);
});
