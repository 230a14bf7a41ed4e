/**
 * Opening the database: SQLite (a file or `:memory:`) or PostgreSQL (a `DATABASE_URL`),
 * behind one Kysely query builder. Every query of the storage, ledger and players modules is
 * written once with Kysely and runs on both; the only dialect-specific code is in the
 * migrations (autoincrement) and in row locking (`storage/transaction.ts`).
 */
import { join } from 'node:path';
import { Kysely, type LogEvent } from 'kysely';
import { observeQuery } from '../metrics/index.js';
import { createPostgresDialect } from './postgres.js';
import type { Tables } from './schema.js';
import { createSqliteDialect } from './sqlite.js';
import type { BusyWait } from './sqlite-busy.js';
import { WriteFaults } from './write-faults.js';

export type DialectName = 'sqlite' | 'postgres';

/** An open database. Close it with `database.db.destroy()`. */
export interface Database {
  readonly db: Kysely<Tables>;
  readonly dialect: DialectName;
  /** The PostgreSQL schema holding the tables; `null` on SQLite. */
  readonly schema: string | null;
  /** The last storage fault (a full disk, …) its statements and commits met, and when, for `/readyz` (`write-faults.ts`). */
  readonly writes: WriteFaults;
}

/**
 * Where the data lives: `{ sqlitePath, busyWait?, onProblem? }` (a file path or `':memory:'`; `busyWait`: how long
 * and how to wait for another process's lock, default `DEFAULT_BUSY_WAIT`, 5 s; `onProblem`: told, as one sentence,
 * of a failed WAL checkpoint or of the checkpoint worker stopping on its own, `storage/sqlite-checkpointer.ts`) or
 * `{ databaseUrl, schema?, maxConnections?, connectTimeoutMs?, statementTimeoutMs?, applicationName? }` for PostgreSQL
 * (`schema` defaults to `'public'`, the pool to 10 connections, a connection attempt gives up after 10 s;
 * `statementTimeoutMs`, ms: the server cancels a statement after it and the client gives up on its answer
 * `ANSWER_MARGIN_MS` later, closing the connection, so that a network partition fails the statement; default none,
 * `storage/postgres.ts`; `applicationName`: what `pg_stat_activity` shows of the pool's connections, default none).
 */
export type DatabaseOptions =
  | { readonly sqlitePath: string; readonly busyWait?: BusyWait; readonly onProblem?: (message: string) => void }
  | {
      readonly databaseUrl: string;
      readonly schema?: string;
      readonly maxConnections?: number;
      readonly connectTimeoutMs?: number;
      readonly statementTimeoutMs?: number;
      readonly applicationName?: string;
    };

/** How long a PostgreSQL connection attempt may take before it fails, by default (ms). */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * The statement timeout of a serving process's PostgreSQL pool (`paigow serve`), ms: above the lock timeout (5 s), so a
 * lock not granted fails `busy` first; the client gives up on an answer `ANSWER_MARGIN_MS` (2 s) later, at 10 s, the
 * connection timeout (docs/server.md "Database faults").
 */
export const SERVING_STATEMENT_TIMEOUT_MS = 8_000;

/**
 * Opens a database (tables are created by `migrateToLatest`, not here).
 * SQLite: the file's folder is created if missing; WAL for files, checkpointed by a worker thread from the
 * first query until `destroy` (`sqlite-checkpointer.ts`), foreign keys on, an asynchronous
 * wait for other processes' locks (`sqlite-busy.ts`).
 * PostgreSQL: a `pg` pool whose `bigint`s come back as JS numbers, whose connection attempts
 * time out (`connectTimeoutMs`), and whose statements do too when `statementTimeoutMs` is given. Nothing connects until the first query. Every statement's time goes
 * to the `paigow_db_statement_seconds` histogram (metrics/), and every storage fault (a full disk, a read-only file, an
 * I/O error) that a statement, or on SQLite a group's `BEGIN` or `COMMIT`, meets to `writes` (`write-faults.ts`).
 * @throws Error if the SQLite file cannot be opened or the schema name is invalid.
 */
export function createDatabase(options: DatabaseOptions): Database {
  const writes = new WriteFaults('sqlitePath' in options && options.sqlitePath !== ':memory:');
  const log = (event: LogEvent): void => {
    observeQuery(event);
    if (event.level === 'error') writes.note(event.error);
  };
  if ('sqlitePath' in options) {
    // The group commit runs BEGIN and COMMIT itself, outside Kysely's log; a full disk fails the COMMIT.
    const dialect = createSqliteDialect(options.sqlitePath, options.busyWait, options.onProblem, (error) => writes.note(error));
    return { db: new Kysely<Tables>({ dialect, log }), dialect: 'sqlite', schema: null, writes };
  }
  const schema = options.schema ?? 'public';
  const dialect = createPostgresDialect({
    url: options.databaseUrl,
    schema,
    maxConnections: options.maxConnections ?? 10,
    connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: options.statementTimeoutMs,
    ...(options.applicationName === undefined ? {} : { applicationName: options.applicationName }),
  });
  return { db: new Kysely<Tables>({ dialect, log }), dialect: 'postgres', schema, writes };
}

/**
 * The database chosen by the environment (interfaces.md): PostgreSQL when `DATABASE_URL` is
 * set, else the SQLite file `paigow.sqlite` in `PAIGOW_DATA_DIR` (default `./data`).
 */
export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL) return { databaseUrl: env.DATABASE_URL };
  return { sqlitePath: join(env.PAIGOW_DATA_DIR || './data', 'paigow.sqlite') };
}
