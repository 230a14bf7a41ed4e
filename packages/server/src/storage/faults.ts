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
  | 'conflict'
  /**
   * The database cannot write its files: the disk is full (SQLite's `SQLITE_FULL`, PostgreSQL's `53100` disk_full), the
   * file or its folder is read-only (`SQLITE_READONLY*`), or PostgreSQL takes no writes (`25006`: a standby, or
   * `default_transaction_read_only`), or the disk fails (`SQLITE_IOERR*`, PostgreSQL's `58030`
   * io_error). Reads may still answer; the write failed whole (SQLite rolls back, PostgreSQL aborts the transaction)
   * and fails again until space is freed or the disk mended.
   */
  | 'storage';

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

/** PostgreSQL's read_only_sql_transaction: the session takes no writes (a standby, `default_transaction_read_only`). */
export const READ_ONLY_SQL_TRANSACTION = '25006';

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
  '53100': 'storage', // disk_full
  '58030': 'storage', // io_error
  [READ_ONLY_SQL_TRANSACTION]: 'storage',
};

/** better-sqlite3's codes of a storage fault, by prefix (`SQLITE_IOERR_WRITE`, `SQLITE_READONLY_DBMOVED`, …). */
const SQLITE_STORAGE_CODES = /^SQLITE_(FULL|IOERR|READONLY)/;

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
 * timeouts: `CONNECTION_LOST_WORDS`), Node's socket errors and better-sqlite3's `SQLITE_BUSY*` / `SQLITE_LOCKED*`
 * (`busy`) and `SQLITE_FULL` / `SQLITE_IOERR*` / `SQLITE_READONLY*` (`storage`).
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
    if (SQLITE_STORAGE_CODES.test(code)) return 'storage';
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

/** The code and first line of the driver's error behind `error` (a `DatabaseFault`'s cause, or `error` itself). */
function driverFields(error: unknown): { code: string | null; message: string } {
  const driver = error instanceof DatabaseFault ? error.cause : error;
  if (typeof driver !== 'object' || driver === null) return { code: null, message: String(driver) };
  const { code, message } = driver as { code?: unknown; message?: unknown };
  return { code: typeof code === 'string' ? code : null, message: typeof message === 'string' ? (message.split('\n')[0] ?? '') : '' };
}

/**
 * Why writes fail, for an operator (`/readyz`'s `database` reason, a line's message), with the driver's code:
 * `the disk is full: writes fail (SQLITE_FULL)` (or `53100`), `the database is read-only: writes fail
 * (SQLITE_READONLY…)` (or `25006`), `the disk fails (an I/O error): writes fail (SQLITE_IOERR…)` (or `58030`); `null` when `error`
 * is not a storage fault (`faultKindOf`).
 */
export function storageFaultReason(error: unknown): string | null {
  if (faultKindOf(error) !== 'storage') return null;
  const { code } = driverFields(error);
  const what =
    code === 'SQLITE_FULL' || code === '53100'
      ? 'the disk is full'
      : code?.startsWith('SQLITE_READONLY') || code === READ_ONLY_SQL_TRANSACTION
        ? 'the database is read-only'
        : code?.startsWith('SQLITE_IOERR') || code === '58030'
          ? 'the disk fails (an I/O error)'
          : 'the database cannot write';
  return `${what}: writes fail${code === null ? '' : ` (${code})`}`;
}

/**
 * Why writes fail on a SQLite file another program holds (a lock not granted, `busy`, noted by `WriteFaults` only on
 * SQLite), for `/readyz`: `another program holds the database file: writes fail (SQLITE_BUSY)`; `null` for any other error.
 */
export function lockedFileReason(error: unknown): string | null {
  if (faultKindOf(error) !== 'busy') return null;
  const { code } = driverFields(error);
  return `another program holds the database file: writes fail${code === null ? '' : ` (${code})`}`;
}

/** Connection faults the database refused at once: the server is there and said no. */
const REFUSED_CODES = new Set(['ECONNREFUSED', '57P03', '53300', '3D000']);
const REFUSED_WORDS = /is not currently accepting connections/i;
/** Connection faults where no route reached the database. */
const UNREACHABLE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH']);
/** Connection faults where the client gave up waiting (its own timeouts: a partition, a pool with no free connection). */
const NO_ANSWER_WORDS = /^Query read timeout$|^timeout exceeded when trying to connect$|^timeout expired$|due to connection timeout/i;

/**
 * What the database did, in a few words for a line's message (`the deal of … failed: <this>`), from the fault's kind
 * (`faultKindOf`) and, for a connection, the driver's code or words: `the database refused the connection`
 * (`ECONNREFUSED`, a server starting or shutting down, too many clients, no such database, closed to connections),
 * `the database could not be reached`, `the database did not answer in time` (`ETIMEDOUT`, the client's own
 * timeouts: `NO_ANSWER_WORDS`), else `the connection to the database was lost`; `the database cancelled the statement`;
 * `a lock was not granted in time`; `the database chose this transaction to fail (a deadlock or a serialization
 * conflict)`; for a storage fault its `storageFaultReason`. `null` when `error` is not a database fault.
 */
export function faultSummary(error: unknown): string | null {
  const kind = faultKindOf(error);
  const { code, message } = driverFields(error);
  switch (kind) {
    case null:
      return null;
    case 'connection-lost':
      if ((code !== null && REFUSED_CODES.has(code)) || REFUSED_WORDS.test(message)) return 'the database refused the connection';
      if (code !== null && UNREACHABLE_CODES.has(code)) return 'the database could not be reached';
      if (code === 'ETIMEDOUT' || NO_ANSWER_WORDS.test(message)) return 'the database did not answer in time';
      return 'the connection to the database was lost';
    case 'cancelled':
      return 'the database cancelled the statement';
    case 'busy':
      return 'a lock was not granted in time';
    case 'conflict':
      return 'the database chose this transaction to fail (a deadlock or a serialization conflict)';
    case 'storage':
      return storageFaultReason(error);
  }
}
