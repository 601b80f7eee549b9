import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '../test/databases';
import { runEntry } from '../test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-make-admin-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const roleOf = async (email: string) => {
  const database = await openDatabase({ dataDir });
  try {
    await migrateToLatest(database.db);
    const row = await database.db
      .selectFrom('users')
      .select('role')
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.role;
  } finally {
    await database.close();
  }
};

describe('npm run make-admin', () => {
  it('promotes an existing user, and says so for an unknown one', async () => {
    const database = await openDatabase({ dataDir });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('users')
      .values({ auth_user_id: 'auth-1', email: 'maria@example.com', name: 'Maria' })
      .execute();
    await database.close();
    expect(await roleOf('maria@example.com')).toBe('user');

    const promoted = await runEntry('src/cli/make-admin.ts', ['maria@example.com'], {
      DATA_DIR: dataDir,
    }).exited;
    expect(promoted.code, promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(`Database: the embedded database in ${dataDir} (DATA_DIR).`);
    expect(promoted.stdout).toContain('maria@example.com is now an admin.');
    expect(await roleOf('maria@example.com')).toBe('admin');

    const unknown = await runEntry('src/cli/make-admin.ts', ['nobody@example.com'], {
      DATA_DIR: dataDir,
    }).exited;
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('must sign in once first');
  }, 60_000);

  it('says to stop the server when the data folder is in use', async () => {
    const running = await openDatabase({ dataDir }); // as a running server holds it
    try {
      const refused = await runEntry('src/cli/make-admin.ts', ['maria@example.com'], {
        DATA_DIR: dataDir,
      }).exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is in use by another shop server');
      expect(refused.stderr).toContain('stop the server, run make-admin');
    } finally {
      await running.close();
    }
  }, 60_000);

  // Issue 49: run without DATA_DIR beside a shop started with another folder, it made a new,
  // empty ./data of 41 MB and answered "No user with the email".
  it('refuses a data folder that does not exist, names it, and creates nothing', async () => {
    const missing = path.join(dataDir, 'not-the-shops-folder');
    const refused = await runEntry('src/cli/make-admin.ts', ['maria@example.com'], {
      DATA_DIR: missing,
    }).exited;
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(`Database: the embedded database in ${missing} (DATA_DIR).`);
    expect(refused.stderr).toContain(
      `There is no shop database in ${missing} (DATA_DIR): the folder does not exist.`,
    );
    expect(refused.stderr).toContain('Set DATA_DIR to the folder the shop runs with');
    expect(refused.stderr).not.toContain('No user with the email');
    expect(fs.existsSync(missing)).toBe(false);
  }, 60_000);

  it('refuses a folder with no database in it, relative to where it runs, and leaves it empty', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-make-admin-empty-'));
    try {
      // As DATA_DIR's default, ./data: named by its absolute path.
      const refused = await runEntry('src/cli/make-admin.ts', ['maria@example.com'], {
        DATA_DIR: path.relative(path.resolve(import.meta.dirname, '../..'), empty),
      }).exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `There is no shop database in ${empty} (DATA_DIR): the folder holds no database.`,
      );
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  }, 60_000);
});

describe.runIf(testDatabaseKinds.includes('postgres'))('npm run make-admin [postgres]', () => {
  const password = 'not-to-be-printed-7f3a';
  /** The test server's address with a password in it (the server trusts it and asks none). */
  const withPassword = (url: string) => {
    const address = new URL(url);
    address.password = password;
    address.searchParams.set('application_name', 'make-admin-test');
    return address.toString();
  };

  it('names the server and database it opens, never the password', async () => {
    const postgres = await createEmptyPostgresDatabase();
    try {
      const database = await openDatabase({ databaseUrl: postgres.url });
      await migrateToLatest(database.db);
      await database.db
        .insertInto('users')
        .values({ auth_user_id: 'auth-pg', email: 'pat@example.com', name: 'Pat' })
        .execute();
      await database.close();
      const address = new URL(postgres.url);

      const promoted = await runEntry('src/cli/make-admin.ts', ['pat@example.com'], {
        DATABASE_URL: withPassword(postgres.url),
      }).exited;
      expect(promoted.code, promoted.stderr).toBe(0);
      expect(promoted.stdout + promoted.stderr).not.toContain(password);
      expect(promoted.stdout).toContain(
        `Database: PostgreSQL database "${address.pathname.slice(1)}" on ${address.hostname}:${address.port}`,
      );
      expect(promoted.stdout).toContain('(DATABASE_URL).');
      expect(promoted.stdout).toContain('pat@example.com is now an admin.');
    } finally {
      await postgres.drop();
    }
  }, 60_000);

  it('refuses a database the shop never started on, and makes no table in it', async () => {
    const postgres = await createEmptyPostgresDatabase();
    try {
      const refused = await runEntry('src/cli/make-admin.ts', ['pat@example.com'], {
        DATABASE_URL: withPassword(postgres.url),
      }).exited;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('the shop has never started on it. Nothing was created.');
      expect(refused.stderr).toContain('Set DATABASE_URL to the database the shop runs with');
      expect(refused.stdout + refused.stderr).not.toContain(password);
      const database = await openDatabase({ databaseUrl: postgres.url });
      try {
        const { rows } = await sql<{ tables: number }>`
          select count(*)::int as tables from information_schema.tables
          where table_schema = 'public'`.execute(database.db);
        expect(rows[0]?.tables).toBe(0);
      } finally {
        await database.close();
      }
    } finally {
      await postgres.drop();
    }
  }, 60_000);
});
