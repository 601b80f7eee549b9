/**
 * Bad-input fuzzing (issue 8): for every route, generated paths, queries, bodies and content
 * types. Every answer must be a 2xx or a 4xx in the one error shape, never a 5xx, and the
 * server must stay up. `npm test` runs a quick sample; `npm run test:fuzz` runs 10,000+ cases.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { type TestApp, TEST_ORIGIN, createTestApp } from '../test/test-app';
import { buildWorld, matrix, type World } from './route-table';

/** Cases per route: FUZZ_RUNS in the long run, a quick sample otherwise. */
const runsPerRoute = Number(process.env.FUZZ_RUNS ?? 12);

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'undefined',
    '../../etc/passwd',
    "' or 1=1 --",
    '%00',
    '%',
    '😀',
    '\u202e',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.uuid(),
  fc.nat({ max: 20_000 }).map((size) => 'x'.repeat(size)),
);

const junkValue = fc.oneof(
  fc.jsonValue(),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(-1, 0, 0.5, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308),
  nasty,
  fc.object({ maxDepth: 3 }),
);

/** A valid example body with one field changed, removed, or an extra one added. */
const mutatedBody = (example: Record<string, unknown>) =>
  fc.oneof(
    fc
      .tuple(fc.constantFrom(...Object.keys(example)), junkValue)
      .map(([key, value]) => ({ ...example, [key]: value })),
    fc.constantFrom(...Object.keys(example)).map((key) => {
      const copy = { ...example };
      delete copy[key];
      return copy;
    }),
    fc
      .tuple(
        fc.constantFrom(
          'price',
          'paid',
          'role',
          'userEmail',
          '_id',
          'status',
          'transactionId',
          'availableQuantity',
          '__proto__',
        ),
        junkValue,
      )
      .map(([key, value]) => ({ ...example, [key]: value })),
  );

const rawBody = (example: unknown) =>
  fc.oneof(
    junkValue.map((value) => JSON.stringify(value) ?? 'null'),
    fc.string(),
    fc.constantFrom('{', '{"a":', '[1,2', '{"toolId":}', '\u0000', 'a=1&b=2'),
    ...(example &&
    typeof example === 'object' &&
    !Array.isArray(example) &&
    Object.keys(example).length > 0
      ? [mutatedBody(example as Record<string, unknown>).map((body) => JSON.stringify(body))]
      : []),
  );

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  undefined,
);

function fillPath(pattern: string, concrete: string, values: string[]) {
  // Replace the path parameters of the concrete example with generated ones.
  const patternParts = pattern.split('?')[0]!.split('/');
  const concreteParts = concrete.split('?')[0]!.split('/');
  let next = 0;
  return patternParts
    .map((part, index) =>
      part.startsWith(':') || part === '*'
        ? encodeURIComponent(values[next++] ?? '')
        : concreteParts[index],
    )
    .join('/');
}

describeEachDatabase('bad input never breaks the API', (kind) => {
  let app: TestApp;
  const histogram = new Map<number, number>();
  let cases = 0;
  beforeAll(async () => {
    app = await createTestApp(kind, {
      seed: true,
      env: { AUTH_RATE_LIMIT_PER_MINUTE: 10_000 },
    });
  });
  afterAll(async () => {
    await app.close();
    const sorted = [...histogram.entries()].sort(([a], [b]) => a - b);
    console.log(
      `fuzz: ${cases} cases; statuses ${sorted.map(([status, count]) => `${status}: ${count}`).join(', ')}`,
    );
  });

  it.each(matrix.map((row) => [row.route, row] as const))('%s', async (route, row) => {
    const [method, pattern] = route.split(' ') as [string, string];
    // Fresh people per route: a route may revoke, remove or cancel what the next one needs.
    const world: World = await buildWorld(app);
    const example = row.request(world);
    // Mostly signed in, so the input reaches validation and the services.
    const callers = [undefined, world.b.token, world.admin.token, world.admin.token, world.a.token];

    await fc.assert(
      fc.asyncProperty(
        fc.array(nasty, { minLength: 3, maxLength: 3 }),
        fc.dictionary(nasty, nasty, { maxKeys: 4 }),
        fc.option(rawBody(example.body), { nil: undefined }),
        contentType,
        fc.constantFrom(...callers),
        fc.boolean(),
        async (params, query, body, type, token, keepExamplePath) => {
          const path = keepExamplePath
            ? example.path.split('?')[0]!
            : fillPath(pattern, example.path, params);
          const search = new URLSearchParams(query).toString();
          const hasBody = method !== 'GET' && body !== undefined;
          const response = await app.request(`${path}${search ? `?${search}` : ''}`, {
            method,
            headers: {
              Origin: TEST_ORIGIN,
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
              ...(type && hasBody ? { 'Content-Type': type } : {}),
            },
            body: hasBody ? body : undefined,
          });
          cases += 1;
          histogram.set(response.status, (histogram.get(response.status) ?? 0) + 1);
          if (response.status >= 500) return false;
          if (response.status >= 400) {
            const text = await response.text();
            const parsed = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
            return (
              typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string'
            );
          }
          return true;
        },
      ),
      { numRuns: runsPerRoute },
    );
  });

  it('is still up afterwards', async () => {
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/api/ready')).status).toBe(200);
  });
});
