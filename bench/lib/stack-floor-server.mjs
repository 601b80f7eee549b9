// The floor of the shop's stack for the uncached reads (the catalogue's first page, and My
// Orders: the caller by their token, then their orders): the same SQL and the same JSON as
// bare-pg-server.mjs, answered through what the design makes every request pass (Hono on
// @hono/node-server, Kysely on pg, statements compiled once), and nothing of the shop's own:
// no middleware, validation, security headers or logs. Async hooks are on, as Better Auth's
// AsyncLocalStorage leaves them on Node 20 after its first request. What separates this from
// the bare server is the stack's; what separates the shop from this is ours.
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { TOOL_CATEGORY_SQL, TOOL_PART_NUMBERS_SQL, toOrder, toTool } from './tool-json.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
new AsyncLocalStorage().run(true, () => {});

const active = () => db.selectFrom('tools').where('retired_at', 'is', null);
const firstPage = active()
  .selectAll()
  .select(sql.raw(TOOL_CATEGORY_SQL).as('category'))
  .select(sql.raw(TOOL_PART_NUMBERS_SQL).as('part_numbers'))
  .orderBy('created_at')
  .orderBy('id')
  .limit(12)
  .offset(0)
  .compile();
const count = active()
  .select(sql`count(*)::int`.as('total'))
  .compile();

// Compiled once with a placeholder; each request passes its own value.
const callerByTokenHash = db
  .selectFrom(
    db
      .selectFrom('access_tokens')
      .select(['user_id', 'expires_at'])
      .where('token_hash', '=', '')
      .where('expires_at', '>', sql`now()`)
      .as('owner'),
  )
  .innerJoin('users', 'users.id', 'owner.user_id')
  .select([
    'users.id',
    'users.email',
    'users.name',
    'users.role',
    'owner.expires_at as tokenExpiresAt',
  ])
  .compile();
const ordersOfUser = db
  .selectFrom('orders')
  .selectAll()
  .select(sql`orders.needed_by::text`.as('needed_by'))
  .where('user_id', '=', '')
  .orderBy('created_at', 'desc')
  .orderBy('id')
  .compile();
const withValue = (query, value) => ({ ...query, parameters: [value] });

const app = new Hono();
app.get('/', (c) => c.json({}));
app.get('/api/tools', async (c) => {
  const [page, counted] = await Promise.all([db.executeQuery(firstPage), db.executeQuery(count)]);
  c.header('x-total-count', String(counted.rows[0].total));
  return c.json(page.rows.map(toTool));
});
app.get('/api/purchase', async (c) => {
  const token = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
  const hash = token && createHash('sha256').update(token).digest('base64url');
  const caller = hash
    ? (await db.executeQuery(withValue(callerByTokenHash, hash))).rows[0]
    : undefined;
  if (!caller || caller.email !== c.req.query('userEmail')) {
    return c.json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, 401);
  }
  const orders = await db.executeQuery(withValue(ordersOfUser, caller.id));
  return c.json(orders.rows.map(toOrder));
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGINT', () => process.exit(0));
