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
 */
import pg from 'pg';
import { PostgresDialect, type DatabaseIntrospector, type Kysely } from 'kysely';
import { OwnSchemaIntrospector } from './postgres-introspector.js';
import { briefError, LineThrottle, rootLogger } from '../log/index.js';
import { databaseStatementSeconds } from '../metrics/index.js';

const INT8_OID = 20;

/** How long a statement may wait for a row lock before it fails, ms. */
export const LOCK_TIMEOUT_MS = 5_000;

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

/** Checks a schema name so that it can be used unquoted in `search_path`. */
function isSchemaName(name: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(name);
}

/**
 * A pool of at most `maxConnections` connections to `url` whose `search_path` is `schema`; a connection
 * attempt that has not completed within `connectTimeoutMs` fails (so an unreachable server is an error,
 * not a hang).
 * @throws Error if `schema` is not a plain lower-case identifier.
 */
export function createPostgresDialect(url: string, schema: string, maxConnections: number, connectTimeoutMs: number): PostgresDialect {
  if (!isSchemaName(schema)) throw new Error(`invalid PostgreSQL schema name '${schema}'`);
  const pool = new pg.Pool({
    connectionString: url,
    max: maxConnections,
    connectionTimeoutMillis: connectTimeoutMs,
    options: `-c search_path=${schema}`,
    // A row lock held elsewhere for longer than this fails the statement (55P03) instead of stalling the
    // table that waits for it: every phase of a round has a deadline (docs/server.md "Database faults").
    lock_timeout: LOCK_TIMEOUT_MS,
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
