// A part's public page (decision 036) under load, brotli as browsers ask for it:
// - kept: the shop answers from its copy of the page (as visitors and crawlers asking for it
//   again within CATALOGUE_CACHE_MS find it), against a bare node:http server answering the
//   same bytes and headers from memory, in alternating rounds;
// - uncached: each request names the page with a query of its own, so no copy, no kept render
//   and no compressed bytes can serve it: the part is read, the page rendered and compressed.
import { request } from 'node:http';
import path from 'node:path';
import { assertClean, best, load } from './lib/load.mjs';
import { startBareServer } from './lib/shop.mjs';

/** A part of the demo catalogue the benchmark's shop starts with. */
export const PART_PAGE = '/parts/t490-battery-50wh-lps000012';
const HEADERS = { 'accept-encoding': 'br' };

/** `uncached: false`: the kept page and its reference only (bench/smoke.mjs). */
export async function measurePartPage({
  shop,
  dir,
  connections = 50,
  rounds = 2,
  seconds = 5,
  uncached: measureUncached = true,
}) {
  const page = await sent(`${shop.url}${PART_PAGE}`);
  if (page.status !== 200 || page.encoding !== 'br') {
    throw new Error(`${PART_PAGE}: ${page.status}, ${page.encoding ?? 'not'} compressed`);
  }
  const bare = await startBareServer({
    body: page.body,
    contentType: page.contentType,
    contentEncoding: page.encoding,
    logFile: path.join(dir, 'bare-page.log'),
  });
  try {
    const options = (url, extra = {}) => ({
      url: `${url}${PART_PAGE}`,
      connections,
      duration: seconds,
      headers: HEADERS,
      ...extra,
    });
    await load({ ...options(shop.url), duration: 1 });
    await load({ ...options(bare.url), duration: 1 });
    const kept = [];
    const reference = [];
    for (let round = 0; round < rounds; round++) {
      kept.push(await load(options(shop.url)));
      reference.push(await load(options(bare.url)));
    }
    kept.forEach((run) => assertClean(`shop ${PART_PAGE}`, run));
    reference.forEach((run) => assertClean('bare server', run));
    const ours = best(kept);
    if (!measureUncached) return { sentBytes: page.body.length, ours, reference: best(reference) };
    let fresh = 0;
    const uncachedBy = (conns) =>
      load(
        options(shop.url, {
          connections: conns,
          requests: [
            { setupRequest: (request) => ({ ...request, path: `${PART_PAGE}?v=${fresh++}` }) },
          ],
        }),
      );
    const uncached = await uncachedBy(connections);
    assertClean(`shop ${PART_PAGE}?v=...`, uncached);
    // One visitor at a time: what a page costs when nothing waits for another's.
    const uncachedAlone = await uncachedBy(1);
    assertClean(`shop ${PART_PAGE}?v=..., 1 conn`, uncachedAlone);
    return {
      sentBytes: page.body.length,
      ours,
      reference: best(reference),
      uncached,
      uncachedAlone,
    };
  } finally {
    await bare.stop();
  }
}

/** The answer as the server sent it: its body still compressed (fetch would decode it). */
function sent(url) {
  return new Promise((resolve, reject) => {
    request(url, { headers: HEADERS }, (answer) => {
      const chunks = [];
      answer.on('data', (chunk) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          status: answer.statusCode,
          body: Buffer.concat(chunks),
          contentType: answer.headers['content-type'],
          encoding: answer.headers['content-encoding'],
        }),
      );
      answer.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
