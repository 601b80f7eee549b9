// npm run generate:db-types: migrates a new in-memory PGlite and writes the table types it
// holds to apps/api/src/db/tables.generated.ts (decision 046). Run it after adding a migration
// and commit the file: table-types.test.ts fails until the committed file is what this writes.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freshTableTypes, TABLE_TYPES_FILE } from '../db/table-types';

await writeFile(TABLE_TYPES_FILE, await freshTableTypes());
console.log(`Wrote ${path.relative(process.cwd(), TABLE_TYPES_FILE)}`);
