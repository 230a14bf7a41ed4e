/**
 * The PostgreSQL dialect: a `pg` connection pool.
 *
 * Numbers: `bigint` (int8) columns and `count(*)` arrive from `pg` as strings by default. This
 * pool parses them into JS numbers and throws if one is not a safe integer (|n| < 2^53), which
 * a balance in cents never reaches. Sums are cast to `bigint` in queries (PostgreSQL's
 * `sum(bigint)` is `numeric`) so that they take the same path. The parser is set on this pool
 * only, not on `pg`'s global type table.
 *
 * Schema: every connection's `search_path` is `schema`, so that tests can give each run a
 * fresh schema and production can choose one.
 *
 * Transactions run at PostgreSQL's default READ COMMITTED level; the ledger's correctness rests
 * on row locks (`SELECT ... FOR UPDATE`, see `storage/transaction.ts`), not on the level.
 *
 * Prepared statements: each connection runs the queries as named prepared statements
 * (`prepareStatements`), so PostgreSQL parses and plans each text once per connection.
 *
 * Partitions (docs/server.md "Database faults"): PostgreSQL's own timeouts (`lock_timeout`, `statement_timeout`) are
 * enforced by the server, and its error cannot cross a network partition; TCP itself gives up on a connection whose
 * packets are dropped only after about 15 minutes. So a pool given a statement timeout also bounds each round trip on
 * the client (`ANSWER_MARGIN_MS` longer), closes a connection whose answer did not come (`closeWhenUnfit`), and
 * every connection sends TCP keepalives (`KEEPALIVE_IDLE_MS`) so that a peer gone while the connection is idle is noticed.
 */
import pg from 'pg';
import { PostgresDialect, type DatabaseIntrospector, type Kysely } from 'kysely';
import { OwnSchemaIntrospector } from './postgres-introspector.js';
import { READ_ONLY_SQL_TRANSACTION } from './faults.js';
import { briefError, LineThrottle, rootLogger } from '../log/index.js';
import { databaseStatementSeconds } from '../metrics/index.js';

const INT8_OID = 20;

/** How long a statement may wait for a row lock before it fails, ms. */
export const LOCK_TIMEOUT_MS = 5_000;

/**
 * How much longer than the server's `statement_timeout` the client waits for a statement's answer before it gives up and
 * closes the connection, ms: past the server's own cancel (the normal path keeps its typed error, `cancelled`, and its
 * connection), with room for the network and a busy event loop (`/readyz` tolerates 1 s of delay).
 */
export const ANSWER_MARGIN_MS = 2_000;

/** How long a connection is idle before TCP starts probing its peer (keepalive), ms. */
export const KEEPALIVE_IDLE_MS = 5_000;

function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`int8 value ${text} is not a safe JS integer`);
  return value;
}

const getTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_OID && format !== 'binary'
    ? parseInt8
    : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

/** Most distinct statement texts a pool prepares; past them a text runs unprepared (queries come from a fixed set of shapes). */
export const PREPARED_STATEMENTS_LIMIT = 1_000;

/** Statements worth preparing: parameterised SELECT, INSERT, UPDATE, DELETE or WITH. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

type QueryFunction = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * Makes `client` run each parameterised SELECT, INSERT, UPDATE, DELETE or WITH as a named prepared statement,
 * one name per distinct text (`names`, shared by the pool's connections, at most `PREPARED_STATEMENTS_LIMIT`):
 * PostgreSQL parses and plans a text once per connection instead of at every execution, about a third more
 * wagers a second at the benchmark's load (docs/server.md "Storage"). Kysely's driver sends every query as
 * text and parameters, and `pg` prepares a statement that has a `name`. A text with `*` runs unprepared: a
 * column added by a migration (another process's, in a rolling upgrade) changes the row type of `SELECT *`,
 * and PostgreSQL refuses to run such a prepared statement again (0A000).
 */
export function prepareStatements(client: pg.ClientBase, names: Map<string, string>): void {
  const query = client.query.bind(client) as QueryFunction;
  const prepared: QueryFunction = (config, values, callback) => {
    if (typeof config !== 'string' || !Array.isArray(values) || values.length === 0 || config.includes('*') || !PREPARABLE.test(config)) {
      return query(config, values, callback);
    }
    let name = names.get(config);
    if (name === undefined && names.size < PREPARED_STATEMENTS_LIMIT) {
      name = `paigow_${names.size}`;
      names.set(config, name);
    }
    if (name === undefined) return query(config, values, callback);
    // A query config carries its values; `pg` then takes the callback, if any, second.
    return query({ name, text: config, values }, callback);
  };
  (client as unknown as { query: QueryFunction }).query = prepared;
}

/** `pg`'s error message when `query_timeout` ran out. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/**
 * Whether `error` leaves its connection unfit for the next statement: no answer within the pool's `query_timeout`
 * (`pg` rejects with "Query read timeout", a `connection-lost` fault): the connection is in an unknown state (the
 * statement may still run, its answer may still come) and a partition may hold it for minutes; or a write refused
 * because the session is read-only (`25006`): a connection keeps the `default_transaction_read_only` it started with,
 * and a standby stays one, so it would refuse every write after the database takes them again (an operator's: a
 * process busy on its two connections was not ready 4 minutes after the database was writable again).
 */
function retiresConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.message === QUERY_READ_TIMEOUT || (error as { code?: unknown }).code === READ_ONLY_SQL_TRANSACTION;
}

/**
 * Makes `client` close its connection once a statement of it failed in a way that leaves the connection unfit
 * (`retiresConnection`), so that it does not go back to the pool for the next statement: a new connection is made
 * instead. `end()` destroys the socket even while a statement is in flight, and the pool drops an ended client when it
 * is released; every later statement on `client` (Kysely's ROLLBACK) fails at once with the same error. Kysely sends
 * every statement as a promise, the only form watched.
 */
export function closeWhenUnfit(client: pg.Client): void {
  const query = client.query.bind(client) as QueryFunction;
  let unfit: Error | null = null;
  const watched: QueryFunction = (config, values, callback) => {
    if (unfit !== null) return Promise.reject(unfit);
    const result = query(config, values, callback);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (unfit === null && retiresConnection(error)) {
        unfit = error as Error;
        void client.end().catch(() => undefined);
      }
      throw error;
    });
  };
  (client as unknown as { query: QueryFunction }).query = watched;
}

/** Checks a schema name so that it can be used unquoted in `search_path`. */
function isSchemaName(name: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(name);
}

/** What `createPostgresDialect` opens. */
export interface PostgresPoolOptions {
  /** A `postgres://` URL. */
  readonly url: string;
  /** The schema of every connection (`search_path`): a plain lower-case identifier. */
  readonly schema: string;
  /** At most this many connections. */
  readonly maxConnections: number;
  /** A connection attempt, or a wait for a free connection, fails after this, ms. */
  readonly connectTimeoutMs: number;
  /**
   * The server cancels a statement after this (`statement_timeout`, 57014 `cancelled`), and the client gives up on its
   * answer `ANSWER_MARGIN_MS` later and closes its connection (`closeWhenUnfit`), ms. Unset: no bound (the operator's
   * commands, and the migrations, whose statements may take long on a large ledger).
   */
  readonly statementTimeoutMs?: number;
  /** What `pg_stat_activity` shows of its connections (`application_name`), so an operator tells the pools apart. */
  readonly applicationName?: string;
}

/**
 * A pool of at most `maxConnections` connections to `url` whose `search_path` is `schema`; a connection
 * attempt that has not completed within `connectTimeoutMs` fails (so an unreachable server is an error,
 * not a hang), and so does a statement not answered within `statementTimeoutMs` plus `ANSWER_MARGIN_MS` when
 * given (so a partitioned one is an error too). Connections send TCP keepalives after `KEEPALIVE_IDLE_MS` idle.
 * @throws Error if `schema` is not a plain lower-case identifier.
 */
export function createPostgresDialect(options: PostgresPoolOptions): PostgresDialect {
  const { url, schema, maxConnections, connectTimeoutMs, statementTimeoutMs, applicationName } = options;
  if (!isSchemaName(schema)) throw new Error(`invalid PostgreSQL schema name '${schema}'`);
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    options: `-c search_path=${schema}`,
    // A row lock held elsewhere for longer than this fails the statement (55P03) instead of stalling the
    // table that waits for it: every phase of a round has a deadline (docs/server.md "Database faults").
    lock_timeout: LOCK_TIMEOUT_MS,
    ...(statementTimeoutMs === undefined ? {} : { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + ANSWER_MARGIN_MS }),
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_IDLE_MS,
    ...(applicationName === undefined ? {} : { application_name: applicationName }),
    types: { getTypeParser },
  });
  // A pooled connection that fails while idle is dropped by the pool; without a listener the
  // 'error' event would end the process. A database restarted or failing over drops every idle connection
  // at once (13 lines in 10 s under repeated terminations): one line per LOG_REPEAT_MS, `repeated` counting the others.
  const lostLines = new LineThrottle();
  pool.on('error', (error) =>
    lostLines.offer((repeated) =>
      rootLogger().warn({ event: 'database-connection-lost', err: briefError(error), ...(repeated > 0 ? { repeated } : {}) }, 'an idle PostgreSQL connection failed; the pool replaces it'),
    ),
  );
  // The pool listens for errors only while a client is idle: one lost while checked out (a backend
  // terminated mid-transaction) emits 'error' on the client itself, which would end the process. The
  // query in flight rejects with the same error, and the pool drops the dead client when it comes back.
  const names = new Map<string, string>();
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    prepareStatements(client, names);
    closeWhenUnfit(client);
  });
  return new OwnSchemaPostgresDialect(schema, {
    pool: {
      // A connection that cannot be made (the server down or unreachable) runs no statement, so Kysely's log never
      // sees it: it is counted here, as a `connect` error of `paigow_db_statement_seconds`.
      connect: async () => {
        const started = performance.now();
        try {
          return await pool.connect();
        } catch (error) {
          databaseStatementSeconds.observe({ kind: 'connect', outcome: 'error' }, (performance.now() - started) / 1000);
          throw error;
        }
      },
      end: () => pool.end(),
    },
  });
}

/** Kysely's PostgreSQL dialect whose introspection (the migrator's) reads the pool's own schema only (`postgres-introspector.ts`). */
class OwnSchemaPostgresDialect extends PostgresDialect {
  readonly #schema: string;

  constructor(schema: string, config: ConstructorParameters<typeof PostgresDialect>[0]) {
    super(config);
    this.#schema = schema;
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db, this.#schema);
  }
}
