// npm run seed:scale -- --orders 1000000 --users 100000 --tools 10000 [--parts 100000
// --models 20000 --fitment 1000000]: fills the database (DATABASE_URL, or the embedded one in
// DATA_DIR) with that many more orders, customers and tools, laptop parts, models and fitment
// rows, for the benchmarks of a growing shop. Never on a shop with real customers.
import { parseArgs } from 'node:util';
import { DataDirInUseError } from '../db/data-dir-lock';
import { seedAtScale } from '../db/scale-seed';
import { EnvError, loadEnv } from '../env';
import { describeOperatorDatabase, openOperatorDatabase } from './operator-database';

const USAGE =
  'Usage: npm run seed:scale -- --orders N --users N --tools N --parts N --models N --fitment N (orders need users and tools; fitment needs parts and models)';

function countsOf(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      orders: { type: 'string', default: '0' },
      users: { type: 'string', default: '0' },
      tools: { type: 'string', default: '0' },
      parts: { type: 'string', default: '0' },
      models: { type: 'string', default: '0' },
      fitment: { type: 'string', default: '0' },
    },
  });
  const counts = {
    orders: Number(values.orders),
    users: Number(values.users),
    tools: Number(values.tools),
    parts: Number(values.parts),
    models: Number(values.models),
    fitment: Number(values.fitment),
  };
  const valid =
    Object.values(counts).every((count) => Number.isSafeInteger(count) && count >= 0) &&
    (counts.orders === 0 || (counts.users > 0 && counts.tools > 0)) &&
    (counts.fitment === 0 || (counts.parts > 0 && counts.models > 0));
  return valid ? counts : undefined;
}

async function main(argv: string[]) {
  const counts = countsOf(argv);
  if (!counts) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  console.log(`Database: ${describeOperatorDatabase(env)}.`);
  // A new database is fine here: a benchmark's shop may start from nothing.
  const database = await openOperatorDatabase(env, { create: true });
  try {
    const started = performance.now();
    await seedAtScale(database.db, counts, (line) => console.log(line));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Added ${counts.orders} orders, ${counts.users} users, ${counts.tools} tools, ${counts.parts} parts, ${counts.models} models and ${counts.fitment} fitment rows in ${seconds} s.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError || error instanceof DataDirInUseError) {
      console.error(error.message);
    } else {
      console.error('seed:scale failed:', error);
    }
    process.exit(1);
  },
);
