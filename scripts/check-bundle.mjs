// Bundle budget of the home page (run after `npm run build`):
//   node scripts/check-bundle.mjs
// The home route's initial JavaScript is the entry <script type="module"> of the built
// index.html plus the chunks it preloads (<link rel="modulepreload">) and, to be safe, every
// chunk those import statically. Each file is gzipped with node:zlib; the script prints the
// sizes and exits non-zero when the initial JavaScript is over budget.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const indexHtml = path.join(dist, 'index.html');
if (!fs.existsSync(indexHtml)) {
  console.error(`No ${path.relative(root, indexHtml)}: run \`npm run build\` first.`);
  process.exit(2);
}

const html = fs.readFileSync(indexHtml, 'utf8');
const attribute = (tag, name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`))?.[1];
const tags = (name) => html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
/** A URL of index.html ("/assets/x.js") as a path inside dist. */
const toFile = (url) => path.join(dist, url.replace(/^\//, '').split(/[?#]/)[0]);

const entries = tags('script')
  .filter((tag) => attribute(tag, 'type') === 'module' && attribute(tag, 'src'))
  .map((tag) => toFile(attribute(tag, 'src')));
if (entries.length === 0) {
  console.error('index.html has no <script type="module" src>: cannot find the entry.');
  process.exit(2);
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
    console.error(`index.html names ${path.relative(dist, file)}, which is not in dist.`);
    process.exit(2);
  }
  initialJs.add(file);
  for (const match of fs.readFileSync(file, 'utf8').matchAll(staticImport)) {
    queue.push(path.resolve(path.dirname(file), match[1]));
  }
}

const gzipSize = (file) => gzipSync(fs.readFileSync(file), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const name = (file) => path.relative(dist, file);
const sum = (files) => files.reduce((total, file) => total + gzipSize(file), 0);

const allFiles = fs
  .readdirSync(path.join(dist, 'assets'), { recursive: true })
  .map((file) => path.join(dist, 'assets', String(file)));
const lazyJs = allFiles
  .filter((file) => file.endsWith('.js') && !initialJs.has(file))
  .map((file) => ({ file, size: gzipSize(file) }))
  .sort((a, b) => b.size - a.size);
const lazyCss = allFiles.filter((file) => file.endsWith('.css') && !initialCss.includes(file));

console.log('Home route, initial JavaScript (gzipped):');
for (const file of initialJs) console.log(`  ${name(file).padEnd(44)} ${kb(gzipSize(file))}`);
const initialTotal = sum([...initialJs]);
console.log(`  ${'total'.padEnd(44)} ${kb(initialTotal)}  (budget ${kb(BUDGET_BYTES)})`);
console.log(`Initial CSS (gzipped):  ${kb(sum(initialCss))}`);
console.log(`Lazy CSS (gzipped):     ${kb(sum(lazyCss))} in ${lazyCss.length} file(s)`);
const largest = lazyJs[0];
console.log(
  largest
    ? `Largest lazy chunk:     ${name(largest.file)} ${kb(largest.size)} (of ${lazyJs.length} lazy chunks, ${kb(lazyJs.reduce((t, c) => t + c.size, 0))} in all)`
    : 'Largest lazy chunk:     none',
);

if (initialTotal > BUDGET_BYTES) {
  console.error(
    `\nOver budget: the home route's initial JavaScript is ${kb(initialTotal)} gzipped, more than ${kb(BUDGET_BYTES)}.`,
  );
  process.exit(1);
}
console.log('\nWithin budget.');
