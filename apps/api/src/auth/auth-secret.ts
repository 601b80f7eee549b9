import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AUTH_SECRET_FILE } from '../db/backup';
import type { Env } from '../env';

/**
 * The secret that signs sessions: AUTH_SECRET, or (outside production) one generated once and
 * kept in the data folder, so `npm start` works without setup and sessions survive restarts.
 */
export function resolveAuthSecret(env: Pick<Env, 'AUTH_SECRET' | 'DATA_DIR'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.DATA_DIR, AUTH_SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
