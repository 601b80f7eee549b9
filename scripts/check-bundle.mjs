// Bundle budget of the home page (run after `npm run build`):
//   node scripts/check-bundle.mjs          prints the sizes, exits 1 over budget
//   node scripts/check-bundle.mjs --json   prints the sizes as JSON (the benchmarks read them)
// The home route's initial JavaScript is the entry <script type="module"> of the built
// index.html plus the chunks it preloads (<link rel="modulepreload">) and, to be safe, every
// chunk those import statically. Each file is gzipped with node:zlib. `measureBundle()` is
// exported for `npm run bench`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET_BYTES = 150 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultDist = path.join(root, 'apps/web/dist');

export class BundleError extends Error {}

/**
 * Gzipped sizes of the built web app: the home route's initial JavaScript (file by file),
 * its initial CSS, the lazy CSS, and the lazy JavaScript chunks, largest first.
 */
export function measureBundle(dist = defaultDist) {
  const indexHtml = path.join(dist, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    throw new BundleError(`No ${path.relative(root, indexHtml)}: run \`npm run build\` first.`);
  }

  const html = fs.readFileSync(indexHtml, 'utf8');
  const attribute = (tag, name) =>
    tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`))?.[1];
  const tags = (name) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
  /** A URL of index.html ("/assets/x.js") as a path inside dist. */
  const toFile = (url) => path.join(dist, url.replace(/^\//, '').split(/[?#]/)[0]);

  const entries = tags('script')
    .filter((tag) => attribute(tag, 'type') === 'module' && attribute(tag, 'src'))
    .map((tag) => toFile(attribute(tag, 'src')));
  if (entries.length === 0) {
    throw new BundleError('index.html has no <script type="module" src>: cannot find the entry.');
  }
  const preloads = tags('link')
    .filter((tag) => attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href'))
    .map((tag) => toFile(attribute(tag, 'href')));
  const initialCss = tags('link')
    .filter((tag) => attribute(tag, 'rel') === 'stylesheet' && attribute(tag, 'href'))
    .map((tag) => toFile(attribute(tag, 'href')));

  // Static imports between chunks (`import … from "./x.js"`, `import "./x.js"`); dynamic
  // `import("./x.js")` is what lazy loading is made of and is not followed.
  const staticImport = /(?:\bfrom\s*|\bimport\s*)["'](\.{1,2}\/[^"']+\.js)["']/g;
  const initialJs = new Set();
  const queue = [...entries, ...preloads];
  while (queue.length > 0) {
    const file = queue.shift();
    if (initialJs.has(file)) continue;
    if (!fs.existsSync(file)) {
      throw new BundleError(`index.html names ${path.relative(dist, file)}, which is not in dist.`);
    }
    initialJs.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(staticImport)) {
      queue.push(path.resolve(path.dirname(file), match[1]));
    }
  }

  const gzipSize = (file) => gzipSync(fs.readFileSync(file), { level: 9 }).length;
  const sized = (files) =>
    files.map((file) => ({ file: path.relative(dist, file), bytes: gzipSize(file) }));
  const sum = (list) => list.reduce((total, item) => total + item.bytes, 0);

  const allFiles = fs
    .readdirSync(path.join(dist, 'assets'), { recursive: true })
    .map((file) => path.join(dist, 'assets', String(file)));
  const js = sized([...initialJs]);
  const css = sized(initialCss);
  const lazyJs = sized(allFiles.filter((file) => file.endsWith('.js') && !initialJs.has(file)));
  lazyJs.sort((a, b) => b.bytes - a.bytes);
  const lazyCss = sized(
    allFiles.filter((file) => file.endsWith('.css') && !initialCss.includes(file)),
  );
  return {
    budgetBytes: BUDGET_BYTES,
    initialJs: { files: js, bytes: sum(js) },
    initialCss: { files: css, bytes: sum(css) },
    lazyCss: { files: lazyCss, bytes: sum(lazyCss) },
    lazyJs: { files: lazyJs, bytes: sum(lazyJs), largest: lazyJs[0] },
  };
}

function main() {
  let sizes;
  try {
    sizes = measureBundle();
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    console.error(error.message);
    process.exit(2);
  }
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2));
    process.exit(sizes.initialJs.bytes > BUDGET_BYTES ? 1 : 0);
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log('Home route, initial JavaScript (gzipped):');
  for (const { file, bytes } of sizes.initialJs.files)
    console.log(`  ${file.padEnd(44)} ${kb(bytes)}`);
  console.log(`  ${'total'.padEnd(44)} ${kb(sizes.initialJs.bytes)}  (budget ${kb(BUDGET_BYTES)})`);
  console.log(`Initial CSS (gzipped):  ${kb(sizes.initialCss.bytes)}`);
  console.log(
    `Lazy CSS (gzipped):     ${kb(sizes.lazyCss.bytes)} in ${sizes.lazyCss.files.length} file(s)`,
  );
  const largest = sizes.lazyJs.largest;
  console.log(
    largest
      ? `Largest lazy chunk:     ${largest.file} ${kb(largest.bytes)} (of ${sizes.lazyJs.files.length} lazy chunks, ${kb(sizes.lazyJs.bytes)} in all)`
      : 'Largest lazy chunk:     none',
  );
  if (sizes.initialJs.bytes > BUDGET_BYTES) {
    console.error(
      `\nOver budget: the home route's initial JavaScript is ${kb(sizes.initialJs.bytes)} gzipped, more than ${kb(BUDGET_BYTES)}.`,
    );
    process.exit(1);
  }
  console.log('\nWithin budget.');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
