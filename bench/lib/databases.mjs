// Direct database access for the reference figures: PGlite on a data folder the shop has
// released, or PostgreSQL through pg; and a throwaway PostgreSQL server like .ci/run's.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { onCleanup, tempDir } from './cleanup.mjs';
import { freePort } from './shop.mjs';

/**
 * One interface over both: `query(sql, params)` answers rows; `transaction(fn)` runs `fn`
 * with a `query` of its own inside BEGIN/COMMIT.
 */
export async function openPglite(dataDir) {
  const db = new PGlite(path.join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
  await db.waitReady;
  const close = onCleanup(() => db.close());
  return {
    kind: 'pglite',
    query: async (text, params) => (await db.query(text, params)).rows,
    exec: (text) => db.exec(text),
    transaction: (fn) =>
      db.transaction((tx) => fn(async (text, params) => (await tx.query(text, params)).rows)),
    close,
  };
}

/** A pool as the shop's own (10 connections). */
export function openPostgres(url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pool.on('error', () => {});
  const close = onCleanup(() => pool.end());
  return {
    kind: 'postgres',
    query: async (text, params) => (await pool.query(text, params)).rows,
    exec: (text) => pool.query(text),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(async (text, params) => (await client.query(text, params)).rows);
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close,
  };
}

export const PG_BIN = '/usr/lib/postgresql/15/bin';

/**
 * A PostgreSQL server for the bench: BENCH_DATABASE_URL when set, else a throwaway server
 * started as .ci/run does (initdb as an unprivileged user, 127.0.0.1, a free port), stopped
 * at cleanup. Answers { url, logFile } (no logFile with BENCH_DATABASE_URL) or { skipped: reason }.
 */
export async function startPostgres() {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL };
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) {
    return { skipped: `no PostgreSQL binaries at ${PG_BIN} (install postgresql-15)` };
  }
  const isRoot = process.getuid?.() === 0;
  const user = isRoot ? 'shopbench' : undefined;
  const run = (command, args) => {
    const [cmd, argv] = isRoot
      ? ['runuser', ['-u', user, '--', command, ...args]]
      : [command, args];
    const result = spawnSync(cmd, argv, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${command} failed: ${result.stderr || result.stdout || result.error}`);
    }
  };
  if (isRoot && spawnSync('id', ['-u', user]).status !== 0) {
    const made = spawnSync('useradd', [
      '--system',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      user,
    ]);
    if (made.status !== 0) return { skipped: `could not create the user ${user} for initdb` };
  }
  const dir = tempDir('pg');
  if (isRoot) spawnSync('chown', [user, dir]);
  const port = await freePort();
  const dbUser = user ?? (process.env.USER || 'postgres');
  run(path.join(PG_BIN, 'initdb'), [
    '-D',
    `${dir}/data`,
    '-U',
    dbUser,
    '--auth=trust',
    '--encoding=UTF8',
  ]);
  run(path.join(PG_BIN, 'pg_ctl'), [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/server.log`,
    '-w',
    '-o',
    `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c max_connections=200`,
    'start',
  ]);
  onCleanup(() => run(path.join(PG_BIN, 'pg_ctl'), ['-D', `${dir}/data`, '-m', 'fast', 'stop']));
  return { url: `postgres://${dbUser}@127.0.0.1:${port}/postgres`, logFile: `${dir}/server.log` };
}

/**
 * A new database on the server, empty or a copy of `template` (dropped at cleanup); answers
 * its URL.
 */
export async function createDatabase(serverUrl, name, template) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  onCleanup(async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
