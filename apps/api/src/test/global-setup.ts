/**
 * Vitest's global setup (vitest.config.ts): builds each test schema once per run, before any
 * test file starts, instead of once per file. Starting a PGlite from nothing and migrating it
 * costs about 10 s of CPU; 60 files did it, a tenth of the whole run's CPU (issue 32).
 * - PGlite: a snapshot file each test file opens copies of.
 * - PostgreSQL (TEST_DATABASE_URL): a template database each test database is created from.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database';
import { type TestDatabaseTemplates, type TestSchema, buildPgliteSnapshot } from './databases';
import { SIGN_IN_AND_SHOP_SCHEMA } from './test-app';

const schemas: TestSchema[] = [SIGN_IN_AND_SHOP_SCHEMA];

async function onServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A template database of the schema on the server; its name. */
async function postgresTemplate(serverUrl: string, schema: TestSchema) {
  const name = `shop_template_${schema.name.replaceAll(/\W/g, '_')}_${randomUUID().slice(0, 8)}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // A minute per statement: PGlite's template is built in this same process meanwhile, and
  // keeps its one thread busy for seconds at a time.
  const handle = await openDatabase({ databaseUrl: url.toString(), timeoutMs: 60_000 });
  try {
    await schema.migrate(handle);
  } finally {
    await handle.close();
  }
  // A template is copied only while nobody is connected to it: wait for the pool's last
  // connection to be gone on the server's side too.
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await onServer(
      serverUrl,
      `select count(*)::int as connected from pg_stat_activity where datname = '${name}'`,
    );
    if (rows[0].connected === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return name;
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const folder = await mkdtemp(path.join(os.tmpdir(), 'shop-test-templates-'));
  const templates: TestDatabaseTemplates = { pglite: {}, postgres: {} };
  await Promise.all(
    schemas.flatMap((schema) => [
      (async () => {
        const file = path.join(folder, `${schema.name}.tar`);
        const snapshot = await buildPgliteSnapshot(schema.migrate);
        await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
        templates.pglite[schema.name] = file;
      })(),
      ...(serverUrl
        ? [
            (async () => {
              templates.postgres[schema.name] = await postgresTemplate(serverUrl, schema);
            })(),
          ]
        : []),
    ]),
  );
  project.provide('testDatabaseTemplates', templates);

  return async () => {
    await rm(folder, { recursive: true, force: true });
    for (const name of Object.values(templates.postgres)) {
      await onServer(serverUrl!, `drop database if exists ${name} with (force)`);
    }
  };
}
