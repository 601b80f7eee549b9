import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossingsToRemove, type TableName, tableOwners } from './db/table-owners';
import { createTestDatabase, type TestDatabase } from './test/databases';
import { SIGN_IN_AND_SHOP_SCHEMA } from './test/test-app';

/**
 * A module reads and writes only its own tables (docs/architecture.md, `db/table-owners.ts`).
 * Every table a query names is found in the code under `modules/` and `flows/`: the first argument
 * of Kysely's table methods, a `table.column` reference, and the tables after FROM, JOIN, UPDATE
 * and INTO in `sql` templates. Test files are left out: a test may look at any table.
 */
const TABLE_METHODS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'using',
  'table',
]);
const SQL_TABLE = /\b(?:from|join|update|into|table|using)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;
const COLUMN_OF = /\b([a-z_][a-z0-9_]*)\.(?:[a-z_][a-z0-9_]*|\*)/g;

const isTable = (name: string): name is TableName => Object.hasOwn(tableOwners, name);

function tablesNamedIn(fileName: string, text: string): Set<TableName> {
  const named = new Set<TableName>();
  const add = (name: string) => {
    if (isTable(name)) named.add(name);
  };
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const call = node.parent;
      const asArgument =
        ts.isCallExpression(call) &&
        call.arguments[0] === node &&
        ts.isPropertyAccessExpression(call.expression) &&
        TABLE_METHODS.has(call.expression.name.text);
      // 'orders as o', 'orders', or a column 'orders.total_cents'
      if (asArgument) add(node.text.split(/\s+as\s+/i)[0]!.trim());
      for (const match of node.text.matchAll(/^([a-z_][a-z0-9_]*)\.[a-z_*]/g)) add(match[1]!);
    }
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const template = node.template;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template.text]
        : [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
      for (const part of parts) {
        for (const match of part.matchAll(SQL_TABLE)) add(match[1]!.toLowerCase());
        for (const match of part.matchAll(COLUMN_OF)) add(match[1]!);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return named;
}

const apiSource = import.meta.dirname;

function codeFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => path.join(folder, name));
}

/** `modules/<name>/...` belongs to module <name>; a flow owns no table. */
function ownerOfFile(file: string) {
  const [layer, name] = path.relative(apiSource, file).split(path.sep);
  return layer === 'modules' ? name! : 'flows';
}

/** "<module> names <table>" for each table a module's code names and does not own, once. */
function foreignTables(files: string[]) {
  const crossings = files.flatMap((file) => {
    const owner = ownerOfFile(file);
    return [...tablesNamedIn(file, fs.readFileSync(file, 'utf8'))]
      .filter((table) => tableOwners[table] !== owner)
      .map((table) => `${owner} names ${table}`);
  });
  return [...new Set(crossings)].sort();
}

describe('who owns each table', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('pglite', SIGN_IN_AND_SHOP_SCHEMA);
  });
  afterAll(() => database.close());

  it('names an owner for every table of the migrated database, and no table that is not there', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(
      database.db,
    );
    expect(Object.keys(tableOwners).sort()).toEqual(rows.map((row) => row.table_name));
  });

  it('finds the tables a query names, in Kysely calls, column references and sql templates', () => {
    const text = `
      db.selectFrom('orders as o').innerJoin('order_lines', 'order_lines.order_id', 'o.id');
      db.updateTable('tools').set({ stock: 1 });
      sql\`select 1 from reviews r join profiles p on p.user_id = r.user_id where \${x}\`;
      sql\`update carriers set name = \${name}\`;
      const label = 'orders and tools, in words';
      db.selectFrom('tax_rates as t').select(['t.id', 'shipping_methods.name']);`;
    expect([...tablesNamedIn('x.ts', text)].sort()).toEqual([
      'carriers',
      'order_lines',
      'orders',
      'profiles',
      'reviews',
      'shipping_methods',
      'tax_rates',
      'tools',
    ]);
  });

  it('lets no module or flow name a table another module owns, but the crossings still listed', () => {
    const files = [
      ...codeFiles(path.join(apiSource, 'modules')),
      ...codeFiles(path.join(apiSource, 'flows')),
    ];
    expect(files.length).toBeGreaterThan(50);
    // The list only shrinks: a new crossing fails here, and so does one removed but still listed.
    expect(foreignTables(files)).toEqual([...crossingsToRemove].sort());
  });
});
