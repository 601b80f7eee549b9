// npm run backup -- FILE: a consistent copy of the embedded database (PGlite) into FILE, taken
// from the running shop, or straight from the data folder when the shop is stopped.
import fs from 'node:fs';
import path from 'node:path';
import {
  type BackupManifest,
  BackupError,
  decodeBackup,
  encodeBackup,
  readAuthSecretFile,
  readImagesFolder,
  writeFileAtomically,
} from '../db/backup';
import { requestBackup } from '../db/backup-channel';
import { DataDirInUseError } from '../db/data-dir-lock';
import { PGDATA_FOLDER, openDatabase } from '../db/database';
import { EnvError, loadEnv } from '../env';

/** Thrown with a message for the operator; the exit code is 1. */
class Refusal extends Error {}

const describeContents = ({ contents }: BackupManifest) =>
  `${contents.tools} tools, ${contents.orders} orders, ${contents.users} users ` +
  `(schema ${contents.latestMigration ?? 'empty'})`;

const describeSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Copies the database with the shop stopped: this process takes the data folder itself. */
async function backupStoppedShop(dataDir: string): Promise<Buffer> {
  if (!fs.existsSync(path.join(dataDir, PGDATA_FOLDER, 'PG_VERSION'))) {
    throw new Refusal(`There is no shop database in ${dataDir} (DATA_DIR): nothing to back up.`);
  }
  const database = await openDatabase({ dataDir });
  try {
    return encodeBackup(
      await database.backup!(),
      readAuthSecretFile(dataDir),
      await readImagesFolder(dataDir),
    );
  } finally {
    await database.close();
  }
}

async function main(file: string | undefined): Promise<number> {
  if (!file) {
    console.error('Usage: npm run backup -- FILE');
    return 2;
  }
  const env = loadEnv();
  if (env.DATABASE_URL) {
    throw new Refusal(
      'DATABASE_URL is set: the shop keeps its data in PostgreSQL, which this command does not copy. ' +
        'Back it up with pg_dump (pg_dump --format=custom --file=FILE "$DATABASE_URL"), ' +
        'restore it with pg_restore; see docs/operations.md.',
    );
  }
  const target = path.resolve(file);
  const started = performance.now();
  let from = 'from the running shop';
  let data = await requestBackup(env.DATA_DIR);
  if (!data) {
    from = 'with the shop stopped';
    data = await backupStoppedShop(env.DATA_DIR);
  }
  // The bytes are checked as a restore will check them before anything is written.
  const { manifest } = decodeBackup(data);
  writeFileAtomically(target, data);
  console.log(
    `Backup written to ${target} (${from}) in ${Math.round(performance.now() - started)} ms: ` +
      `${describeSize(data.length)}, ${describeContents(manifest)}.`,
  );
  return 0;
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirInUseError) {
      console.error(error.message);
      console.error(
        'That shop does not offer backups while it runs (an older version, or a DATA_DIR path ' +
          'too long for its socket: see its start log): stop it, run the backup, start it again.',
      );
    } else if (
      error instanceof Refusal ||
      error instanceof EnvError ||
      error instanceof BackupError
    ) {
      console.error(error.message);
    } else {
      console.error('The backup failed:', (error as Error).message ?? error);
    }
    process.exit(1);
  },
);
