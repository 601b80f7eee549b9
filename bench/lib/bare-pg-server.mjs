// The reference for the uncached reads: node:http and pg, running the shop's SQL for
// GET /api/tools (first page) and GET /api/purchase?userEmail= (the caller, their orders),
// and answering the same JSON, with nothing else: no routing library, no validation, no
// security headers, no logs. What a request costs at best on this machine and this database.
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { TOOL_CATEGORY_SQL, TOOL_PART_NUMBERS_SQL, toOrder, toTool } from './tool-json.mjs';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});

function send(response, status, body, headers = {}) {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(json),
    ...headers,
  });
  response.end(json);
}

async function tools(response) {
  const [page, count] = await Promise.all([
    pool.query(
      `select *, ${TOOL_CATEGORY_SQL} as "category", ${TOOL_PART_NUMBERS_SQL} as "part_numbers" from "tools" where "retired_at" is null order by "created_at", "id" limit $1 offset $2`,
      [12, 0],
    ),
    pool.query('select count(*)::int as "total" from "tools" where "retired_at" is null'),
  ]);
  send(response, 200, page.rows.map(toTool), { 'x-total-count': count.rows[0].total });
}

async function myOrders(request, response, url) {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const hash = token && createHash('sha256').update(token).digest('base64url');
  // The shop's caller lookup: the live token's owner joined to the account, one statement.
  const caller = hash
    ? (
        await pool.query(
          'select "users"."id", "users"."email", "users"."name", "users"."role", "owner"."expires_at" as "tokenExpiresAt" from (select "user_id", "expires_at" from "access_tokens" where "token_hash" = $1 and "expires_at" > now()) as "owner" inner join "users" on "users"."id" = "owner"."user_id"',
          [hash],
        )
      ).rows[0]
    : undefined;
  if (!caller || caller.email !== url.searchParams.get('userEmail')) {
    send(response, 401, { error: { code: 'UNAUTHENTICATED', message: 'no' } });
    return;
  }
  const orders = await pool.query(
    'select *, orders.needed_by::text as "needed_by" from "orders" where "user_id" = $1 order by "created_at" desc, "id"',
    [caller.id],
  );
  send(response, 200, orders.rows.map(toOrder));
}

http
  .createServer((request, response) => {
    const url = new URL(request.url, 'http://localhost');
    const answer =
      url.pathname === '/api/tools'
        ? tools(response)
        : url.pathname === '/api/purchase'
          ? myOrders(request, response, url)
          : Promise.resolve(send(response, url.pathname === '/' ? 200 : 404, {}));
    answer.catch((error) => send(response, 500, { error: String(error) }));
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGINT', () => process.exit(0));
