import { HealthSchema, ReadySchema } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { errorBody } from '../../lib/errors';
import { defineRoute, errors, json, routesOf } from '../../lib/openapi';

const health = defineRoute({
  method: 'get',
  path: '/health',
  tags: ['Health'],
  summary: 'The process answers',
  responses: { 200: json(HealthSchema, 'Up') },
});

const ready = defineRoute({
  method: 'get',
  path: '/ready',
  tags: ['Health'],
  summary: 'The process and its database answer',
  responses: { 200: json(ReadySchema, 'Ready to serve'), ...errors(503) },
});

/** `/health`: the process answers. `/ready`: and its database does too. */
export const healthRoutes = (db: Kysely<Database>) =>
  routesOf()
    .openapi(health, (c) => c.json({ status: 'ok' as const }, 200))
    .openapi(ready, async (c) => {
      try {
        await sql`select 1`.execute(db);
        return c.json({ status: 'ready' as const }, 200);
      } catch {
        return c.json(errorBody('INTERNAL', 'The database is not reachable'), 503);
      }
    });
