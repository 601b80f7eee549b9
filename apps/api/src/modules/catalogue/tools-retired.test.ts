import { type Tool, TOTAL_COUNT_HEADER } from '@shop/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import type { Account } from '../../test/shop';
import { order } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const toolInput = (name: string) => ({
  name,
  description: 'Kept for its orders',
  minOrderQuantity: 1,
  availableQuantity: 40,
  price: 5,
  img: '/images/tools/nvme-ssd.svg',
});

/** Manage Tools' "Show retired": `GET /api/tools?retired=true`, for admins only. */
describeEachDatabase('the retired tools', (kind) => {
  let app: TestApp;
  let admin: Account;
  let customer: Account;
  let retired: Tool[];
  let onSale: Tool;

  const list = async (path: string) => {
    const response = await send(app, 'GET', path, admin.token);
    expect(response.status, path).toBe(200);
    return {
      tools: (await response.json()) as Tool[],
      total: Number(response.headers.get(TOTAL_COUNT_HEADER)),
      cacheControl: response.headers.get('cache-control'),
    };
  };

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
    const add = async (name: string) =>
      (await (await send(app, 'POST', '/api/tools', admin.token, toolInput(name))).json()) as Tool;
    retired = [];
    for (const name of ['Old Fan A', 'Old Fan B', 'Old Hinge']) {
      const tool = await add(name);
      // A tool with an order is retired, not erased.
      await order(app, customer, tool._id, 1);
      const removed = await send(app, 'DELETE', `/api/tools/${tool._id}`, admin.token);
      expect(await removed.json()).toEqual({ deletedCount: 1, retired: true });
      retired.push(tool);
    }
    onSale = await add('New Fan');
  });
  afterAll(() => app.close());

  it('are refused to a visitor and a customer (403), whatever else is asked', async () => {
    for (const path of ['/api/tools?retired=true', '/api/tools?retired=true&search=fan']) {
      expect((await app.request(path)).status).toBe(403);
      expect((await send(app, 'GET', path, customer.token)).status).toBe(403);
    }
    expect((await send(app, 'GET', '/api/tools?retired=yes', admin.token)).status).toBe(400);
  });

  it('are listed for an admin, paged and searched by name, and never kept by a shared cache', async () => {
    const all = await list('/api/tools?retired=true');
    expect(all.tools.map((tool) => tool.name)).toEqual(['Old Fan A', 'Old Fan B', 'Old Hinge']);
    expect(all.total).toBe(3);
    expect(all.cacheControl).toBe('private, no-cache');
    const second = await list('/api/tools?retired=true&limit=2&page=2');
    expect(second.tools.map((tool) => tool._id)).toEqual([retired[2]!._id]);
    expect(second.total).toBe(3);
    const past = await list('/api/tools?retired=true&limit=2&page=3');
    expect([past.tools, past.total]).toEqual([[], 3]);
    const fans = await list('/api/tools?retired=true&search=FAN');
    expect(fans.tools.map((tool) => tool.name)).toEqual(['Old Fan A', 'Old Fan B']);
    expect(fans.total).toBe(2);
  });

  it('stay out of the catalogue, which is the same for an admin as for anyone', async () => {
    const forAdmin = await list('/api/tools?retired=false');
    expect(forAdmin.tools.map((tool) => tool._id)).toEqual([onSale._id]);
    expect(forAdmin.cacheControl).toBe('no-cache');
    const forVisitor = (await (await app.request('/api/tools?search=fan')).json()) as Tool[];
    expect(forVisitor.map((tool) => tool._id)).toEqual([onSale._id]);
  });
});
