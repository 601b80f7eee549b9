// Start: the shop's first start on an empty data folder (creating, migrating and seeding the
// database) and a restart on it, each until GET /api/ready answers; against a bare node:http
// process started the same way, until it answers.
import path from 'node:path';
import { startBareServer, startShop } from './lib/shop.mjs';

/** Answers the times and the restarted shop, left running for the next measurements. */
export async function measureStart({ dir }) {
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'shop.log');
  const first = await startShop({ dataDir, logFile });
  await first.stop();
  const shop = await startShop({ dataDir, logFile });
  const bare = await startBareServer({
    body: 'ok',
    contentType: 'text/plain',
    logFile: path.join(dir, 'bare-start.log'),
  });
  await bare.stop();
  return { firstMs: first.readyMs, restartMs: shop.readyMs, bareMs: bare.readyMs, shop, dataDir };
}
