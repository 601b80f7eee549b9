// The back office at a million orders (issue 18): `npm run bench -- --only backoffice`.
// Fills a database with `npm run seed:scale` (1,000,000 orders, 100,000 users, 10,000 tools;
// minutes on PostgreSQL, longer on PGlite), then, against the shop started as production runs
// it, the p99 of each list's first, filtered and deep pages, of the sales dashboard, the query
// plans PostgreSQL chose (auto_explain), and the shop's memory while it streams the CSV export
// of every order. Not in CI's bench: the seeding alone outlasts the rest of the bench.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { load } from './lib/load.mjs';
import { BENCH_ADMIN_EMAIL, root, rssKb } from './lib/shop.mjs';
import { signUp } from './lib/users.mjs';

export const SCALE = { orders: 1_000_000, users: 100_000, tools: 10_000 };
/** Requests per line: the p99 of 200 is their second slowest. */
const REQUESTS = 200;
/** The orders a customer is given for My Orders' pages. */
const CUSTOMER_ORDERS = 200;
/** That customer: the buyer an admin looks for, by the email a message from them gives. */
const BUYER = 'backoffice-buyer@example.com';

/**
 * The requests measured, by list. Deep pages start 100,000 orders, 50,000 users and 5,000
 * tools in: page 5,000, 2,500 and 250 of 20.
 */
export const LISTS = {
  'Manage All Orders': [
    ['first page', '/api/allPurchase'],
    ['status paid', '/api/allPurchase?status=paid'],
    ['a buyer searched by email', `/api/allPurchase?search=${encodeURIComponent(BUYER)}`],
    ['a buyer searched by name', '/api/allPurchase?search=Backoffice%20Buy'],
    ['placed in one month', '/api/allPurchase?from=2026-06-01&to=2026-06-30'],
    ['page 5,000', '/api/allPurchase?page=5000'],
    ['status paid, page 5,000', '/api/allPurchase?status=paid&page=5000'],
  ],
  'All Users': [
    ['first page', '/api/user'],
    ['role admin', '/api/user?role=admin'],
    ['searched by email', `/api/user?search=${encodeURIComponent(BUYER)}`],
    ['page 2,500', '/api/user?page=2500'],
  ],
  'Manage Tools': [
    ['first page', '/api/tools?limit=20'],
    ['searched', '/api/tools?search=battery%20dell&limit=20'],
    ['retired', '/api/tools?retired=true&limit=20'],
    ['page 250', '/api/tools?page=250&limit=20'],
  ],
  'My Orders': [
    ['first page', 'MY_ORDERS'],
    ['page 10', 'MY_ORDERS&page=10'],
  ],
  'Sales dashboard': [['every figure', '/api/reports/sales']],
};

/** Adds `SCALE` to the database of `env` (DATA_DIR or DATABASE_URL); answers the seconds taken. */
export function seedAtScale(env) {
  const started = performance.now();
  const result = spawnSync(
    'npm',
    [
      'run',
      'seed:scale',
      '--',
      '--orders',
      String(SCALE.orders),
      '--users',
      String(SCALE.users),
      '--tools',
      String(SCALE.tools),
    ],
    { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`seed:scale failed: ${result.stderr || result.stdout}`);
  return (performance.now() - started) / 1000;
}

/**
 * The admin and the customer the requests are made as: signed up through the shop, then the
 * admin promoted and 200 paid orders given to the customer directly (`openDirect`), as
 * `npm run make-admin` would; on PGlite between `pauseShop` and `resumeShop` (its folder lock).
 */
async function accounts({ url, openDirect, pauseShop, resumeShop }) {
  const admin = await signUp(url, BENCH_ADMIN_EMAIL, 'bench admin');
  const customer = await signUp(url, BUYER, 'Backoffice Buyer');
  if (pauseShop) await pauseShop();
  const direct = await openDirect();
  try {
    await direct.query(`update users set role = 'admin' where email = $1`, [BENCH_ADMIN_EMAIL]);
    await direct.query(
      `update orders set user_id = buyer.id, user_email = buyer.email, user_name = buyer.name
       from users buyer
       where buyer.email = $1 and orders.id in (
         select id from orders where status = 'paid' order by created_at limit $2)`,
      [customer.email, CUSTOMER_ORDERS],
    );
  } finally {
    await direct.close();
  }
  return { admin, customer, shop: pauseShop ? await resumeShop() : undefined };
}

/** p99 and p50 of `REQUESTS` GETs, one at a time, after a warm-up; throws on any non-2xx. */
async function latency(url, token) {
  const options = { url, connections: 1, headers: { Authorization: `Bearer ${token}` } };
  await load({ ...options, amount: 20 });
  const run = await load({ ...options, amount: REQUESTS });
  if (run.errors > 0 || run.non2xx > 0) {
    const sample = await fetch(url, { headers: options.headers });
    throw new Error(
      `${url}: ${run.non2xx} non-2xx answers (${JSON.stringify(run.statusCodes)}) and ${run.errors} errors; now ${sample.status} ${(await sample.text()).slice(0, 200)}`,
    );
  }
  return { p50: run.p50, p99: run.p99 };
}

/** Streams an export to the end; answers its data rows and seconds. */
async function download(url, token) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`export: ${response.status}`);
  const decoder = new TextDecoder();
  let lines = 0;
  for await (const chunk of response.body) {
    // Line breaks inside quoted cells are rare in seeded rows; close enough for a count.
    lines += decoder.decode(chunk, { stream: true }).split('\n').length - 1;
  }
  return { rows: lines - 1, seconds: (performance.now() - started) / 1000 };
}

