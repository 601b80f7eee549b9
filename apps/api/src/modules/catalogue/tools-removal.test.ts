/**
 * A removal tells an erase from a retirement and lets other failures through, and a retired or
 * unknown tool is not found for a change or a removal: rules the mutation run (docs/testing.md)
 * found unchecked.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import type { Database } from '../../db/schema';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, createTool, errorOf, purchaseBody, uncachedTools } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const toolNotFound = { code: 'NOT_FOUND', message: 'Tool not found' };

/** `db` whose DELETE statements fail with `error`, as the database would answer them. */
const failingDeletes = (db: Kysely<Database>, error: unknown) =>
  db.withPlugin({
    transformQuery: ({ node }) => {
      if (node.kind === 'DeleteQueryNode') throw error;
      return node;
    },
    transformResult: async ({ result }) => result,
  });

describeEachDatabase(
  'removing a tool: erased when nobody ordered it, retired when somebody did, and not found when unknown or retired',
  (kind) => {
    let app: TestApp;
    let admin: Account;

    const toRemove = (name: string) =>
      createTool(app, admin, { name, description: 'A tool to remove' });

    beforeAll(async () => {
      app = await createTestApp(kind, { seed: false, env: { CATALOGUE_CACHE_MS: 0 } });
      admin = await signUpAdmin(app);
    });
    afterAll(() => app.close());

    it('finds no retired or unknown tool to change or remove', async () => {
      const customer = await signUpWithToken(app);
      const sold = await toRemove('Sold Then Retired');
      expect(
        (await send(app, 'POST', '/api/purchase', customer.token, purchaseBody(sold._id))).status,
      ).toBe(201);
      expect(
        await (await send(app, 'DELETE', `/api/tools/${sold._id}`, admin.token)).json(),
      ).toEqual({ deletedCount: 1, retired: true });
      const unknown = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
      for (const id of [sold._id, unknown]) {
        const changed = await send(app, 'PATCH', `/api/tools/${id}`, admin.token, { price: 4 });
        expect(changed.status).toBe(404);
        expect(await errorOf(changed)).toEqual(toolNotFound);
        const removed = await send(app, 'DELETE', `/api/tools/${id}`, admin.token);
        expect(removed.status).toBe(404);
        expect(await errorOf(removed)).toEqual(toolNotFound);
      }
    });

    it('erases a tool nobody ordered, and says it was not retired', async () => {
      const unsold = await toRemove('Never Sold');
      const removed = await send(app, 'DELETE', `/api/tools/${unsold._id}`, admin.token);
      expect(await removed.json()).toEqual({ deletedCount: 1, retired: false });
      const left = await app.database.db
        .selectFrom('tools')
        .select('id')
        .where('id', '=', unsold._id)
        .execute();
      expect(left).toEqual([]);
    });

    it('retires nothing when the erase fails for another reason than orders', async () => {
      const tool = await toRemove('Kept After Outage');
      const outage = Object.assign(new Error('connection lost'), { code: '08006' });
      const tools = uncachedTools(failingDeletes(app.database.db, outage));
      await expect(tools.remove(tool._id)).rejects.toBe(outage);
      expect((await app.request(`/api/tools/${tool._id}`)).status).toBe(200);
    });

    it('answers not found when orders stop the erase but the tool was retired meanwhile', async () => {
      const tool = await toRemove('Retired Meanwhile');
      await app.database.db
        .updateTable('tools')
        .set({ retired_at: new Date() })
        .where('id', '=', tool._id)
        .execute();
      const referred = Object.assign(new Error('still referred to'), { code: '23503' });
      const tools = uncachedTools(failingDeletes(app.database.db, referred));
      await expect(tools.remove(tool._id)).rejects.toMatchObject(toolNotFound);
    });
  },
);
