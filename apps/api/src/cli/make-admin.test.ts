import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../db/database';
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
});
