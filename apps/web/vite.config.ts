import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

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

/** In development the API runs apart (npm run dev); Vite forwards /api to it. */
const apiTarget = process.env.VITE_DEV_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: { proxy: { '/api': apiTarget } },
  build: { target: 'es2022', sourcemap: false },
});
