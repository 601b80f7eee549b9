import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/** A bind parameter as a literal, escaped by pg's own `escapeLiteral`. */
function literalOf(client: pg.Client, value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') {
    return String(value);
  }
  return client.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

/**
 * A query's rows as CSV with a header line, formatted and streamed by PostgreSQL itself
 * (`COPY (...) TO STDOUT`): the rows never become JavaScript objects, so a million of them
 * pass through a few buffers (issue 18's export; decision 027). COPY takes no bind parameters:
 * the query's are written in as literals, escaped by pg. Its own connection, outside the pool:
 * the pool's `statement_timeout` and `query_timeout` would cut a copy that lasts seconds, and
 * the copy would hold a pooled connection while the client reads. Backpressure: the next chunk
 * is read when the reader asks (a pull stream).
 */
export function copyCsvOut(databaseUrl: string, query: CompiledQuery): ReadableStream<Uint8Array> {
  const client = new pg.Client({ connectionString: databaseUrl });
  let chunks: AsyncIterator<Uint8Array> | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.end().catch(() => {});
  };
  return new ReadableStream<Uint8Array>({
    async start() {
      try {
        await client.connect();
        const sql = query.sql.replace(/\$(\d+)/g, (_, index: string) =>
          literalOf(client, query.parameters[Number(index) - 1]),
        );
        const copy = client.query(copyTo(`copy (${sql}) to stdout (format csv, header)`));
        chunks = copy[Symbol.asyncIterator]();
      } catch (error) {
        await close();
        throw error;
      }
    },
    async pull(controller) {
      try {
        const { value, done } = await chunks!.next();
        if (!done) return controller.enqueue(value);
        await close();
        controller.close();
      } catch (error) {
        await close();
        controller.error(error);
      }
    },
    cancel: close,
  });
}
