// @ts-check
/**
 * `shop/no-cycle`: eslint-plugin-import's `no-cycle`, except that a type import is an edge like
 * any other (decision 032). `import/no-cycle` and `import-x/no-cycle` both skip `import type`, so
 * two files that need each other only through a type were never reported; such a cycle still
 * ties the two files' designs together, and the next value import turns it into a runtime one.
 *
 * Every module specifier counts: `import`, `import type`, `export ... from`, `import()` (in code
 * and in types) and `import x = require()`. The linted file's specifiers are read from the text
 * being linted; every other file's from the disk, with TypeScript's `preProcessFile` (a scanner,
 * no type checking), and resolved with TypeScript's module resolution as the typecheck resolves
 * them. Only our own files are followed: a specifier that resolves into node_modules, to a
 * declaration file or to nothing (CSS, assets) ends there.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const sourceExtensions = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs']);

/** The resolution of tsconfig.base.json; allowJs so that scripts' `.mjs` imports resolve too. */
const compilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  resolveJsonModule: true,
  allowJs: true,
};

/**
 * @param {string} specifier
 * @param {string} importer absolute path of the importing file
 * @returns {string | undefined} absolute path of one of our source files
 */
function resolveSource(specifier, importer) {
  const { resolvedModule } = ts.resolveModuleName(specifier, importer, compilerOptions, ts.sys);
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return undefined;
  const file = path.resolve(resolvedModule.resolvedFileName);
  if (file.includes(`${path.sep}node_modules${path.sep}`) || file.endsWith('.d.ts'))
    return undefined;
  return sourceExtensions.has(path.extname(file)) ? file : undefined;
}

/**
 * @param {string} text
 * @param {string} file
 */
function specifiersOf(text, file) {
  return ts.preProcessFile(text, true, true).importedFiles.map((imported) => ({
    ...imported,
    target: resolveSource(imported.fileName, file),
  }));
}

/** Each file's resolved imports, kept while its modification time holds (one lint run, or an editor's). */
const importsOnDisk = new Map();

/** @param {string} file */
function importsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const known = importsOnDisk.get(file);
  if (known?.mtimeMs === mtimeMs) return known.targets;
  const targets = [
    ...new Set(
      specifiersOf(fs.readFileSync(file, 'utf8'), file).flatMap(({ target }) =>
        target ? [target] : [],
      ),
    ),
  ];
  importsOnDisk.set(file, { mtimeMs, targets });
  return targets;
}

/**
 * The shortest chain of imports from `start` back to `goal`, or undefined. Files found not to
 * lead to `goal` are added to `deadEnds`, so one lint of a file walks each file once.
 *
 * @param {string} start
 * @param {string} goal
 * @param {Set<string>} deadEnds
 */
function chainBack(start, goal, deadEnds) {
  /** @type {Map<string, string | undefined>} file -> the file that imported it on the way */
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  for (let index = 0; index < queue.length; index += 1) {
    const file = /** @type {string} */ (queue[index]);
    for (const next of importsOf(file)) {
      if (next === goal) {
        const chain = [file];
        for (let step = cameFrom.get(file); step; step = cameFrom.get(step)) chain.unshift(step);
        return chain;
      }
      if (cameFrom.has(next) || deadEnds.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  for (const file of queue) deadEnds.add(file);
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycle = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Forbid an import (type imports included) whose module leads back to the importing file.',
    },
    schema: [],
    messages: {
      cycle: 'Dependency cycle (type imports count): {{chain}}.',
    },
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file)) return {};
    return {
      Program() {
        const { sourceCode } = context;
        const deadEnds = new Set();
        for (const { pos, end, target } of specifiersOf(sourceCode.text, file)) {
          if (!target || target === file) continue;
          const chain = chainBack(target, file, deadEnds);
          if (!chain) continue;
          const names = [file, ...chain, file].map((step) => path.relative(context.cwd, step));
          context.report({
            loc: { start: sourceCode.getLocFromIndex(pos), end: sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { chain: names.join(' -> ') },
          });
        }
      },
    };
  },
};

export default { meta: { name: 'shop' }, rules: { 'no-cycle': noCycle } };
