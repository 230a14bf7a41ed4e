/** Which driver errors are database faults (docs/server.md "Database faults"), and which are not. */
import { describe, expect, it } from 'vitest';
import { asDatabaseFault, DatabaseFault, faultKindOf } from './faults.js';

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
