import type { $ZodConfig } from 'zod/v4/core';

declare global {
  // Where zod keeps its configuration, read when zod loads (see zod/v4/core/core.ts).
  var __zod_globalConfig: $ZodConfig | undefined;
}

// Zod compiles object parsers with `new Function` and probes for it first; our CSP has no
// 'unsafe-eval', so the probe alone is reported as a violation (Lighthouse best practices).
// Set on the global before zod loads, as zod allows, rather than with `z.config()`: importing
// zod here would move all of it into the home page's bundle.
globalThis.__zod_globalConfig = { jitless: true };
