// Catalogue reads: GET /api/tools on the shop against a bare node:http server answering the
// same bytes (body and content-type) from memory, each under the same autocannon load, in
// alternating rounds. Also the resident memory of both after the load.
import path from 'node:path';
import { assertClean, best, load } from './lib/load.mjs';
import { rssKb, startBareServer } from './lib/shop.mjs';

/** `shop` is a running shop ({ url, pid }); `dir` a folder for logs. */
export async function measureCatalogue({ shop, dir, connections = 50, rounds = 2, seconds = 5 }) {
  const response = await fetch(`${shop.url}/api/tools`);
  const body = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type');
  const bare = await startBareServer({ body, contentType, logFile: path.join(dir, 'bare.log') });
  try {
    const check = await fetch(bare.url);
    const same = Buffer.from(await check.arrayBuffer()).equals(body);
    if (!same || check.headers.get('content-type') !== contentType) {
      throw new Error('the bare server does not answer the same bytes');
    }
    const options = (url) => ({ url: `${url}/api/tools`, connections, duration: seconds });
    // Warm up both (JIT, caches, connections), then alternate so noise hits both alike.
    await load({ ...options(shop.url), duration: 1 });
    await load({ ...options(bare.url), duration: 1 });
    const ours = [];
    const reference = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await load(options(shop.url)));
      reference.push(await load(options(bare.url)));
    }
    ours.forEach((run) => assertClean('shop GET /api/tools', run));
    reference.forEach((run) => assertClean('bare server', run));
    return {
      bodyBytes: body.length,
      ours: best(ours),
      reference: best(reference),
      rssKb: { ours: rssKb(shop.pid), reference: rssKb(bare.pid) },
    };
  } finally {
    await bare.stop();
  }
}
