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

/** C0 controls (NUL first), DEL, C1 controls, and surrogate halves on their own. */
const controlCharacter = fc
  .oneof(
    fc.constant(0x00),
    fc.integer({ min: 0x00, max: 0x1f }),
    fc.constant(0x7f),
    fc.integer({ min: 0x80, max: 0x9f }),
    fc.integer({ min: 0xd800, max: 0xdfff }),
  )
  .map((code) => String.fromCharCode(code));

/** The ones refused in every field: multi-line fields keep tab, line feed and carriage return. */
const refusedEverywhere = controlCharacter.filter((character) => !'\t\n\r'.includes(character));

/** Ordinary text with control characters in it, anywhere. */
const withControlCharacters = fc
  .array(fc.oneof(fc.string({ maxLength: 8 }), controlCharacter), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));

const nasty = fc.oneof(
  fc.string(),
  withControlCharacters,
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
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF',
    '\u0085',
    '\u007f',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.uuid(),
  fc.nat({ max: 20_000 }).map((size) => 'x'.repeat(size)),
);

/** Search syntax (full text, LIKE) that a search must never pass on as syntax. */
const searchSyntax = fc.constantFrom("it's", 'a & | b', '!(x', ':*', '50%_off', 'a\\b');

const junkValue = fc.oneof(
  fc.jsonValue(),
  fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  fc.double({ noNaN: false }),
  fc.constantFrom(-1, 0, 0.5, 1.5, 2 ** 53, -(2 ** 31), Number.MAX_SAFE_INTEGER, 1e308),
  nasty,
  fc.object({ maxDepth: 3 }),
);

/** The dotted path of every string in a body. */
function textPaths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string'
      ? [`${prefix}${key}`]
      : child && typeof child === 'object' && !Array.isArray(child)
        ? textPaths(child as Record<string, unknown>, `${prefix}${key}.`)
        : [],
  );
}

/** The valid example with a control character put into one of its text fields. */
const withControlCharacterIn = (example: Record<string, unknown>, paths: string[]) =>
  fc.tuple(fc.constantFrom(...paths), refusedEverywhere, fc.nat()).map(([path, character, at]) => {
    const copy = structuredClone(example);
    const keys = path.split('.');
    let target = copy;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    const last = keys.at(-1)!;
    const value = target[last] as string;
    const index = at % (value.length + 1);
    target[last] = `${value.slice(0, index)}${character}${value.slice(index)}`;
    return copy;
  });

/**
 * A valid example body with one field changed, removed, or an extra one added, or with a control
 * character in one of its text fields (the rest valid, so it reaches the services).
 */
const mutatedBody = (example: Record<string, unknown>) =>
  fc.oneof(
    ...(textPaths(example).length > 0 ? [withControlCharacterIn(example, textPaths(example))] : []),
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

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate (which it refuses) becomes the
 * bytes a raw client could still send for it (its 3-byte, not-quite-UTF-8 form).
 */
const encodeAnything = (value: string) =>
  value.replace(/[^]/gu, (character) => {
    const code = character.charCodeAt(0);
    if (character.length > 1 || code < 0xd800 || code > 0xdfff) {
      return encodeURIComponent(character);
    }
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join('');
  });

function fillPath(pattern: string, concrete: string, values: string[]) {
  // Replace the path parameters of the concrete example with generated ones.
  const patternParts = pattern.split('?')[0]!.split('/');
  const concreteParts = concrete.split('?')[0]!.split('/');
  let next = 0;
  return patternParts
    .map((part, index) =>
      part.startsWith(':') || part === '*'
        ? encodeAnything(values[next++] ?? '')
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
      // Three people signed up per route: cheaply hashed passwords (test-app.ts).
      cheapPasswordHash: true,
    });
  });
  afterAll(async () => {
    await app.close();
    const sorted = [...histogram.entries()].sort(([a], [b]) => a - b);
    console.log(
      `fuzz: ${cases} cases; statuses ${sorted.map(([status, count]) => `${status}: ${count}`).join(', ')}`,
    );
  });

  /** Never a 5xx; a refusal in the one error shape. Counts the answer. */
  const answersWell = async (response: Response) => {
    cases += 1;
    histogram.set(response.status, (histogram.get(response.status) ?? 0) + 1);
    if (response.status >= 500) return false;
    if (response.status < 400) return true;
    const parsed = JSON.parse(await response.text()) as {
      error?: { code?: unknown; message?: unknown };
    };
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string';
  };

  // The parameters a route's example query names, each kept, left out or replaced by something
  // nasty: what a search box, a filter or an edited link sends. Random keys alone are refused
  // as unknown before any of these is read.
  it('every GET query parameter a route reads, with nasty values', async () => {
    const world: World = await buildWorld(app);
    const queried = matrix
      .filter((row) => row.route.startsWith('GET '))
      .map((row) => row.request(world).path)
      .filter((path) => path.includes('?'));
    expect(queried.length).toBeGreaterThan(0);
    for (const path of queried) {
      const [route, query] = path.split('?') as [string, string];
      const example = Object.fromEntries(new URLSearchParams(query));
      await fc.assert(
        fc.asyncProperty(
          // One parameter changed or left out, the others as the example has them, so a
          // nasty value reaches the route's code rather than only its validation.
          fc
            .tuple(
              fc.constantFrom(...Object.keys(example)),
              fc.option(fc.oneof(nasty, searchSyntax), { nil: undefined }),
            )
            .map(([key, value]) => ({ ...example, [key]: value })),
          fc.constantFrom(undefined, world.a.token, world.admin.token),
          async (values, token) => {
            const kept = Object.entries(values).filter(
              (entry): entry is [string, string] => entry[1] !== undefined,
            );
            const search = kept.map(([key, value]) => `${key}=${encodeAnything(value)}`).join('&');
            const response = await app.request(`${route}?${search}`, {
              headers: token ? { Authorization: `Bearer ${token}` } : {},
            });
            return answersWell(response);
          },
        ),
        { numRuns: runsPerRoute * 4 },
      );
    }
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
          return answersWell(response);
        },
      ),
      { numRuns: runsPerRoute },
    );

    // Valid but for a control character in one text field, from a caller the route lets in:
    // the character must be refused (4xx) before it reaches the services or the database.
    const body = example.body;
    const paths =
      body && typeof body === 'object' && !Array.isArray(body)
        ? textPaths(body as Record<string, unknown>)
        : [];
    if (paths.length === 0) return;
    const accounts = { customerA: world.a, admin: world.admin, customerB: world.b };
    const role =
      (['customerA', 'admin', 'customerB'] as const).find(
        (candidate) => ![401, 403, 404].includes(row.expected[candidate]),
      ) ?? 'customerA';
    const account = accounts[role];
    await fc.assert(
      fc.asyncProperty(
        withControlCharacterIn(body as Record<string, unknown>, paths),
        async (tainted) => {
          const response = await app.request(example.path, {
            method,
            headers: {
              Origin: TEST_ORIGIN,
              Authorization: `Bearer ${account.token}`,
              Cookie: account.cookie,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify(tainted),
          });
          return response.status >= 400 && (await answersWell(response));
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
