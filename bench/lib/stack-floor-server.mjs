// The floor of the shop's stack for an uncached catalogue read: the same SQL and the same JSON
// as bare-pg-server.mjs, answered through what the design makes every request pass (Hono on
// @hono/node-server, Kysely on pg, statements compiled once), and nothing of the shop's own:
// no middleware, validation, security headers or logs. Async hooks are on, as Better Auth's
// AsyncLocalStorage leaves them on Node 20 after its first request. What separates this from
// the bare server is the stack's; what separates the shop from this is ours.
import { AsyncLocalStorage } from 'node:async_hooks';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { toTool } from './tool-json.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
new AsyncLocalStorage().run(true, () => {});

const active = () => db.selectFrom('tools').where('retired_at', 'is', null);
const firstPage = active()
  .selectAll()
  .orderBy('created_at')
  .orderBy('id')
  .limit(12)
  .offset(0)
  .compile();
const count = active()
  .select(sql`count(*)::int`.as('total'))
  .compile();

const app = new Hono();
app.get('/', (c) => c.json({}));
app.get('/api/tools', async (c) => {
  const [page, counted] = await Promise.all([db.executeQuery(firstPage), db.executeQuery(count)]);
  c.header('x-total-count', String(counted.rows[0].total));
  return c.json(page.rows.map(toTool));
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
process.on('SIGINT', () => process.exit(0));
