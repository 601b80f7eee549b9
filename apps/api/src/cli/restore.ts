// npm run restore -- FILE [--data-dir DIR]: rebuilds the embedded database from a file of
// npm run backup into an empty data folder (DATA_DIR by default), then the shop starts on it.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../db/backup';
import { EnvError, loadEnv } from '../env';

class Refusal extends Error {}

const usage = 'Usage: npm run restore -- FILE [--data-dir DIR]';

async function main(args: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { 'data-dir': { type: 'string' } },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const [file, ...extra] = parsed.positionals;
  if (!file || extra.length > 0) {
    console.error(usage);
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL && !parsed.values['data-dir']) {
    throw new Refusal(
      'DATABASE_URL is set: the shop keeps its data in PostgreSQL, which is restored with ' +
        'pg_restore, not this command (see docs/operations.md). To restore a backup of the ' +
        'embedded database anyway, name its folder with --data-dir.',
    );
  }
  const source = path.resolve(file);
  const dataDir = path.resolve(parsed.values['data-dir'] ?? env.DATA_DIR);
  let data: Buffer;
  try {
    data = fs.readFileSync(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Refusal(
      code === 'ENOENT'
        ? `There is no file ${source}.`
        : `Cannot read the backup ${source}: ${(error as Error).message}`,
    );
  }
  const started = performance.now();
  const { contents } = await restoreBackup(data, dataDir);
  console.log(
    `Restored ${source} into ${dataDir} in ${Math.round(performance.now() - started)} ms: ` +
      `${contents.tools} tools, ${contents.orders} orders, ${contents.users} users. ` +
      `Start the shop with DATA_DIR=${dataDir}.`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof Refusal || error instanceof EnvError || error instanceof BackupError) {
      console.error(`Nothing restored: ${error.message}`);
    } else {
      console.error('The restore failed, nothing was restored:', (error as Error).message ?? error);
    }
    process.exit(1);
  },
);
