import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, inject } from 'vitest';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../db/database';

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

/**
 * A schema tests start from, by name: global-setup.ts builds each one once per run (a PGlite
 * snapshot file and a PostgreSQL template database) and every test file copies it.
 */
export interface TestSchema {
  name: string;
  migrate: Migrate;
}

/** What global-setup.ts built: a snapshot file and a template database per schema name. */
export interface TestDatabaseTemplates {
  pglite: Record<string, string>;
  postgres: Record<string, string>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplates: TestDatabaseTemplates;
  }
}

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

/** The templates of this run, or none when Vitest ran without global-setup.ts. */
function runTemplates(): TestDatabaseTemplates | undefined {
  try {
    return inject('testDatabaseTemplates');
  } catch {
    return undefined;
  }
}

/** PGlite snapshots in this test file, by schema (or by migration function, for one-offs). */
const pgliteSnapshots = new Map<string | Migrate, Promise<Blob>>();

function pgliteSnapshot(schema: TestSchema | Migrate): Promise<Blob> {
  const key = typeof schema === 'function' ? schema : schema.name;
  let snapshot = pgliteSnapshots.get(key);
  if (!snapshot) {
    const file = typeof schema === 'function' ? undefined : runTemplates()?.pglite[schema.name];
    snapshot = file
      ? readFile(file).then((bytes) => new Blob([bytes]))
      : buildPgliteSnapshot(typeof schema === 'function' ? schema : schema.migrate);
    pgliteSnapshots.set(key, snapshot);
  }
  return snapshot;
}

/** A new in-memory PGlite, migrated, as a snapshot: seconds of work, so done once per run. */
export async function buildPgliteSnapshot(migrate: Migrate): Promise<Blob> {
  const template = await openDatabase({ inMemory: true });
  try {
    await migrate(template);
    return await template.snapshot!();
  } finally {
    await template.close();
  }
}

/**
 * A fresh, migrated database: an in-memory PGlite, or a new database created on the
 * PostgreSQL server (dropped again by `close`). Both are copies of the schema's template,
 * built once per run: starting PGlite and migrating costs seconds, a copy a fraction. A
 * migration function instead of a schema (a test of one migration) is run on an empty one.
 */
export async function createTestDatabase(
  kind: TestDatabaseKind,
  schema: TestSchema | Migrate,
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    return reopenablePglite(
      await openDatabase({ inMemory: true, from: await pgliteSnapshot(schema) }),
    );
  }
  const template = typeof schema === 'function' ? undefined : runTemplates()?.postgres[schema.name];
  const empty = await createEmptyPostgresDatabase(template);
  const handle = await openDatabase({ databaseUrl: empty.url });
  if (!template) await (typeof schema === 'function' ? schema : schema.migrate)(handle);
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
 * A new database on the PostgreSQL server, empty (no table at all) or a copy of a template
 * database: its URL, and `drop`, which ends its connections and removes it.
 */
export async function createEmptyPostgresDatabase(template?: string) {
  const name = `shop_test_${randomUUID().replaceAll('-', '')}`;
  await onTestServer(`create database ${name}${template ? ` template ${template}` : ''}`);
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
