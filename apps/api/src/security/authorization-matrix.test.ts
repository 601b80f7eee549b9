/**
 * The authorization matrix (issue 8): every API route and method, with the answer expected for
 * an anonymous caller, customer A on A's things, customer B on A's things, and an admin.
 * A route added without a row here fails the first test.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Account, buildWorld, imageForm, matrix, type Role } from './route-table';
import { describeEachDatabase } from '../test/databases';
import { type TestApp, TEST_ORIGIN, createTestApp } from '../test/test-app';

const roles: Role[] = ['anonymous', 'customerB', 'customerA', 'admin'];

const methodOf = (route: string) => route.split(' ')[0] ?? 'GET';

describeEachDatabase('authorization matrix', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // Three people signed up per row: cheaply hashed passwords (test-app.ts).
    app = await createTestApp(kind, { seed: false, cheapPasswordHash: true });
  });
  afterAll(() => app.close());

  it('has a row for every route the app answers, and no row for a route it does not', () => {
    expect(matrix.map((row) => row.route).sort()).toEqual(app.routes);
  });

  it('has a row for every operation of the published contract (/api/openapi.json)', async () => {
    const contract = (await (await app.request('/api/openapi.json')).json()) as {
      servers?: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    const base = new URL(contract.servers?.[0]?.url ?? '/', 'http://shop').pathname.replace(
      /\/$/,
      '',
    );
    const operations = Object.entries(contract.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${base}${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(operations.length).toBeGreaterThan(90);
    // A row ending in "*" (Better Auth's routes, mounted as one) covers what it prefixes.
    const covered = (operation: string) =>
      matrix.some(({ route }) =>
        route.endsWith('*') ? operation.startsWith(route.slice(0, -1)) : route === operation,
      );
    expect(operations.filter((operation) => !covered(operation))).toEqual([]);
  });

  it.each(matrix.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const world = await buildWorld(app);
    const credentials: Record<Role, Account | undefined> = {
      anonymous: undefined,
      customerA: world.a,
      customerB: world.b,
      admin: world.admin,
    };
    const answers: Partial<Record<Role, number>> = {};
    for (const role of roles) {
      const { path, body, raw, contentType, form } = row.request(world);
      const account = credentials[role];
      const response = await app.request(path, {
        method: methodOf(row.route),
        headers: {
          Origin: TEST_ORIGIN,
          ...(account ? { Authorization: `Bearer ${account.token}`, Cookie: account.cookie } : {}),
          ...(body !== undefined || raw !== undefined
            ? { 'Content-Type': contentType ?? 'application/json' }
            : {}),
        },
        body: form
          ? imageForm(form)
          : (raw ?? (body === undefined ? undefined : JSON.stringify(body))),
      });
      answers[role] = response.status;
      if (response.status >= 400) {
        // Every refusal is in the one error shape.
        const error = ((await response.json()) as { error?: { code?: unknown; message?: unknown } })
          .error;
        expect(typeof error?.code, `${row.route} as ${role}`).toBe('string');
        expect(typeof error?.message, `${row.route} as ${role}`).toBe('string');
      }
    }
    expect(answers).toEqual(row.expected);
  });
});
