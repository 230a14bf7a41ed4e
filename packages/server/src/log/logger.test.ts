import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DatabaseFault } from '../storage/faults.js';
import { createLogger, LineThrottles, logLevelFromEnv, LogLevelError, problemReporter, throttlingFaults, unansweredBy, withContext } from './index.js';

/** A destination that keeps every line written. */
function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the structured log', () => {
  it('writes one JSON line per event with an ISO time, the level name and the context', () => {
    const out = capture();
    const logger = createLogger({ level: 'info', destination: out.stream });
    withContext(withContext(logger, { tableId: 'table-1' }), { roundId: 'r-1', playerId: undefined }).info('round dealt');
    logger.debug('not written at info');
    const lines = out.lines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'info', msg: 'round dealt', tableId: 'table-1', roundId: 'r-1' });
    expect(lines[0]).not.toHaveProperty('playerId');
    expect(new Date(lines[0]?.time as string).toISOString()).toBe(lines[0]?.time);
  });

  it('reads LOG_LEVEL, defaulting to info, and refuses an unknown level', () => {
    expect(logLevelFromEnv({})).toBe('info');
    expect(logLevelFromEnv({ LOG_LEVEL: ' DEBUG ' })).toBe('debug');
    expect(() => logLevelFromEnv({ LOG_LEVEL: 'loud' })).toThrow(LogLevelError);
  });

  it('reports a problem as one line: an error with its type, a typed refusal with its code', () => {
    const out = capture();
    const report = problemReporter(createLogger({ destination: out.stream }));
    report('could not settle', { code: 'ledger/insufficient-funds', message: 'short' });
    report('a listener failed', new TypeError('boom'));
    report('lease: marked stopped');
    const [refusal, failure, warning] = out.lines();
    expect(refusal).toMatchObject({ level: 'error', err: { code: 'ledger/insufficient-funds', message: 'short' } });
    expect(failure).toMatchObject({ level: 'error', err: { type: 'TypeError', message: 'boom' } });
    expect(warning).toMatchObject({ level: 'warn', msg: 'lease: marked stopped' });
  });

  it('writes a fault of the database (an unreachable or lost PostgreSQL) as one line with its kind and no stack', () => {
    const out = capture();
    const report = problemReporter(createLogger({ destination: out.stream }));
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5499'), { code: 'ECONNREFUSED' });
    report('recovery: the database did not answer', refused);
    report('could not save round r1', new DatabaseFault('connection-lost', new Error('Connection terminated unexpectedly')));
    const [unreachable, lost] = out.lines();
    expect(unreachable).toMatchObject({ level: 'error', fault: 'connection-lost', err: { type: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5499' } });
    expect(lost).toMatchObject({ level: 'error', fault: 'connection-lost', err: { type: 'DatabaseFault' } });
    for (const line of [unreachable, lost]) expect(line?.err).not.toHaveProperty('stack');
  });

  it('writes the pool’s wait for a connection run out (an operator’s, in a partition) as a fault of the database, no stack', () => {
    const out = capture();
    problemReporter(createLogger({ destination: out.stream }))('recovery: the database did not answer', new Error('timeout exceeded when trying to connect'));
    const [line] = out.lines();
    expect(line).toMatchObject({ level: 'error', fault: 'connection-lost', err: { type: 'Error', message: 'timeout exceeded when trying to connect' } });
    expect(line?.err).not.toHaveProperty('stack');
  });

  it('writes Redis not answering (ioredis gave up a command) as one line with its kind and no stack', () => {
    // Operator: hosting-failed during a Redis cut carried MaxRetriesPerRequestError's stack.
    const out = capture();
    const report = problemReporter(createLogger({ destination: out.stream }));
    const gaveUp = Object.assign(new Error('Reached the max retries per request limit (which is 20). Refer to "maxRetriesPerRequest" option for details.'), { name: 'MaxRetriesPerRequestError' });
    report('hosting: moving table t1 failed', gaveUp, { event: 'hosting-failed', tableId: 't1' });
    for (const line of out.lines()) {
      expect(line).toMatchObject({ level: 'error', fault: 'redis-unavailable', event: 'hosting-failed' });
      expect(line.err).not.toHaveProperty('stack');
    }
    expect(out.lines()).toHaveLength(1);
  });

  it('throttles the fault lines of an event per kind of fault, never the server’s own failures', () => {
    const out = capture();
    let nowMs = 0;
    const log = throttlingFaults(problemReporter(createLogger({ destination: out.stream })), new LineThrottles(5_000, () => nowMs));
    const full = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    for (let i = 0; i < 3; i++) log('could not write notices to the player inbox', full, { event: 'inbox-write-failed' });
    log('could not write notices to the player inbox', new DatabaseFault('busy', new Error('database is locked')), { event: 'inbox-write-failed' });
    log('a deal failed', full, { event: 'deal-failed' });
    for (let i = 0; i < 2; i++) log('could not write notices to the player inbox', new TypeError('boom'), { event: 'inbox-write-failed' });
    nowMs += 5_000;
    log('could not write notices to the player inbox', full, { event: 'inbox-write-failed' });
    expect(out.lines().map((line) => [line.event, line.fault ?? null, line.repeated ?? 0])).toEqual([
      ['inbox-write-failed', 'storage', 0],
      ['inbox-write-failed', 'busy', 0],
      ['deal-failed', 'storage', 0],
      ['inbox-write-failed', null, 0],
      ['inbox-write-failed', null, 0],
      ['inbox-write-failed', 'storage', 2],
    ]);
  });

  it('names who did not answer for a message: Redis, the database, or nobody (another failure)', () => {
    const gaveUp = Object.assign(new Error('Reached the max retries per request limit (which is 20).'), { name: 'MaxRetriesPerRequestError' });
    expect(unansweredBy(gaveUp)).toBe('Redis');
    expect(unansweredBy(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5499'), { code: 'ECONNREFUSED' }))).toBe('the database');
    expect(unansweredBy(new DatabaseFault('busy', new Error('SQLITE_BUSY')))).toBe('the database');
    expect(unansweredBy(new TypeError('boom'))).toBeNull();
  });
});
