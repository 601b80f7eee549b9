import { Hono } from 'hono';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';
import { errorBody } from '../../lib/errors';

/** `/health`: the process answers. `/ready`: and its database does too. */
export const healthRoutes = (db: Kysely<Database>) =>
  new Hono()
    .get('/health', (c) => c.json({ status: 'ok' }))
    .get('/ready', async (c) => {
      try {
        await sql`select 1`.execute(db);
        return c.json({ status: 'ready' });
      } catch {
        return c.json(errorBody('INTERNAL', 'The database is not reachable'), 503);
      }
    });
