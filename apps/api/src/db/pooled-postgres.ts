import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  PostgresAdapter,
  PostgresDialect,
  type PostgresDialectConfig,
  PostgresDriver,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely's PostgreSQL driver, with each transaction's statement timeout set inside it: `set
 * local statement_timeout`, sent in the same message as its `begin` (one round trip). A pooler
 * in transaction mode (pgbouncer, a managed service's pooled address) refuses the timeout as a
 * startup parameter, or drops it unseen (`ignore_startup_parameters`), and a `set` outside a
 * transaction would stay with whichever server connection ran it.
 */
class TimedTransactionsDriver extends PostgresDriver {
  readonly #timeoutMs: number;

  constructor(config: PostgresDialectConfig, timeoutMs: number) {
    super(config);
    this.#timeoutMs = timeoutMs;
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings: TransactionSettings,
  ): Promise<void> {
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    // No parameters: the simple protocol, which takes both statements in one message.
    await connection.executeQuery(
      CompiledQuery.raw(`${begin}; set local statement_timeout = ${Math.trunc(this.#timeoutMs)}`),
    );
  }
}

/**
 * Kysely's adapter without its migration lock: a session advisory lock, which a pooler leaves
 * held on whichever server connection took it, so that the next start waits for it an hour.
 * The shop's own lock (withMigrationLock, held by a transaction) keeps migrations one at a time.
 */
class NoSessionLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock(): Promise<void> {}
  override async releaseMigrationLock(): Promise<void> {}
}

/**
 * PostgreSQL as the shop uses it, directly or through a pooler in transaction mode (issue 37):
 * nothing relies on a session outliving its transaction. A statement outside a transaction is
 * bounded by the client (`query_timeout`); one inside, by the server too.
 */
export class PooledPostgresDialect extends PostgresDialect {
  readonly #config: PostgresDialectConfig;
  readonly #timeoutMs: number;

  constructor(config: PostgresDialectConfig, timeoutMs: number) {
    super(config);
    this.#config = config;
    this.#timeoutMs = timeoutMs;
  }

  override createDriver(): Driver {
    return new TimedTransactionsDriver(this.#config, this.#timeoutMs);
  }

  override createAdapter(): DialectAdapter {
    return new NoSessionLockAdapter();
  }
}
