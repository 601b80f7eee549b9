import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { createEmptyPostgresDatabase, describeEachDatabase } from '../test/databases';
import { freshTableTypes, GENERATE_COMMAND, TABLE_TYPES_FILE } from './table-types';

/** The table types a database migrated from nothing holds, on this kind of database. */
async function generatedOn(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') return freshTableTypes({ inMemory: true });
  const empty = await createEmptyPostgresDatabase();
  try {
    return await freshTableTypes({ databaseUrl: empty.url, timeoutMs: 60_000 });
  } finally {
    await empty.drop();
  }
}

/** The committed table types are what the migrations make, on both databases (decision 046). */
describeEachDatabase('table types', (kind) => {
  it('tables.generated.ts is what a database migrated from nothing holds', async () => {
    const committed = await readFile(TABLE_TYPES_FILE, 'utf8');
    const generated = await generatedOn(kind);
    if (committed !== generated) {
      const committedLines = committed.split('\n');
      const generatedLines = generated.split('\n');
      const line = generatedLines.findIndex((text, index) => text !== committedLines[index]);
      expect.fail(
        `${path.relative(process.cwd(), TABLE_TYPES_FILE)} is out of date with the migrations: ` +
          `run \`${GENERATE_COMMAND}\` and commit the result. First difference at line ${line + 1}:\n` +
          `  committed: ${committedLines[line] ?? '(end of file)'}\n` +
          `  generated: ${generatedLines[line] ?? '(end of file)'}`,
      );
    }
  }, 120_000);
});