/**
 * The shop's RSS while it streams the CSV export of every order, sampled every 100 ms: the
 * growth of its peak over the RSS before. Twice: the first export after the lists' requests
 * (the target), and a second one, which shows whether anything stayed (on PGlite the first
 * also fills the embedded database's buffer pool, 128 MB at most).
 */
async function exportMemory({ url, pid, token }) {
  const measure = async () => {
    const before = rssKb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 100);
    try {
      const exported = await download(`${url}/api/orders/export`, token);
      return { ...exported, growthKb: peak - before, beforeKb: before };
    } finally {
      clearInterval(sampler);
    }
  };
  const first = await measure();
  return { ...first, second: await measure() };
}

/**
 * Measures every line of `LISTS` and the export on a shop already on a seeded database.
 * `shop` is running; see `accounts` for the other callbacks.
 */
export async function measureBackoffice({ shop, openDirect, pauseShop, resumeShop }) {
  const prepared = await accounts({ url: shop.url, openDirect, pauseShop, resumeShop });
  const { admin, customer } = prepared;
  const current = prepared.shop ?? shop;
  const { url } = current;
  const myOrders = `/api/purchase?userEmail=${encodeURIComponent(customer.email)}`;
  const lines = [];
  for (const [list, requests] of Object.entries(LISTS)) {
    for (const [label, path] of requests) {
      const isMine = path.startsWith('MY_ORDERS');
      const target = isMine ? path.replace('MY_ORDERS', myOrders) : path;
      const figures = await latency(`${url}${target}`, isMine ? customer.token : admin.token);
      lines.push({ list, label, path: target, ...figures });
    }
  }
  const csv = await exportMemory({ url, pid: current.pid, token: admin.token });
  return { lines, csv, admin, customer };
}

/**
 * The plans PostgreSQL chose for every request of `LISTS`, logged by auto_explain while a
 * shop made them once (`session_preload_libraries` on the database, so only that shop's
 * connections load it). Answers the plans' text and the tables read by a sequential scan.
 */
export async function capturePlans({ databaseUrl, serverLog, startShop, admin, customer }) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const settings = `alter database ${name} set session_preload_libraries = 'auto_explain';
    alter database ${name} set auto_explain.log_min_duration = 0;`;
  const reset = `alter database ${name} reset session_preload_libraries;
    alter database ${name} reset auto_explain.log_min_duration;`;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(settings);
  const from = fs.statSync(serverLog).size;
  const shop = await startShop();
  try {
    const myOrders = `/api/purchase?userEmail=${encodeURIComponent(customer.email)}`;
    for (const requests of Object.values(LISTS)) {
      for (const [, path] of requests) {
        const isMine = path.startsWith('MY_ORDERS');
        const target = isMine ? path.replace('MY_ORDERS', myOrders) : path;
        const token = isMine ? customer.token : admin.token;
        const response = await fetch(`${shop.url}${target}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        if (!response.ok) throw new Error(`${target}: ${response.status}`);
      }
    }
  } finally {
    await shop.stop();
    await client.query(reset);
    await client.end();
  }
  const log = fs.readFileSync(serverLog, 'utf8').slice(from);
  // Each entry: "LOG:  duration: X ms  plan:\n\tQuery Text: ...\n\t<plan lines>".
  const plans = log
    .split(/\n(?=\S.*LOG: {2}duration: )/)
    .filter((entry) => /LOG: {2}duration: .* plan:/.test(entry))
    .filter((entry) => /from "?(orders|users|tools|order_status_counts)"?/i.test(entry));
  // The tables that grow with the shop; order_status_counts stays a few rows (migration 0017).
  const sequential = new Set();
  for (const plan of plans) {
    for (const match of plan.matchAll(/Seq Scan on (orders|order_lines|users|tools)\b/g)) {
      sequential.add(match[1]);
    }
  }
  return { plans, sequential: [...sequential] };
}
