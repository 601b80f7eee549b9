// Large catalogue: 10,000 tools; GET /api/tools?search=&page= under load, each request a
// different search or page (so no cache can answer it), against the same two queries (the
// page and its count) run directly on the database. And the plan of the search: it must use
// the trigram index, not read the whole table.
import { assertClean, load, loop } from './lib/load.mjs';

export const TOOL_COUNT = 10_000;
const PAGE_SIZE = 12;

const parts = ['SSD', 'Battery', 'Keyboard', 'Fan', 'Screen', 'Hinge', 'Charger', 'Memory'];
const more = ['Webcam', 'Speaker', 'Touchpad', 'Bezel', 'Cable', 'Heatsink', 'Spudger', 'Wi-Fi'];
const brands = ['Dell', 'Lenovo', 'HP', 'Asus', 'Acer', 'Apple', 'MSI', 'Razer', 'Samsung', 'LG'];
const allParts = [...parts, ...more];

/** Searches a customer might type, 3+ characters (the trigram index needs 3). */
const searches = [
  ...allParts.map((part) => part.toLowerCase()),
  ...brands.filter((brand) => brand.length >= 3).map((brand) => brand.toLowerCase()),
  ...allParts.slice(0, 8).map((part, i) => `${part} ${brands[i]}`.toLowerCase()),
  'bat',
  'key',
  'scr',
  'mem',
  'char',
  'heat',
  'a1f',
  '7c0',
];

/** Inserts the tools in one statement: names like "Hinge Asus 2F3". */
async function seedTools(db) {
  const [{ count }] = await db.query('select count(*)::int as count from tools');
  if (count >= TOOL_COUNT) return;
  const list = (words) => `array[${words.map((word) => `'${word}'`).join(',')}]`;
  await db.query(`
    insert into tools (name, img, description, min_order_quantity, available_quantity,
      price_cents, created_at)
    select (${list(allParts)})[1 + i % ${allParts.length}] || ' '
        || (${list(brands)})[1 + (i / ${allParts.length}) % ${brands.length}] || ' '
        || upper(to_hex(i)),
      '/images/tools/nvme-ssd.svg',
      'Bench tool number ' || i || ', a part for a laptop.',
      1, 100, 1000 + i, now() - make_interval(secs => ${TOOL_COUNT} - i)
    from generate_series(1, ${TOOL_COUNT - count}) as i`);
}

// The search of modules/catalogue/tools.listing.ts (`searchPage`), as Kysely writes it: the page and the
// count in one statement; past the last page, the count alone.
const SEARCH = `with "matches" as materialized (select "id", "created_at" from "tools"
    where "retired_at" is null and "name" ilike $1),
  "page" as (select * from "matches" order by "created_at", "id" limit $2 offset $3)
  select "tools".*, (select count(*)::int as "count" from "matches") as "total"
  from "page" inner join "tools" on "tools"."id" = "page"."id"
  order by "page"."created_at", "page"."id"`;
const COUNT = `with "matches" as materialized (select "id", "created_at" from "tools"
    where "retired_at" is null and "name" ilike $1)
  select count(*)::int as "total" from "matches"`;

const pattern = (search) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** EXPLAIN of the search; fails when it reads the whole table instead of the trigram index. */
async function explain(db, search) {
  const rows = await db.query(`explain ${SEARCH}`, [pattern(search), PAGE_SIZE, 0]);
  const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
  if (/Seq Scan on tools/.test(plan) || !/Bitmap Index Scan on tools_name_trgm_idx/.test(plan)) {
    throw new Error(`The search does not use the trigram index:\n${plan}`);
  }
  return `search "${search}", page 1:\n${plan.replace(/^/gm, '    ')}`;
}

/** The service's queries for one request. */
async function searchDirect(db, search, page) {
  const rows = await db.query(SEARCH, [pattern(search), PAGE_SIZE, (page - 1) * PAGE_SIZE]);
  if (rows.length === 0) await db.query(COUNT, [pattern(search)]);
}

/** Every (search, page) pair, shuffled the same way each run. */
function requestList(totalPages) {
  const list = [];
  for (let page = 1; page <= totalPages; page++) {
    for (const search of searches) list.push({ search, page });
  }
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j], list[i]];
  }
  return list;
}

/**
 * The shop is stopped when this starts. `openDirect()` opens its database; `startShop()`
 * starts the shop on it (whose start refreshes the planner's statistics, as any start does)
 * and `stopShop()` stops it again, so PGlite's folder is free for the direct queries.
 */
export async function measureSearch({
  openDirect,
  startShop,
  stopShop,
  connections = 2,
  seconds = 5,
}) {
  const list = requestList(40);
  const seeding = await openDirect();
  try {
    await seedTools(seeding);
  } finally {
    await seeding.close();
  }

  const shop = await startShop();
  let ours;
  try {
    let next = 0;
    const options = (duration) => ({
      url: `${shop.url}/api/tools`,
      connections,
      duration,
      requests: [
        {
          setupRequest: (request) => {
            const { search, page } = list[next++ % list.length];
            const query = new URLSearchParams({ search, page: String(page) });
            return { ...request, path: `/api/tools?${query}` };
          },
        },
      ],
    });
    await load(options(1));
    ours = await load(options(seconds));
    assertClean('GET /api/tools?search=', ours);
  } finally {
    await stopShop();
  }

  const db = await openDirect();
  try {
    const plan = await explain(db, 'hinge asus');
    let next = 0;
    const query = async () => {
      const { search, page } = list[next++ % list.length];
      await searchDirect(db, search, page);
    };
    await loop({ workers: connections, durationMs: 1000, task: query });
    const reference = await loop({ workers: connections, durationMs: seconds * 1000, task: query });
    return { ours, reference, plan };
  } finally {
    await db.close();
  }
}
