import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';
import { paths } from './src/lib/paths';

/**
 * Writes `.br` and `.gz` beside every text file of the build (decision 010): the server sends
 * them to browsers that accept them (`serveStatic({ precompressed: true })`), compressed once
 * at build time at the highest level rather than on every request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      );
  return {
    name: 'shop-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
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
    },
  };
}

/**
 * Writes `.vite/route-preloads.json`: for each public lazy screen, its URL path and the chunks
 * it needs beyond the entry's. The server lists them as `<link rel="modulepreload">` in the page
 * it answers for that path (decision 010), so they download with the entry rather than after it.
 */
function routePreloads(routes: Record<string, string>): Plugin {
  return {
    name: 'shop-route-preloads',
    apply: 'build',
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

/** In development the API runs apart (npm run dev); Vite forwards /api to it. */
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
    }),
    precompress(),
  ],
  server: { proxy: { '/api': apiTarget } },
  build: { target: 'es2022', sourcemap: false },
});
