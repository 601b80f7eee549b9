// Bundles the API into one file for `npm start`: a fast start, no TypeScript at run time.
import { build } from 'esbuild';

await build({
  entryPoints: { server: 'src/index.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Our workspace package is bundled; everything from npm stays in node_modules.
  packages: 'external',
  external: [],
  plugins: [
    {
      name: 'bundle-workspace-shared',
      setup(builder) {
        builder.onResolve({ filter: /^@shop\/shared$/ }, () => ({
          path: new URL('../../packages/shared/src/index.ts', import.meta.url).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
