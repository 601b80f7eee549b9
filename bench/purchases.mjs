// Purchases: POST /api/purchase from 50 signed-in customers at once, against the transaction
// the issue names (conditional stock decrement, then the order row) run directly on the same
// database by 50 concurrent loops, in alternating rounds. The shop does the same work in one
// statement (orders.placement.ts).
//
// Since issue 13 a purchase also enforces MAX_UNPAID_ORDERS: it locks the buyer's row and
// checks their count of unpaid orders (kept by a trigger on orders, which fires for the raw
// INSERT too). The reference does the same, as a first statement, so both sides pay for the
// same rules; the shop is started with a limit no buyer here reaches (lib/shop.mjs).
// Since issue 17 every order also has its lines (order_lines): the reference writes the one line
// of its order too.
import { assertClean, best, load, loop } from './lib/load.mjs';
import { BENCH_ADMIN_EMAIL, BENCH_DELIVERY } from './lib/shop.mjs';
import { call, signUp, signUpUsers } from './lib/users.mjs';

// The reference writes the phone as the shop stores it (E.164) and the same street.
const PHONE = '+15035550100';
const ADDRESS = BENCH_DELIVERY.address;
const STOCK = 1_000_000;

const MAX_UNPAID_ORDERS = 1_000_000;
const LOCK_BUYER = `select id from users where id = $1 and unpaid_orders < $2 for no key update`;
const TAKE_STOCK = `update tools set available_quantity = available_quantity - $1
  where id = $2 and retired_at is null and min_order_quantity <= $1 and available_quantity >= $1
  returning name, img, price_cents, available_quantity`;
const INSERT_ORDER = `insert into orders (tool_id, tool_name, tool_img, user_id, user_name,
    user_email, phone, address, quantity, unit_price_cents, price_cents, available_after, needed_by,
    pay_by)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, null, now() + interval '60 minutes')
  returning *, needed_by::text as needed_by`;
const INSERT_LINE = `insert into order_lines (order_id, position, tool_id, tool_name, tool_img,
    quantity, unit_price_cents, price_cents, available_after)
  values ($1, 0, $2, $3, $4, $5, $6, $7, $8)`;

/** The reference: the purchase transaction with nothing around it. */
async function rawPurchases({ db, tool, buyers, workers, seconds }) {
  await db.query('update tools set available_quantity = $1 where id = $2', [STOCK, tool._id]);
  const quantity = tool.minOrderQuantity;
  return loop({
    workers,
    durationMs: seconds * 1000,
    task: (worker) =>
      db.transaction(async (query) => {
        const buyer = buyers[worker % buyers.length];
        const [held] = await query(LOCK_BUYER, [buyer.id, MAX_UNPAID_ORDERS]);
        if (!held) throw new Error('raw purchase: too many unpaid orders');
        const [taken] = await query(TAKE_STOCK, [quantity, tool._id]);
        if (!taken) throw new Error('raw purchase: no stock taken');
        const [placed] = await query(INSERT_ORDER, [
          tool._id,
          taken.name,
          taken.img,
          buyer.id,
          buyer.name,
          buyer.email,
          PHONE,
          ADDRESS,
          quantity,
          taken.price_cents,
          taken.price_cents * quantity,
          taken.available_quantity,
        ]);
        await query(INSERT_LINE, [
          placed.id,
          tool._id,
          taken.name,
          taken.img,
          quantity,
          taken.price_cents,
          taken.price_cents * quantity,
          taken.available_quantity,
        ]);
      }),
  });
}

/** 50 customers buying at once through the API, each on its own connection and token. */
async function shopPurchases({ url, admin, tool, users, connections, seconds }) {
  await call(url, 'PATCH', `/api/tools/${tool._id}`, admin.token, { availableQuantity: STOCK });
  let next = 0;
  const run = await load({
    url: `${url}/api/purchase`,
    connections,
    duration: seconds,
    method: 'POST',
    body: JSON.stringify({
      toolId: tool._id,
      quantity: tool.minOrderQuantity,
      ...BENCH_DELIVERY,
    }),
    setupClient: (client) => {
      const user = users[next++ % users.length];
      client.setHeaders({
        'content-type': 'application/json',
        authorization: `Bearer ${user.token}`,
      });
    },
  });
  assertClean('POST /api/purchase', run);
  return run;
}

/**
 * `shop` is running on a database (PGlite folder or PostgreSQL); `openDirect()` opens that
 * database directly; `pauseShop()` / `resumeShop()` stop and start the shop around the raw
 * rounds and the admin's promotion when both cannot hold the database at once (PGlite's
 * folder lock).
 */
export async function measurePurchases({
  shop,
  openDirect,
  pauseShop,
  resumeShop,
  clients = 50,
  rounds = 2,
  seconds = 5,
}) {
  let url = shop.url;
  const admin = await signUp(url, BENCH_ADMIN_EMAIL, 'bench admin');
  // A password sign-up of ADMIN_EMAIL stays a customer: the bench owns the database and
  // promotes the account there, as `npm run make-admin` does (PGlite: while the shop is stopped).
  if (pauseShop) await pauseShop();
  const direct = await openDirect();
  try {
    await direct.query(`update users set role = 'admin' where email = $1`, [BENCH_ADMIN_EMAIL]);
  } finally {
    await direct.close();
  }
  if (pauseShop) url = (await resumeShop()).url;
  const users = await signUpUsers(url, clients, { prefix: 'bench-buyer' });
  const { json: tools } = await call(url, 'GET', '/api/tools');
  const tool = tools[0];

  // Warm up, then alternate so the machine's noise falls on both alike.
  await shopPurchases({ url, admin, tool, users, connections: clients, seconds: 1 });
  const ours = [];
  const reference = [];
  for (let round = 0; round < rounds; round++) {
    ours.push(await shopPurchases({ url, admin, tool, users, connections: clients, seconds }));
    if (pauseShop) await pauseShop();
    const db = await openDirect();
    try {
      const buyers = await db.query(
        `select id, name, email from users where email like 'bench-buyer-%' order by email`,
      );
      if (round === 0) await rawPurchases({ db, tool, buyers, workers: clients, seconds: 1 });
      reference.push(await rawPurchases({ db, tool, buyers, workers: clients, seconds }));
    } finally {
      await db.close();
    }
    if (resumeShop) {
      url = (await resumeShop()).url;
      // A restarted shop is cold (JIT, database cache): warmed up as before the first round.
      if (round + 1 < rounds) {
        await shopPurchases({ url, admin, tool, users, connections: clients, seconds: 1 });
      }
    }
  }
  return { ours: best(ours), reference: best(reference), url };
}
