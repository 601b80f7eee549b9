import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import pg from 'pg';
import { type DatabaseHandle, migrateToLatest, openDatabase } from '../db/database';

export type TestDatabaseKind = 'pglite' | 'postgres';

const serverUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !serverUrl) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the PostgreSQL tests would not run.');
}

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export const testDatabaseKinds: TestDatabaseKind[] = serverUrl
  ? ['pglite', 'postgres']
  : ['pglite'];

export type Migrate = (handle: DatabaseHandle) => Promise<void>;

/** A test database that can also be closed and opened again with its data: a restart. */
export type TestDatabase = DatabaseHandle & {
  /** Closes this handle (the data stays) and answers a new one on the same data. */
  reopen(): Promise<TestDatabase>;
};

function reopenablePglite(handle: DatabaseHandle): TestDatabase {
  return Object.assign(handle, {
    reopen: async () => {
      const data = await handle.snapshot!();
      await handle.close();
      return reopenablePglite(await openDatabase({ inMemory: true, from: data }));
    },
  });
}

function reopenablePostgres(url: string, handle: DatabaseHandle, drop: () => Promise<void>) {
  const database: TestDatabase = {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
    reopen: async () => {
      await handle.close();
      return reopenablePostgres(url, await openDatabase({ databaseUrl: url }), drop);
    },
  };
  return database;
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A fresh, migrated, empty database: an in-memory PGlite, or a new database created on
 * the PostgreSQL server (dropped again by `close`). PGlite copies come from one migrated
 * snapshot per test file: starting PGlite from scratch costs seconds, a copy a fraction.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  migrate: Migrate = async (handle) => void (await migrateToLatest(handle.db)),
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    pgliteTemplate ??= (async () => {
      const template = await openDatabase({ inMemory: true });
      await migrate(template);
      const snapshot = await template.snapshot!();
      await template.close();
      return snapshot;
    })();
    return reopenablePglite(await openDatabase({ inMemory: true, from: await pgliteTemplate }));
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: empty.url });
  await migrate(handle);
  return reopenablePostgres(empty.url, handle, empty.drop);
}

/** Runs one statement on the test server's maintenance database. */
async function onTestServer(statement: string) {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new, empty database on the PostgreSQL server (no table at all): its URL, and `drop`,
 * which ends its connections and removes it.
 */
export async function createEmptyPostgresDatabase() {
  const name = `shop_test_${randomUUID().replaceAll('-', '')}`;
  await onTestServer(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onTestServer(`drop database if exists ${name} with (force)`),
  };
}

/** Runs a suite once per database kind; the kind shows in every test's name. */
export function describeEachDatabase(title: string, suite: (kind: TestDatabaseKind) => void) {
  describe.each(testDatabaseKinds)(`${title} [%s]`, suite);
}
