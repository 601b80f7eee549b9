/**
 * What an uncached read costs in promises (decision 017). On Node 20 every promise a request
 * makes runs the async hooks that Better Auth's stores and ours keep on, so the count is the part
 * of the uncached path's CPU that changes with our code, and unlike a rate it does not depend on
 * the machine. A new middleware layer, a handler wrapped again or an extra await on every request
 * shows here as a budget exceeded.
 */
import { createHook } from 'node:async_hooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from './test/databases';
import { signUpWithToken } from './test/identity';
import { type TestApp, createTestApp } from './test/test-app';

/**
 * Promises per request, the median of 60 requests counted one by one: whatever else the process
 * does meanwhile (a timer's job, the pool opening a connection, the test runner) lands in a few
 * requests' counts, never in most.
 */
async function promisesPerRequest(ask: () => Promise<Response>, requests = 60): Promise<number> {
  let made = 0;
  const hook = createHook({
    init: (_id, type) => {
      if (type === 'PROMISE') made++;
    },
  });
  const counts: number[] = [];
  for (let request = 0; request < requests; request++) {
    made = 0;
    hook.enable();
    const answer = await ask();
    await answer.arrayBuffer();
    hook.disable();
    expect(answer.status).toBe(200);
    counts.push(made);
  }
  counts.sort((a, b) => a - b);
  return counts[Math.floor(requests / 2)]!;
}

/**
 * Measured on Node 20 on 2026-11-23 after decision 017, with no room: the counts do not vary from
 * run to run, and one more middleware layer adds 4. (Through the server, PostgreSQL, the same
 * reads made 126 and 132 before it, 84 and 86 after: an in-process request builds a `Request`
 * and reads a `Response` stream that the node-server adapter avoids. PGlite's driver makes more.)
 */
const budgets = {
  pglite: { catalogue: 238, myOrders: 238 },
  postgres: { catalogue: 100, myOrders: 102 },
};

/** The counts are V8's and Node's: budgeted on the Node the bench and CI run (20). */
const budgeted = process.versions.node.split('.')[0] === '20';

describeEachDatabase('promises per uncached read', (kind) => {
  let app: TestApp;
  let token: string;
  let email: string;
  beforeAll(async () => {
    app = await createTestApp(kind, { env: { CATALOGUE_CACHE_MS: 0, TOKEN_CACHE_MS: 0 } });
    ({ token, email } = await signUpWithToken(app));
  });
  afterAll(() => app.close());

  it.runIf(budgeted)('the catalogue, cache off', async () => {
    const count = await promisesPerRequest(() => app.uncheckedRequest('/api/tools'));
    console.log(`promises per uncached catalogue read [${kind}]: ${count}`);
    expect(count).toBeLessThanOrEqual(budgets[kind].catalogue);
  });

  it.runIf(budgeted)("a customer's My Orders, token cache off", async () => {
    const count = await promisesPerRequest(() =>
      app.uncheckedRequest(`/api/purchase?userEmail=${encodeURIComponent(email)}`, {
        headers: { Authorization: `Bearer ${token}` },
      }),
    );
    console.log(`promises per uncached My Orders read [${kind}]: ${count}`);
    expect(count).toBeLessThanOrEqual(budgets[kind].myOrders);
  });
});
