import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks';

const sourceRoot = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('advisory locks', () => {
  it('have a number each, none shared', () => {
    const numbers = Object.values(ADVISORY_LOCKS);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('are taken by name: no source file writes a lock number of its own', () => {
    const written = sourceFiles(sourceRoot).flatMap((file) =>
      [
        ...fs.readFileSync(file, 'utf8').matchAll(/pg_(?:try_)?advisory_\w*lock\w*\(\s*[\d_]+/g),
      ].map((match) => `${path.relative(sourceRoot, file)}: ${match[0]}`),
    );
    expect(written).toEqual([]);
  });
});
