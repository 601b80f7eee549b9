import { describe, expect, it } from 'vitest';
import { UserListQuerySchema } from './auth';
import { AllOrdersQuerySchema, OrderListQuerySchema } from './order';
import { ToolListQuerySchema } from './tool';

const lists = [
  ['Manage All Orders', AllOrdersQuerySchema, {}, 20],
  ['My Orders', OrderListQuerySchema, { userEmail: 'ann@example.com' }, 20],
  ['All Users', UserListQuerySchema, {}, 20],
  ['the catalogue', ToolListQuerySchema, {}, 12],
] as const;

describe.each(lists)('the paging of %s', (_name, schema, required, defaultLimit) => {
  it('answers the first page at its default size when asked for no page', () => {
    expect(schema.parse({ ...required })).toMatchObject({ page: 1, limit: defaultLimit });
  });

  it('takes a limit up to 100 and answers a larger one with 100', () => {
    expect(schema.parse({ ...required, limit: '100' }).limit).toBe(100);
    expect(schema.parse({ ...required, limit: '101' }).limit).toBe(100);
    expect(schema.parse({ ...required, page: '3', limit: '1' })).toMatchObject({
      page: 3,
      limit: 1,
    });
  });

  it('refuses a page or limit below 1, a fraction, words and fields it does not know', () => {
    for (const query of [
      { limit: '0' },
      { page: '0' },
      { page: '1.5' },
      { limit: 'all' },
      { page: '100001' },
      { sort: 'price' },
    ]) {
      expect(schema.safeParse({ ...required, ...query }).success, JSON.stringify(query)).toBe(
        false,
      );
    }
  });
});

describe('the lists filters', () => {
  it('keep an order status, a role, and retired only as true or false', () => {
    expect(AllOrdersQuerySchema.parse({ status: 'paid' }).status).toBe('paid');
    expect(AllOrdersQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
    expect(UserListQuerySchema.parse({ role: 'admin', search: ' Ann ' })).toMatchObject({
      role: 'admin',
      search: 'Ann',
    });
    expect(UserListQuerySchema.safeParse({ role: 'owner' }).success).toBe(false);
    expect(ToolListQuerySchema.parse({ retired: 'true' }).retired).toBe(true);
    expect(ToolListQuerySchema.parse({ retired: 'false' }).retired).toBe(false);
    expect(ToolListQuerySchema.safeParse({ retired: 'yes' }).success).toBe(false);
  });
});
