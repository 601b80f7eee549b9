// The parts search at scale (issue 33): `npm run bench -- --only parts`. Fills a database with
// `npm run seed:scale` (100,000 parts, 20,000 laptop models, 1,000,000 fitment rows; minutes),
// then, against the shop started as production runs it, the p99 of 200 searches of each kind,
// each one different, made one at a time, and of 200 model pages; on PostgreSQL also the plans
// it chose (auto_explain). Not in CI's bench: the seeding alone outlasts the rest of the bench.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { percentile } from './lib/load.mjs';
import { root } from './lib/shop.mjs';

export const PARTS_SCALE = { parts: 100_000, models: 20_000, fitment: 1_000_000 };
/** Requests per line: the p99 of 200 is their second slowest. */
const REQUESTS = 200;

/** The part types a buyer names, and a typo of each (one letter dropped or changed). */
const TYPES = [
  ['battery', 'batery'],
  ['keyboard', 'keybord'],
  ['charger', 'chargr'],
  ['screen', 'scren'],
  ['fan', 'fna'],
  ['memory', 'memroy'],
];
const BRANDS = ['dell', 'lenovo', 'hp', 'asus', 'acer', 'msi', 'apple', 'razer'];

/** Adds `PARTS_SCALE` to the database of `env` (DATA_DIR or DATABASE_URL); answers seconds. */
export function seedParts(env) {
  const started = performance.now();
  const counts = Object.entries(PARTS_SCALE).flatMap(([name, count]) => [
    `--${name}`,
    String(count),
  ]);
  const result = spawnSync('npm', ['run', 'seed:scale', '--', ...counts], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`seed:scale failed: ${result.stderr || result.stdout}`);
  return (performance.now() - started) / 1000;
}

const search = (params) => `/api/search?${new URLSearchParams(params)}`;
const pick = (list, i) => list[i % list.length];

/**
 * The requests of each line, 200 different ones, from the seeded rows (`direct`, a database
 * handle from lib/databases.mjs, opened while the shop is stopped).
 */
export async function partsRequests(direct) {
  const numbers = await direct.query(
    `select number from part_numbers where maker = 'Scale' order by tool_id limit $1`,
    [REQUESTS],
  );
  const models = await direct.query(
    `select m.slug, m.name, min(a.alias) as alias from laptop_models m
     join model_aliases a on a.model_id = m.id
     where m.slug like 'scale-%' group by m.id order by m.slug limit $1`,
    [REQUESTS],
  );
  const categories = (await direct.query(`select slug from categories order by position`)).map(
    (row) => row.slug,
  );
  const many = (make) => Array.from({ length: REQUESTS }, (_, i) => make(i));
  return {
    // Typed as a buyer copies it: lower case, a dash after the first two characters.
    'part number': many((i) =>
      search({ q: numbers[i].number.toLowerCase().replace(/^(..)/, '$1-') }),
    ),
    'model + type': many((i) => search({ q: `${models[i].name} ${pick(TYPES, i)[0]}` })),
    'alias + type': many((i) => search({ q: `${models[i].alias} ${pick(TYPES, i + 1)[0]}` })),
    'free text': many((i) =>
      search({ q: `${pick(TYPES, i)[0]} ${pick(BRANDS, Math.floor(i / TYPES.length))}` }),
    ),
    // A model's name with a letter left out ("thinkpd t480"), and a part type.
    'typo in the model': many((i) =>
      search({ q: `${models[i].name.slice(0, 1)}${models[i].name.slice(2)} ${pick(TYPES, i)[0]}` }),
    ),
    'typo in the type': many((i) => search({ q: `${models[i].name} ${pick(TYPES, i)[1]}` })),
    'facet filter': many((i) =>
      search({
        q: '',
        category: pick(categories, i),
        brand: pick(['Dell', 'Lenovo', 'HP', 'Asus'], i),
      }),
    ),
    'deep page': many((i) =>
      search({ q: '', category: pick(categories, i), sort: 'price-asc', page: String(50 + i) }),
    ),
    'model page': many((i) => `/api/laptops/${models[i].slug}`),
  };
}

/** p50 and p99 of `paths`, one request at a time, after a warm-up; throws on any non-2xx. */
async function latency(url, paths) {
  for (const path of paths.slice(0, 20)) await (await fetch(`${url}${path}`)).arrayBuffer();
  const times = [];
  for (const path of paths) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`);
    const body = await response.text();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** Each line's p50 and p99, on a shop already running on a seeded database. */
export async function measureParts({ shop, requests }) {
  const lines = [];
  for (const [label, paths] of Object.entries(requests)) {
    lines.push({ label, ...(await latency(shop.url, paths)) });
  }
  return lines;
}

/** The tables that grow with the catalogue: none may be read whole. */
const LARGE = /Seq Scan on (tools|part_search|part_numbers|laptop_models|model_aliases|fitment)\b/g;

/**
 * The plans PostgreSQL chose for the first request of each line, logged by auto_explain while
 * a shop made them (`session_preload_libraries` on the database: only that shop's connections
 * load it). Answers the plans and the large tables read by a sequential scan.
 */
export async function capturePartsPlans({ databaseUrl, serverLog, startShop, requests }) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  // The bench's cleanup drops the database with its connections: not an error of the run.
  client.on('error', () => {});
  await client.connect();
  await client.query(`alter database ${name} set session_preload_libraries = 'auto_explain';
    alter database ${name} set auto_explain.log_min_duration = 0;`);
  const from = fs.statSync(serverLog).size;
  const shop = await startShop();
  try {
    for (const paths of Object.values(requests)) {
      const response = await fetch(`${shop.url}${paths[0]}`);
      if (!response.ok) throw new Error(`${paths[0]}: ${response.status}`);
    }
  } finally {
    try {
      await shop.stop();
    } finally {
      await client.query(`alter database ${name} reset session_preload_libraries;
        alter database ${name} reset auto_explain.log_min_duration;`);
      await client.end();
    }
  }
  const plans = fs
    .readFileSync(serverLog, 'utf8')
    .slice(from)
    .split(/\n(?=\S.*LOG: {2}duration: )/)
    .filter((entry) => /LOG: {2}duration: .* plan:/.test(entry))
    .filter((entry) => /part_search|laptop_models|fitment/.test(entry));
  const sequential = new Set();
  for (const plan of plans) for (const match of plan.matchAll(LARGE)) sequential.add(match[1]);
  return { plans, sequential: [...sequential] };
}
