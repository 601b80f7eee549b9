/**
 * docs/operations.md lists every environment variable the shop reads, in one table: a variable
 * added to env.ts without its row, or a row left for a variable that is gone, fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { environmentVariableNames } from './env';

const doc = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/operations.md'),
  'utf8',
);

/** The names in the first column of the table under "## Environment variables". */
function documentedVariables(markdown: string): string[] {
  const section = markdown.split(/^## Environment variables$/m)[1]?.split(/^## /m)[0] ?? '';
  return section
    .split('\n')
    .filter((line) => /^\|\s*`[A-Z]/.test(line))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
    .map((match) => match[1]!);
}

describe('docs/operations.md', () => {
  it('has a row for every variable env.ts reads, and none for a variable it does not', () => {
    const documented = documentedVariables(doc);
    expect(documented.length).toBeGreaterThan(0);
    expect(environmentVariableNames.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !environmentVariableNames.includes(name))).toEqual([]);
    expect(new Set(documented).size).toBe(documented.length);
  });

  it('reads the table as a person would', () => {
    const table = [
      '## Environment variables',
      '| Variable | Default | Meaning |',
      '| --- | --- | --- |',
      '| `PORT` | `3000` | the `HOST` port |',
      '| `GOOGLE_CLIENT_ID`, `GOOGLE_CLIENT_SECRET` | unset | Google |',
      '## Next',
      '| `NOT_IN_THE_TABLE` | | |',
    ].join('\n');
    expect(documentedVariables(table)).toEqual([
      'PORT',
      'GOOGLE_CLIENT_ID',
      'GOOGLE_CLIENT_SECRET',
    ]);
  });
});
