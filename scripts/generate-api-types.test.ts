import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { API_SCHEMA_FILE, GENERATE_COMMAND, apiSchemaSource } from './generate-api-types';

/** The web app's API types are the API's published contract, as it stands now (decision 031). */
it('the committed api-schema.d.ts is what the API publishes now', async () => {
  const committed = await fs.readFile(API_SCHEMA_FILE, 'utf8');
  const generated = await apiSchemaSource();
  const file = path.relative(process.cwd(), API_SCHEMA_FILE);
  if (committed !== generated) {
    const committedLines = committed.split('\n');
    const generatedLines = generated.split('\n');
    const line = generatedLines.findIndex((text, index) => text !== committedLines[index]);
    expect.fail(
      `${file} is out of date with the API's OpenAPI document: run \`${GENERATE_COMMAND}\` and ` +
        `commit the result. First difference at line ${line + 1}:\n` +
        `  committed: ${committedLines[line] ?? '(end of file)'}\n` +
        `  generated: ${generatedLines[line] ?? '(end of file)'}`,
    );
  }
}, 120_000);
