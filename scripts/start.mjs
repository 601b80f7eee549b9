// `npm start`: builds the web app and the API when the build is missing or older than the
// sources, then runs the server (one process, one port) in production mode unless NODE_ENV says
// otherwise: what a newcomer starts is what a merchant may put on the internet.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outputs = ['apps/api/dist/server.js', 'apps/web/dist/index.html'].map((file) =>
  path.join(root, file),
);
const sources = [
  'apps/api/src',
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
  'package-lock.json',
].map((entry) => path.join(root, entry));

function newestModification(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry))
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

const builtAt = Math.min(
  ...outputs.map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0)),
);
if (builtAt === 0 || Math.max(...sources.map(newestModification)) > builtAt) {
  console.log('Building the shop (first start, or the sources changed)...');
  // Always a production bundle: the build is what any later start serves, whatever mode the
  // caller runs the server in (Playwright's shop runs in development).
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Production unless the operator chose otherwise (the shop's own default too, apps/api/src/env.ts),
// set before the server loads: libraries such as Better Auth read it once, as they load.
process.env.NODE_ENV ||= 'production';
await import(path.join(root, 'apps/api/dist/server.js'));
