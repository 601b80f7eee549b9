import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { paths } from './src/lib/paths.ts';

/**
 * Writes `.vite/route-preloads.json`: for each public lazy screen, its URL path ('*' for the
 * missing page) and the chunks it needs beyond the entry's. Its prerendered page lists them as
 * `<link rel="modulepreload">` (scripts/prerender.mjs, decision 010), so they download with the
 * entry rather than after it, and the page hydrates as soon as the entry has run.
 */
function routePreloads(routes: Record<string, string>): Plugin {
  return {
    name: 'shop-route-preloads',
    // The browser's build only: the prerender's server build has no pages to preload.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item]] : [],
        ),
      );
      /** The chunk and every chunk it imports statically, as file names. */
      const withImports = (fileName: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(fileName)) return seen;
        seen.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) withImports(imported, seen);
        return seen;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('route-preloads: the build has no entry chunk');
      const initial = withImports(entry.fileName);
      const preloads = Object.fromEntries(
        Object.entries(routes).map(([urlPath, source]) => {
          const moduleId = path.resolve(import.meta.dirname, source);
          const chunk = [...chunks.values()].find((item) => item.facadeModuleId === moduleId);
          if (!chunk) throw new Error(`route-preloads: no chunk for ${source}`);
          const files = [...withImports(chunk.fileName)].filter((file) => !initial.has(file));
          return [urlPath, files.map((file) => `/${file}`)];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: '.vite/route-preloads.json',
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}

/**
 * Preloads the typeface (src/index.css) from `index.html`, so it arrives with the stylesheet,
 * inside the moment `font-display: optional` waits, rather than after the stylesheet is parsed.
 */
function preloadTypeface(fileStem: string): Plugin {
  return {
    name: 'shop-preload-typeface',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const file = Object.keys(context.bundle).find(
          (fileName) => fileName.includes(fileStem) && fileName.endsWith('.woff2'),
        );
        if (!file) throw new Error(`preload-typeface: the build has no ${fileStem} font`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${file}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * In development the API runs apart (npm run dev); Vite forwards /api to it, and what the API
 * serves for search engines at the root (robots.txt, the sitemaps: PUBLIC_URL's, at run time).
 */
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads({
      [paths.blogs]: 'src/app/routes/blogs.tsx',
      [paths.portfolio]: 'src/app/routes/portfolio.tsx',
      [paths.login]: 'src/app/routes/login.tsx',
      [paths.register]: 'src/app/routes/register.tsx',
      // Rendered by the server at request time (decision 036), keyed by their pattern.
      [paths.partPattern]: 'src/app/routes/part.tsx',
      [paths.laptopPattern]: 'src/app/routes/laptop.tsx',
      '*': 'src/app/routes/not-found.tsx',
    }),
    preloadTypeface('plus-jakarta-sans-latin-wght-normal'),
  ],
  server: {
    proxy: {
      '/api': apiTarget,
      '/robots.txt': apiTarget,
      '^/sitemap[^/?]*\\.xml(\\?|$)': apiTarget,
    },
  },
  build: { target: 'es2022', sourcemap: false },
});
