// Second step of the web build (`npm run build`, after `vite build`), decision 018:
// 1. builds src/prerender.tsx for Node and renders each public page with it;
// 2. writes each page as dist/index.html with the rendered screen inside #root, the app's
//    stylesheet inlined (the first paint waits for nothing but the page) and the screen's chunks
//    as <link rel="modulepreload">, under dist/.vite/pages/, listed in dist/.vite/pages.json with
//    every route pattern of the app (the server answers other paths with the missing page, 404);
// 3. keeps that renderer, whole, under dist/.vite/server, with a page template for each screen
//    the server renders at request time (a part's, a laptop model's: decision 036), listed in
//    pages.json's `dynamic`;
// 4. writes `.br` and `.gz` beside every text file of dist, compressed once at the highest level
//    rather than on every request (decision 010).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
// Under .vite, which the server never serves (apps/api/src/web.ts).
const serverBuild = path.join(dist, '.vite', 'server');

/** The pages that arrive rendered: path -> file name under dist/.vite/pages. */
const PAGES = {
  '/': 'home.html',
  '/home': 'home-alias.html',
  '/blogs': 'blogs.html',
  '/portfolio': 'portfolio.html',
  '/login': 'login.html',
  '/register': 'register.html',
};
/** A page shown at another page's address too names that one as its own. */
const CANONICAL = { '/home': '/' };
/**
 * The screens the server renders at each request with their data (decision 036): route pattern
 * -> template file. Their chunks are preloaded as a fixed page's are.
 */
const DYNAMIC = {
  '/parts/:slug': 'part.html',
  '/laptops/:slug': 'laptop.html',
};
/** Any path no screen answers renders the missing page. */
const NOT_FOUND = { path: '/this-page-does-not-exist', file: 'not-found.html' };

await build({
  root: webRoot,
  configFile: path.join(webRoot, 'vite.config.ts'),
  logLevel: 'warn',
  // Whole: the server loads it from dist, wherever node_modules is (or is not).
  ssr: { noExternal: true },
  publicDir: false,
  // React's production build whatever NODE_ENV the server runs with: its development build
  // renders a part's page in about 7 ms of CPU, this one in about 3.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/prerender.tsx',
    outDir: serverBuild,
    emptyOutDir: true,
    target: 'node20',
    rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
  },
});
const { renderPage, routePatterns } = await import(
  pathToFileURL(path.join(serverBuild, 'prerender.mjs')).href
);

const shell = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
const preloads = JSON.parse(
  fs.readFileSync(path.join(dist, '.vite', 'route-preloads.json'), 'utf8'),
);

// On slow networks the stylesheet shared the bandwidth with the scripts and held the first
// paint back by seconds; inlined, it arrives with the page.
const stylesheet = shell.match(/<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/);
if (!stylesheet) throw new Error('index.html links no stylesheet');
const css = fs.readFileSync(path.join(dist, stylesheet[1]), 'utf8');
if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined');

// The page is readable before any script runs, so its scripts start once it has painted:
// public/boot.js adds the entry and its preloads then, from its data attributes.
const entryScript = shell.match(
  /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/,
);
if (!entryScript) throw new Error('index.html has no entry script');
const shellPreloads = [
  ...shell.matchAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g),
];

/** The shell with the rendered screen in #root, its styles inline, its scripts after the paint. */
function page(html, chunks = []) {
  const preload = [...shellPreloads.map((link) => link[1]), ...chunks].join(' ');
  const boot = `<script defer src="/boot.js" data-entry="${entryScript[1]}" data-preload="${preload}"></script>`;
  let result = shell.replace(entryScript[0], () => boot);
  for (const link of shellPreloads) result = result.replace(link[0], '');
  return result
    .replace(stylesheet[0], () => `<style>${css}</style>`)
    .replace('<div id="root"></div>', () => `<div id="root">${html}</div>`);
}

const pagesDir = path.join(dist, '.vite', 'pages');
fs.mkdirSync(pagesDir, { recursive: true });
const pages = {};
for (const [urlPath, file] of Object.entries(PAGES)) {
  const { html, status } = await renderPage(urlPath);
  if (status !== 200) throw new Error(`prerender: ${urlPath} rendered with status ${status}`);
  // Its one address for search engines, relative (the shop's own is known only when it runs):
  // `/home` shows the home page, whose address is `/`.
  const canonical = `<link rel="canonical" href="${CANONICAL[urlPath] ?? urlPath}" />`;
  fs.writeFileSync(
    path.join(pagesDir, file),
    page(html, preloads[urlPath]).replace('</title>', () => `</title>\n    ${canonical}`),
  );
  pages[urlPath] = `.vite/pages/${file}`;
}
// The server fills these in at each request: the page's own head (title, description, canonical,
// structured data), the screen rendered with its data, and that data for the browser.
const title = /<title>[^<]*<\/title>/;
const description = /\s*<meta\s+name="description"\s+content="[^"]*"\s*\/>/;
if (!title.test(shell) || !description.test(shell))
  throw new Error('index.html has no title or description');
const dynamic = {};
for (const [pattern, file] of Object.entries(DYNAMIC)) {
  if (!preloads[pattern]) throw new Error(`prerender: no preloads for ${pattern}`);
  const template = page('<!--page-html-->', preloads[pattern])
    .replace(description, '')
    .replace(title, '<!--page-head-->')
    .replace('<div id="root-end" hidden></div>', (end) => `${end}<!--page-data-->`);
  if (!template.includes('<!--page-data-->')) throw new Error('index.html has no #root-end');
  fs.writeFileSync(path.join(pagesDir, file), template);
  dynamic[pattern] = `.vite/pages/${file}`;
}
// The router's catch-all route answers it: the server sends it with 404.
const missing = await renderPage(NOT_FOUND.path);
fs.writeFileSync(path.join(pagesDir, NOT_FOUND.file), page(missing.html, preloads['*']));
fs.writeFileSync(
  path.join(dist, '.vite', 'pages.json'),
  JSON.stringify(
    {
      pages,
      notFound: `.vite/pages/${NOT_FOUND.file}`,
      routes: routePatterns(),
      renderer: '.vite/server/prerender.mjs',
      dynamic,
    },
    null,
    2,
  ),
);

const walk = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
    );
for (const file of walk(dist)) {
  // The renderer is the server's, and the templates are filled in before they are sent.
  if (
    file.startsWith(serverBuild) ||
    Object.values(DYNAMIC).some((name) => file.endsWith(`/${name}`))
  )
    continue;
  if (!/\.(js|css|html|svg|json|txt)$/.test(file)) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  );
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
}
console.log(`prerendered ${Object.keys(pages).length + 1} pages`);
