// `npm run bench:smoke`: a short run of the catalogue and purchase benchmarks (PGlite) with
// generous thresholds, so a large performance regression fails `npm test`. Uses the existing
// build (`npm test` builds first); builds when there is none.
import path from 'node:path';
import { measureCatalogue } from './catalogue.mjs';
import { cleanupAll, tempDir } from './lib/cleanup.mjs';
import { openPglite } from './lib/databases.mjs';
import { ensureBuilt, startShop } from './lib/shop.mjs';
import { formatTable } from './lib/table.mjs';
import { PART_PAGE, measurePartPage } from './pages.mjs';
import { measurePurchases } from './purchases.mjs';

/**
 * Far below the targets of `npm run bench` (0.8 and 0.5): only a collapse fails. Seen here with
 * the replayed catalogue, the one-statement purchase and remembered tokens: catalogue 0.79 to
 * 0.82, purchases 0.59 to 0.63 on a quiet machine. Without the replay the catalogue fell to
 * 0.24 to 0.32; with a query added to every purchase, purchases to about 0.2. A part's page,
 * replayed: 0.94 to 1.02; without the replay (read from the database each time) about 0.05.
 */
export const SMOKE_THRESHOLDS = { catalogue: 0.4, partPage: 0.4, purchases: 0.15 };

/** One smoke run on a fresh PGlite shop: answers the table's rows and whether all passed. */
async function smokeRun() {
  const rows = [];
  const dir = tempDir('smoke');
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'shop.log');
  let shop = await startShop({ dataDir, logFile });
  try {
    const catalogue = await measureCatalogue({ shop, dir, rounds: 2, seconds: 2 });
    const partPage = await measurePartPage({ shop, dir, rounds: 2, seconds: 2, uncached: false });
    const purchases = await measurePurchases({
      shop,
      clients: 20,
      rounds: 1,
      seconds: 2,
      openDirect: () => openPglite(dataDir),
      pauseShop: () => shop.stop(),
      resumeShop: async () => (shop = await startShop({ dataDir, logFile })),
    });
    let passed = true;
    for (const [name, label, result] of [
      ['catalogue', 'Catalogue GET /api/tools req/s (ref: bare node:http)', catalogue],
      ['partPage', `Part page ${PART_PAGE} req/s (ref: bare node:http)`, partPage],
      ['purchases', 'Purchases PGlite orders/s (ref: raw transaction)', purchases],
    ]) {
      const ratio = result.ours.rps / result.reference.rps;
      const ok = ratio >= SMOKE_THRESHOLDS[name];
      passed &&= ok;
      rows.push({
        label,
        ours: `${result.ours.rps.toFixed(0)}/s`,
        reference: `${result.reference.rps.toFixed(0)}/s`,
        ratio: ratio.toFixed(2),
        target: `≥ ${SMOKE_THRESHOLDS[name]}`,
        ok: ok ? 'ok' : 'TOO SLOW',
      });
    }
    return { rows, passed };
  } finally {
    await shop.stop();
  }
}

// A regression fails every time; a neighbour's burst of load rarely twice in a row.
let failed = true;
let rows = [];
try {
  ensureBuilt();
  for (let attempt = 1; attempt <= 2 && failed; attempt++) {
    if (attempt > 1)
      console.log(`${formatTable(rows)}\n\nbench:smoke: below a threshold, once more.`);
    const run = await smokeRun();
    rows = run.rows;
    failed = !run.passed;
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await cleanupAll();
}
console.log(formatTable(rows));
if (failed) {
  console.error('\nbench:smoke failed: a large performance regression (see decision 010).');
  process.exit(1);
}
console.log('\nbench:smoke: within the smoke thresholds.');
