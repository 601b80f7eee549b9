// The uncached path on PostgreSQL, which every authenticated read and every write takes:
// GET /api/tools with the catalogue cache off, and a customer's GET /api/purchase?userEmail=
// (My Orders) with the token cache off, against a bare node:http + pg server running the
// same SQL (lib/bare-pg-server.mjs), in alternating rounds; both also through Hono and Kysely
// alone (lib/stack-floor-server.mjs), the floor of the stack, with the CPU microseconds each
// server spends per request: steadier than requests per second on 2 shared cores, since
// PostgreSQL and the load generator compete for them. And the shop with WORKERS=2
// against one process, with the CPU seconds of the shop and of PostgreSQL during the load.
import path from 'node:path';
import { postmasterPid, treeCpuSeconds } from './lib/cpu.mjs';
import { assertClean, best, load } from './lib/load.mjs';
import {
  BENCH_DELIVERY,
  startBarePgServer,
  startShop,
  startStackFloorServer,
} from './lib/shop.mjs';
import { call, signUp } from './lib/users.mjs';

const ORDERS_PER_CUSTOMER = 5;
/** Every request takes the whole path: nothing is remembered between requests. */
const UNCACHED = { CATALOGUE_CACHE_MS: '0', TOKEN_CACHE_MS: '0' };

/** A customer with a few orders, made through the shop's API. */
async function customerWithOrders(url) {
  const customer = await signUp(url, 'uncached-reader@example.com', 'Uncached Reader');
  const tools = (await call(url, 'GET', '/api/tools')).json;
  for (let i = 0; i < ORDERS_PER_CUSTOMER; i++) {
    const tool = tools[i % tools.length];
    await call(url, 'POST', '/api/purchase', customer.token, {
      toolId: tool._id,
      quantity: tool.minOrderQuantity,
      ...BENCH_DELIVERY,
    });
  }
  return customer;
}

const get = async (url, token) => {
  const response = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
};

export async function measureUncached({
  databaseUrl,
  dir,
  seconds = 5,
  connections = 20,
  rounds = 2,
}) {
  const shop = await startShop({
    databaseUrl,
    logFile: path.join(dir, 'uncached-shop.log'),
    env: UNCACHED,
  });
  const bare = await startBarePgServer({ databaseUrl, logFile: path.join(dir, 'bare-pg.log') });
  const floor = await startStackFloorServer({
    databaseUrl,
    logFile: path.join(dir, 'stack-floor.log'),
  });
  try {
    const customer = await customerWithOrders(shop.url);
    const myOrders = `/api/purchase?userEmail=${encodeURIComponent(customer.email)}`;
    // Both answer the same JSON, so both did the same work.
    for (const [label, route, token] of [
      ['GET /api/tools', '/api/tools', undefined],
      ['My Orders', myOrders, customer.token],
    ]) {
      if ((await get(`${shop.url}${route}`, token)) !== (await get(`${bare.url}${route}`, token))) {
        throw new Error(`${label}: the bare server does not answer what the shop answers`);
      }
    }
    for (const [route, token] of [
      ['/api/tools', undefined],
      [myOrders, customer.token],
    ]) {
      if (
        (await get(`${floor.url}${route}`, token)) !== (await get(`${shop.url}${route}`, token))
      ) {
        throw new Error(`${route}: the stack floor server does not answer what the shop answers`);
      }
    }
    const options = (url, route, token) => ({
      url: `${url}${route}`,
      connections,
      duration: seconds,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    // Rounds alternate between the servers, so noise hits each alike.
    const measure = async (route, token, servers) => {
      const runs = Object.fromEntries(Object.keys(servers).map((name) => [name, []]));
      for (const server of Object.values(servers)) {
        await load({ ...options(server.url, route, token), duration: 1 });
      }
      for (let round = 0; round < rounds; round++) {
        for (const [name, server] of Object.entries(servers)) {
          const cpuBefore = treeCpuSeconds(server.pid);
          const run = await load(options(server.url, route, token));
          const cpuSeconds = treeCpuSeconds(server.pid) - cpuBefore;
          runs[name].push({ ...run, cpuUsPerRequest: (cpuSeconds * 1e6) / run.requests });
        }
      }
      return Object.fromEntries(
        Object.entries(runs).map(([name, list]) => {
          list.forEach((run) => assertClean(`${name} ${route}`, run));
          // The least CPU of the rounds: noise only ever adds to it.
          const cpuUsPerRequest = Math.min(...list.map((run) => run.cpuUsPerRequest));
          return [name, { ...best(list), cpuUsPerRequest }];
        }),
      );
    };
    const catalogue = await measure('/api/tools', undefined, {
      ours: shop,
      reference: bare,
      floor,
    });
    return {
      catalogue,
      stackFloor: { ours: catalogue.floor, reference: catalogue.reference },
      myOrders: await measure(myOrders, customer.token, { ours: shop, reference: bare, floor }),
    };
  } finally {
    await floor.stop();
    await bare.stop();
    await shop.stop();
  }
}

/**
 * Uncached GET /api/tools on one shop process and on WORKERS=2, each with the CPU seconds
 * the shop (all its processes) and PostgreSQL (all its backends) used during the load.
 */
export async function measureWorkers({
  databaseUrl,
  openDirect,
  dir,
  seconds = 5,
  connections = 20,
}) {
  const direct = await openDirect();
  let postgres;
  try {
    postgres = await postmasterPid(direct.query);
  } finally {
    await direct.close();
  }
  const results = {};
  for (const workers of [1, 2]) {
    const shop = await startShop({
      databaseUrl,
      logFile: path.join(dir, `workers-${workers}.log`),
      env: { ...UNCACHED, WORKERS: String(workers) },
    });
    try {
      const options = { url: `${shop.url}/api/tools`, connections, duration: seconds };
      await load({ ...options, duration: 1 });
      const shopBefore = treeCpuSeconds(shop.pid);
      const postgresBefore = treeCpuSeconds(postgres);
      const run = await load(options);
      assertClean(`WORKERS=${workers} GET /api/tools`, run);
      results[workers] = {
        ...run,
        shopCpu: treeCpuSeconds(shop.pid) - shopBefore,
        postgresCpu: treeCpuSeconds(postgres) - postgresBefore,
      };
    } finally {
      await shop.stop();
    }
  }
  return results;
}
