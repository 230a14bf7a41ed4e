/**
 * The lease keeper's problems as log lines (docs/operations.md "Logs": an error is one line with `err`). An operator's
 * finding: `lease-problem` lines carried the driver's words in `msg` only, no `err` nor `fault`
 * (`lease: the renewal failed (Client has encountered a connection error and is not queryable)`).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { capturedLog } from '../testing/log-capture.js';
import { LeaseKeeper, leaseProblemReporter, type BriefError } from './keeper.js';

/** Nothing listens there (a port of this test's own range): every connection is refused. */
const NOBODY = 'postgres://paigow@127.0.0.1:5241/paigow';

describe('the lease keeper’s problems', () => {
  let keeper: LeaseKeeper | undefined;
  afterEach(async () => {
    await keeper?.stop();
    keeper = undefined;
  });

  it('a renewal the database refused comes with its error: type, message, code', async () => {
    const problems: [string, BriefError | undefined][] = [];
    keeper = new LeaseKeeper({
      target: { databaseUrl: NOBODY, schema: 'public' },
      instanceId: 'i-refused',
      leaseMs: 1_000,
      heartbeatMs: 50,
      stallMs: 10_000,
      onProblem: (message, err) => problems.push([message, err]),
    });
    keeper.start();
    await expect.poll(() => problems.length, { timeout: 5_000 }).toBeGreaterThan(0);
    const [message, err] = problems[0]!;
    expect(message).toBe('lease: the renewal failed (connect ECONNREFUSED 127.0.0.1:5241)');
    expect(err).toEqual({ type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5241', code: 'ECONNREFUSED' });
  });

  it('writes one warn line lease-problem with err and the fault, the same words in msg', async () => {
    const { logger, lines } = capturedLog();
    keeper = new LeaseKeeper({
      target: { databaseUrl: NOBODY, schema: 'public' },
      instanceId: 'i-1',
      leaseMs: 1_000,
      heartbeatMs: 50,
      stallMs: 10_000,
      onProblem: leaseProblemReporter(logger, 'i-1'),
    });
    keeper.start();
    await expect.poll(() => lines().length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(lines()[0]).toMatchObject({
      level: 'warn',
      event: 'lease-problem',
      instanceId: 'i-1',
      msg: 'lease: the renewal failed (connect ECONNREFUSED 127.0.0.1:5241)',
      err: { type: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5241', code: 'ECONNREFUSED' },
      fault: 'connection-lost',
    });
  });

  it('names the fault of the operator’s line (a pg client after its connection error), and none for other errors', () => {
    const { logger, lines } = capturedLog();
    const report = leaseProblemReporter(logger, 'i-2');
    report('lease: the renewal failed (Client has encountered a connection error and is not queryable)', { type: 'Error', message: 'Client has encountered a connection error and is not queryable' });
    report('lease: the lease worker failed (a bug)', { type: 'TypeError', message: 'a bug' });
    expect(lines().map((line) => [line.event, line.err, line.fault])).toEqual([
      ['lease-problem', { type: 'Error', message: 'Client has encountered a connection error and is not queryable' }, 'connection-lost'],
      ['lease-problem', { type: 'TypeError', message: 'a bug' }, undefined],
    ]);
  });
});
