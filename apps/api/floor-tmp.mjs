// Floor of the stack: the uncached catalogue's SQL answered by (a) node:http+pg, (b) Hono on
// @hono/node-server + pg, (c) Hono + Kysely, (d) (c) with an AsyncLocalStorage run per request.
import http from 'node:http';
import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { Hono } from 'hono';
import { serve, getRequestListener } from '@hono/node-server';
import { Kysely, PostgresDialect, sql } from 'kysely';
const mode = process.argv[2];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
const toTool = (row) => ({ _id: row.id, name: row.name, img: row.img, description: row.description, minOrderQuantity: row.min_order_quantity, availableQuantity: row.available_quantity, price: row.price_cents / 100 });
const rawPage = () => Promise.all([
  pool.query('select * from "tools" where "retired_at" is null order by "created_at", "id" limit $1 offset $2', [12, 0]),
  pool.query('select count(*)::int as "total" from "tools" where "retired_at" is null'),
]).then(([p, c]) => ({ rows: p.rows, total: c.rows[0].total }));
const active = () => db.selectFrom('tools').where('retired_at', 'is', null);
const kyPage = () => Promise.all([
  active().selectAll().orderBy('created_at').orderBy('id').limit(12).offset(0).execute(),
  active().select(sql`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
]).then(([rows, c]) => ({ rows, total: c.total }));
const compiledPage = active().selectAll().orderBy('created_at').orderBy('id').limit(12).offset(0).compile();
const compiledCount = active().select(sql`count(*)::int`.as('total')).compile();
const kyPrePage = () => Promise.all([
  db.executeQuery(compiledPage).then((r) => r.rows),
  db.executeQuery(compiledCount).then((r) => r.rows[0]),
]).then(([rows, c]) => ({ rows, total: c.total }));
const port = Number(process.env.PORT);
if (mode === 'bare') {
  http.createServer(async (req, res) => {
    const { rows, total } = await rawPage();
    const json = JSON.stringify(rows.map(toTool));
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json), 'x-total-count': total });
    res.end(json);
  }).listen(port, '127.0.0.1');
} else {
  const als = new AsyncLocalStorage();
  const app = new Hono();
  if (mode.endsWith('-als')) app.use('*', (c, next) => als.run('x', next));
  const page = mode === 'hono' ? rawPage : mode.startsWith('hono-kypre') ? kyPrePage : kyPage;
  app.get('/api/tools', async (c) => {
    const { rows, total } = await page();
    c.header('x-total-count', String(total));
    return c.json(rows.map(toTool));
  });
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
}
