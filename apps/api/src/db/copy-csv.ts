import type { PGlite } from '@electric-sql/pglite';
import type { CompiledQuery, Kysely } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * A bounded query's rows as CSV, formatted by the database itself with COPY: the rows never
 * become JavaScript objects (issue 18's export; decision 029). `header` adds the columns' names
 * as the first line.
 */
export type CopyCsv = (query: CompiledQuery, header: boolean) => Promise<Uint8Array>;

/** A bind parameter as a literal, escaped by pg's own `escapeLiteral`. */
function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return pg.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

/** `copy (query) to target` as CSV. COPY takes no bind parameters: they are written in. */
function copyStatement(query: CompiledQuery, target: string, header: boolean): string {
  const select = query.sql.replace(/\$(\d+)/g, (_, index: string) =>
    literalOf(query.parameters[Number(index) - 1]),
  );
  return `copy (${select}) to ${target} (format csv${header ? ', header' : ''})`;
}

/**
 * PostgreSQL: `COPY ... TO STDOUT` on a pooled connection, in a transaction with the shop's
 * statement timeout (`set local`: a pooler refuses it at the connection's start). The query is
 * one batch, over in milliseconds, so no copy keeps a snapshot open while a slow client
 * downloads.
 */
export function copyCsvFromPool(pool: pg.Pool, timeoutMs: number): CopyCsv {
  return async (query, header) => {
    const client = await pool.connect();
    const copy = copyTo(copyStatement(query, 'stdout', header));
    let failure: Error | undefined;
    try {
      // Without JIT: a batch is a thousand rows, but PostgreSQL's estimate from its histogram
      // can be twenty times that, past jit_above_cost, and compiling took 0.3-0.5 s a batch.
      await client.query(
        `begin; set local jit = off; set local statement_timeout = ${Math.trunc(timeoutMs)}`,
      );
      const chunks: Buffer[] = [];
      for await (const chunk of client.query(copy)) chunks.push(chunk as Buffer);
      await client.query('commit');
      return Buffer.concat(chunks);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      // A connection whose copy failed midway is thrown away, not pooled again.
      client.release(failure);
    }
  };
}

/**
 * PGlite: `COPY ... TO` a file of its in-memory file system (Emscripten's MEMFS), read back in
 * one piece and removed. The statement goes to PGlite itself (Kysely's driver has no files),
 * so it runs while holding Kysely's one connection: no other request's transaction is open
 * around it, and no other copy uses the file.
 */
export function copyCsvFromPGlite<DB>(pglite: PGlite, db: Kysely<DB>): CopyCsv {
  const file = '/tmp/shop-copy.csv';
  return (query, header) =>
    db.connection().execute(async () => {
      await pglite.query(copyStatement(query, `'${file}'`, header));
      const { FS } = pglite.Module;
      try {
        return FS.readFile(file);
      } finally {
        FS.unlink(file);
      }
    });
}
