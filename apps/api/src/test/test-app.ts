import pino from 'pino';
import { type AppEnv, createApp } from '../app';
import type { DatabaseHandle } from '../db/database';
import { seedDemoData } from '../db/seed';
import { type TestDatabaseKind, createTestDatabase } from './databases';

export interface TestApp {
  database: DatabaseHandle;
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

export const testEnv: AppEnv = {
  NODE_ENV: 'test',
  CORS_ORIGINS: [],
  BODY_LIMIT_BYTES: 100 * 1024,
};

/** The app called in-process (no port) on a fresh database, seeded unless told otherwise. */
export async function createTestApp(
  kind: TestDatabaseKind,
  options: { seed?: boolean; env?: Partial<AppEnv> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind);
  if (options.seed ?? true) await seedDemoData(database.db);
  const app = createApp({
    db: database.db,
    env: { ...testEnv, ...options.env },
    logger: pino({ level: 'silent' }),
  });
  return {
    database,
    request: async (path, init) => app.request(path, init),
    close: () => database.close(),
  };
}
