/**
 * The catalogue's rules that the mutation run (docs/testing.md) found unchecked: a search means
 * its wildcards literally, a retired or unknown tool is not found for a change, a removal tells
 * an erase from a retirement and lets other failures through, and the catalogue cache serves
 * from memory within its bounds.
 */
import type { Tool } from '@shop/shared';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, errorOf, purchaseBody, uncachedTools } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';
import { createToolsService } from './tools.service';

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

describe('catalogue rules', () => {
  let app: TestApp;
  let admin: Account;

  const createTool = async (name: string) => {
    const response = await send(app, 'POST', '/api/tools', admin.token, {
      name,
      description: 'A tool for the rules',
      minOrderQuantity: 1,
      availableQuantity: 10,
      price: 3,
      img: '/images/tools/nvme-ssd.svg',
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  };
  const search = async (text: string) => {
    const response = await app.request(`/api/tools?search=${encodeURIComponent(text)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Tool[]).map((tool) => tool.name).sort();
  };
  const renameBehindTheCache = (id: string, name: string) =>
    app.database.db.updateTable('tools').set({ name }).where('id', '=', id).execute();

  beforeAll(async () => {
    app = await createTestApp('pglite', { seed: false, env: { CATALOGUE_CACHE_MS: 0 } });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  it('searches for %, _ and \\ as the characters themselves', async () => {
    await createTool('Paste 100% Silver');
    await createTool('Paste 1000 Silver');
    await createTool('Ribbon_Cable');
    await createTool('RibbonXCable');
    await createTool('Path C:\\Drivers Kit');
    await createTool('Path C:/Drivers Kit');
    expect(await search('100%')).toEqual(['Paste 100% Silver']);
    expect(await search('n_C')).toEqual(['Ribbon_Cable']);
    expect(await search(':\\D')).toEqual(['Path C:\\Drivers Kit']);
    expect(await search('ribbon')).toEqual(['RibbonXCable', 'Ribbon_Cable']);
  });

  it('finds no retired or unknown tool to change or remove', async () => {
    const customer = await signUpWithToken(app);
    const sold = await createTool('Sold Then Retired');
    expect(
      (await send(app, 'POST', '/api/purchase', customer.token, purchaseBody(sold._id))).status,
    ).toBe(201);
    expect(await (await send(app, 'DELETE', `/api/tools/${sold._id}`, admin.token)).json()).toEqual(
      { deletedCount: 1, retired: true },
    );
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
    const unsold = await createTool('Never Sold');
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
    const tool = await createTool('Kept After Outage');
    const outage = Object.assign(new Error('connection lost'), { code: '08006' });
    const tools = uncachedTools(failingDeletes(app.database.db, outage));
    await expect(tools.remove(tool._id)).rejects.toBe(outage);
    expect((await app.request(`/api/tools/${tool._id}`)).status).toBe(200);
  });

  it('answers not found when orders stop the erase but the tool was retired meanwhile', async () => {
    const tool = await createTool('Retired Meanwhile');
    await app.database.db
      .updateTable('tools')
      .set({ retired_at: new Date() })
      .where('id', '=', tool._id)
      .execute();
    const referred = Object.assign(new Error('still referred to'), { code: '23503' });
    const tools = uncachedTools(failingDeletes(app.database.db, referred));
    await expect(tools.remove(tool._id)).rejects.toMatchObject(toolNotFound);
  });

  it('serves a page from memory within its time, and holds no more bytes than allowed', async () => {
    const first = await createTool('Cached First');
    const second = await createTool('Cached Second');
    const pageOf = (page: { json: string }) => (JSON.parse(page.json) as Tool[])[0]!.name;
    const oneTool = (name: string) => ({ search: name, page: 1, limit: 1 });
    const cached = createToolsService(app.database.db, {
      cache: { ttlMs: 60_000, maxEntries: 10, maxBytes: 1_000_000 },
    });
    expect(pageOf(await cached.listPage(oneTool('Cached First')))).toBe('Cached First');
    await renameBehindTheCache(first._id, 'Cached First, Renamed');
    expect(pageOf(await cached.listPage(oneTool('Cached First')))).toBe('Cached First');

    // Room for one page of one tool, not two: the next page pushes the first out.
    const uncached = uncachedTools(app.database.db);
    const onePage = (await uncached.listPage(oneTool('Cached Second'))).json.length;
    const small = createToolsService(app.database.db, {
      cache: { ttlMs: 60_000, maxEntries: 10, maxBytes: onePage + 5 },
    });
    expect(pageOf(await small.listPage(oneTool('Cached Second')))).toBe('Cached Second');
    await renameBehindTheCache(second._id, 'Cached Second, Renamed');
    expect(pageOf(await small.listPage(oneTool('Cached Second')))).toBe('Cached Second');
    await small.listPage(oneTool('Cached First'));
    expect(pageOf(await small.listPage(oneTool('Cached Second')))).toBe('Cached Second, Renamed');
  });
});
