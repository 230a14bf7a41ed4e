/** Which driver errors are database faults (docs/server.md "Database faults"), and which are not. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrations.js';
import { asDatabaseFault, DatabaseFault, faultKindOf, faultSummary, storageFaultReason } from './faults.js';

const withCode = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

describe('faultKindOf', () => {
  it('names PostgreSQL, socket and SQLite faults', () => {
    expect(faultKindOf(withCode('57P01', 'terminating connection due to administrator command'))).toBe('connection-lost');
    expect(faultKindOf(new Error('Connection terminated unexpectedly'))).toBe('connection-lost');
    expect(faultKindOf(withCode('ECONNRESET'))).toBe('connection-lost');
    expect(faultKindOf(withCode('57014', 'canceling statement due to user request'))).toBe('cancelled');
    expect(faultKindOf(withCode('55P03', 'canceling statement due to lock timeout'))).toBe('busy');
    expect(faultKindOf(withCode('SQLITE_BUSY', 'database is locked'))).toBe('busy');
    expect(faultKindOf(withCode('40P01'))).toBe('conflict');
    // Operator: a database closed to connections, or gone, during play logged a DatabaseError with its stack at every scrape.
    expect(faultKindOf(withCode('55000', 'database "try_ops" is not currently accepting connections'))).toBe('connection-lost');
    expect(faultKindOf(withCode('3D000', 'database "try_ops" does not exist'))).toBe('connection-lost');
    expect(faultKindOf(withCode('53300', 'sorry, too many clients already'))).toBe('connection-lost');
    expect(faultKindOf(withCode('55000', 'cannot refresh materialized view concurrently'))).toBe(null);
  });

  it('names the client’s own timeouts connection-lost: an answer not come in time (a partition), a connection not made or not free', () => {
    expect(faultKindOf(new Error('Query read timeout'))).toBe('connection-lost'); // pg's query_timeout
    expect(faultKindOf(new Error('timeout exceeded when trying to connect'))).toBe('connection-lost'); // pg-pool's wait for a connection
    expect(faultKindOf(new Error('timeout expired'))).toBe('connection-lost'); // a pg.Client's connectionTimeoutMillis
    expect(faultKindOf(new Error('Connection terminated due to connection timeout'))).toBe('connection-lost'); // pg-pool's
    // The lease worker posts an error's brief form.
    expect(faultKindOf({ type: 'Error', message: 'Query read timeout' })).toBe('connection-lost');
    expect(faultKindOf(new Error('the hint timeout expired'))).toBe(null);
  });

  it('names a full, read-only or failing disk a storage fault (SQLITE_FULL was no fault: logged with its stack, no `fault`)', () => {
    expect(faultKindOf(withCode('SQLITE_FULL', 'database or disk is full'))).toBe('storage');
    expect(faultKindOf(withCode('SQLITE_IOERR_WRITE', 'disk I/O error'))).toBe('storage');
    expect(faultKindOf(withCode('SQLITE_READONLY', 'attempt to write a readonly database'))).toBe('storage');
    expect(faultKindOf(withCode('SQLITE_READONLY_DBMOVED'))).toBe('storage');
    expect(faultKindOf(withCode('53100', 'could not extend file "base/16384/16397": No space left on device'))).toBe('storage');
    expect(faultKindOf(withCode('58030', 'could not write to file "pg_wal/xlogtemp.123": No space left on device'))).toBe('storage');
    // Operator: PostgreSQL that takes no writes (a standby, `default_transaction_read_only`) failed deals as no fault at all.
    expect(faultKindOf(withCode('25006', 'cannot execute INSERT in a read-only transaction'))).toBe('storage');
    // The lease worker posts an error's brief form.
    expect(faultKindOf({ type: 'SqliteError', message: 'database or disk is full', code: 'SQLITE_FULL' })).toBe('storage');
  });

  it('names a write refused by a read-only PostgreSQL session a storage fault, as the driver reports it', async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query('set session characteristics as transaction read only');
      const refused: unknown = await client.query('create table paigow_read_only_probe (x int)').catch((error: unknown) => error);
      expect(storageFaultReason(refused)).toBe('the database is read-only: writes fail (25006)');
    } finally {
      await client.end();
    }
  });

  it('says why writes fail, with the driver’s code', () => {
    expect(storageFaultReason(asDatabaseFault(withCode('SQLITE_FULL', 'database or disk is full')))).toBe('the disk is full: writes fail (SQLITE_FULL)');
    expect(storageFaultReason(withCode('53100'))).toBe('the disk is full: writes fail (53100)');
    expect(storageFaultReason(withCode('SQLITE_READONLY_DIRECTORY'))).toBe('the database is read-only: writes fail (SQLITE_READONLY_DIRECTORY)');
    expect(storageFaultReason(withCode('25006'))).toBe('the database is read-only: writes fail (25006)');
    expect(storageFaultReason(withCode('SQLITE_IOERR_FSYNC'))).toBe('the disk fails (an I/O error): writes fail (SQLITE_IOERR_FSYNC)');
    expect(storageFaultReason(withCode('ECONNREFUSED'))).toBe(null);
  });

  it('says what the database did: refused, could not be reached, did not answer in time, lost the connection, could not write', () => {
    // Operator: a deal line said "the ledger did not answer in time" of `connect ECONNREFUSED`, and of SQLITE_FULL.
    const fault = (cause: unknown) => new DatabaseFault('connection-lost', cause);
    expect(faultSummary(fault(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')))).toBe('the database refused the connection');
    expect(faultSummary(withCode('57P03', 'the database system is starting up'))).toBe('the database refused the connection');
    expect(faultSummary(withCode('55000', 'database "try_ops" is not currently accepting connections'))).toBe('the database refused the connection');
    expect(faultSummary(fault(withCode('EHOSTUNREACH', 'connect EHOSTUNREACH 10.0.0.9:5432')))).toBe('the database could not be reached');
    expect(faultSummary(fault(new Error('Query read timeout')))).toBe('the database did not answer in time');
    expect(faultSummary(new Error('timeout exceeded when trying to connect'))).toBe('the database did not answer in time');
    expect(faultSummary(new Error('Connection terminated due to connection timeout'))).toBe('the database did not answer in time');
    expect(faultSummary(fault(new Error('Connection terminated unexpectedly')))).toBe('the connection to the database was lost');
    expect(faultSummary(withCode('57P01', 'terminating connection due to administrator command'))).toBe('the connection to the database was lost');
    expect(faultSummary(withCode('SQLITE_BUSY', 'database is locked'))).toBe('a lock was not granted in time');
    expect(faultSummary(asDatabaseFault(withCode('SQLITE_FULL', 'database or disk is full')))).toBe('the disk is full: writes fail (SQLITE_FULL)');
    expect(faultSummary(new TypeError('x is not a function'))).toBe(null);
  });

  it('leaves bugs and constraint violations alone', () => {
    expect(faultKindOf(withCode('23505', 'duplicate key value'))).toBe(null);
    expect(faultKindOf(withCode('SQLITE_CONSTRAINT_CHECK'))).toBe(null);
    expect(faultKindOf(new TypeError('x is not a function'))).toBe(null);
    expect(faultKindOf('oops')).toBe(null);
    const bug = new TypeError('bug');
    expect(asDatabaseFault(bug)).toBe(bug);
  });

  it('wraps a fault as a typed DatabaseFault that keeps the driver error as its cause', () => {
    const driver = withCode('57P01', 'terminating connection due to administrator command');
    const wrapped = asDatabaseFault(driver) as DatabaseFault;
    expect(wrapped).toBeInstanceOf(DatabaseFault);
    expect(wrapped).toMatchObject({ kind: 'connection-lost', cause: driver, message: 'database fault (connection-lost): terminating connection due to administrator command' });
    expect(asDatabaseFault(wrapped)).toBe(wrapped);
  });
});

describe('a PostgreSQL connection whose write was refused as read-only', () => {
  // Operator: a connection made while the database was read-only kept refusing writes after it took them again, and a
  // busy process (its connections never idle) was not ready 4 minutes later.
  it('is closed, so that the next write gets a new connection, which takes it', async () => {
    const schema = `paigow_ro_${randomBytes(6).toString('hex')}`;
    const database = createDatabase({ databaseUrl: process.env.DATABASE_URL!, schema, maxConnections: 1 });
    try {
      await migrateToLatest(database);
      // The pool's one connection: read-only for the rest of its life, as one made while the database was.
      await sql`set session characteristics as transaction read only`.execute(database.db);
      const write = () => sql`update accounts set version = version where id = 'house'`.execute(database.db);
      const refused: unknown = await write().catch((error: unknown) => error);
      expect(faultKindOf(refused)).toBe('storage');
      await expect(write()).resolves.toBeDefined();
    } finally {
      await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await database.db.destroy();
    }
  });
});
