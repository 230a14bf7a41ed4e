/**
 * Database faults: failures of the database itself rather than refusals of the ledger's rules
 * (docs/server.md "Database faults"). A transaction that fails this way changed nothing (it rolled back,
 * or its connection died before COMMIT and the server rolled it back), except in one case that no client
 * can tell apart: a connection lost, or given up on for want of an answer (a network partition), while COMMIT
 * was on its way. Every ledger write is idempotent on its key (a round id, a player id), so the caller may
 * simply retry it, or refund the round.
 */

/** What kind of database fault. */
export type DatabaseFaultKind =
  /**
   * The connection died (backend terminated, network lost, server restarted), could not be made in time, or gave no
   * answer within the client's bound (a network partition: `storage/postgres.ts` then closes it).
   */
  | 'connection-lost'
  /** The statement was cancelled (`pg_cancel_backend`, `statement_timeout`). */
  | 'cancelled'
  /** A lock was not granted in time: PostgreSQL's `lock_timeout`, SQLite's busy wait (another process holds the file). */
  | 'busy'
  /** A deadlock or serialization failure: the database chose this transaction to fail. */
  | 'conflict';

/**
 * A transaction failed for a reason of the database, not of the ledger's rules; nothing was changed
 * (see the module comment for the one uncertain case). `cause` is the driver's error.
 */
export class DatabaseFault extends Error {
  readonly kind: DatabaseFaultKind;
  constructor(kind: DatabaseFaultKind, cause: unknown) {
    super(`database fault (${kind}): ${describe(cause)}`, { cause });
    this.name = 'DatabaseFault';
    this.kind = kind;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message.split('\n')[0] : String(error);
}

/** PostgreSQL SQLSTATEs by fault kind (https://www.postgresql.org/docs/current/errcodes-appendix.html). */
const POSTGRES_CODES: Readonly<Record<string, DatabaseFaultKind>> = {
  '57P01': 'connection-lost', // admin_shutdown (pg_terminate_backend)
  '57P02': 'connection-lost', // crash_shutdown
  '57P03': 'connection-lost', // cannot_connect_now
  '08000': 'connection-lost',
  '08003': 'connection-lost',
  '08006': 'connection-lost',
  '53300': 'connection-lost', // too_many_connections: the connection cannot be made now
  '3D000': 'connection-lost', // invalid_catalog_name: the database is gone (dropped, or renamed by a restore)
  '57014': 'cancelled', // query_canceled
  '55P03': 'busy', // lock_not_available (lock_timeout)
  '40001': 'conflict', // serialization_failure
  '40P01': 'conflict', // deadlock_detected
};

/** Node's socket errors that mean the connection to the database is gone or cannot be made. */
const SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * `pg`'s and pg-pool's words, with no code, for a connection lost or not made, or a statement given no answer in time:
 * a connection ended or broken; "database … is not currently accepting connections" (`ALTER DATABASE … ALLOW_CONNECTIONS
 * false`: SQLSTATE 55000, a class that holds other errors too); `query_timeout` run out ("Query read timeout"); pg-pool's
 * wait for a free connection run out ("timeout exceeded when trying to connect"); a `pg.Client`'s
 * `connectionTimeoutMillis` run out ("timeout expired"; pg-pool's own says "Connection terminated due to connection timeout").
 */
const CONNECTION_LOST_WORDS =
  /Connection terminated|connection is closed|Client has encountered a connection error|is not currently accepting connections|^Query read timeout$|^timeout exceeded when trying to connect$|^timeout expired$/i;

/**
 * The fault kind of a driver error, or `null` when it is not a database fault (a bug, a constraint
 * violation, a refusal). Knows `pg`'s errors (SQLSTATE `code`, "Connection terminated", its and pg-pool's
 * timeouts: `CONNECTION_LOST_WORDS`), Node's socket errors and better-sqlite3's `SQLITE_BUSY*` / `SQLITE_LOCKED*`.
 * Takes an error's brief form (`{ message, code }`, as a worker thread posts it) as well.
 */
export function faultKindOf(error: unknown): DatabaseFaultKind | null {
  if (error instanceof DatabaseFault) return error.kind;
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    const kind = POSTGRES_CODES[code];
    if (kind !== undefined) return kind;
    if (SOCKET_CODES.has(code)) return 'connection-lost';
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) return 'busy';
  }
  if (typeof message === 'string' && CONNECTION_LOST_WORDS.test(message)) return 'connection-lost';
  return null;
}

/** `error` as a `DatabaseFault` if it is one (see `faultKindOf`), else `error` unchanged. */
export function asDatabaseFault(error: unknown): unknown {
  if (error instanceof DatabaseFault) return error;
  const kind = faultKindOf(error);
  return kind === null ? error : new DatabaseFault(kind, error);
}
