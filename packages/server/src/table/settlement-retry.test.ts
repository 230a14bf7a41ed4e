/**
 * The settlement retrier's decisions (docs/server.md "Database faults"), with a ledger that fails as told:
 * a fault is retried until it succeeds, past the deadline the round is refunded, a refusal that will not
 * change refunds at once, `action/stale` ends the job, and a refund is retried until the ledger answers.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { err, ok, type Result } from '@paigow/engine';
import type { Ledger, RoundRecord, SettleRoundInput } from '../ledger/index.js';
import { createLogger, problemReporter } from '../log/index.js';
import { DatabaseFault } from '../storage/faults.js';
import { retryPauseMs } from './round-deadlines.js';
import { SettlementRetrier, type Resolution } from './settlement-retry.js';

const DEADLINES = { dealMs: 100, settleMs: 200, firstRetryPauseMs: 5, maxRetryPauseMs: 20 };
const INPUT: SettleRoundInput = { roundId: 'r1', postings: [], compPoints: [], result: {} };
const ROUND = { roundId: 'r1' } as RoundRecord;
const fault = (): DatabaseFault => new DatabaseFault('connection-lost', new Error('Connection terminated unexpectedly'));

/** A ledger whose `settleRound` and `refundRound` answer from the given scripts (then repeat the last). */
function scriptedLedger(settles: (() => Promise<Result<RoundRecord>>)[], refunds: (() => Promise<Result<RoundRecord>>)[] = [async () => ok(ROUND)]) {
  const calls = { settle: 0, refund: 0 };
  const ledger = {
    settleRound: () => settles[Math.min(calls.settle++, settles.length - 1)](),
    refundRound: () => refunds[Math.min(calls.refund++, refunds.length - 1)](),
  } as unknown as Ledger;
  return { ledger, calls };
}

async function run(ledger: Ledger): Promise<{ answer: Awaited<ReturnType<SettlementRetrier['settle']>>; resolutions: Resolution[]; retries: number }> {
  const resolutions: Resolution[] = [];
  let retries = 0;
  const retrier = new SettlementRetrier({ ledger, deadlines: DEADLINES, log: () => undefined, onRetry: () => retries++, onResolved: (r) => resolutions.push(r) });
  const answer = await retrier.settle(INPUT, ['p1']);
  await retrier.idle();
  return { answer, resolutions, retries };
}

describe('SettlementRetrier', () => {
  it('settles at once when the ledger takes it', async () => {
    const { ledger, calls } = scriptedLedger([async () => ok(ROUND)]);
    const { answer, resolutions } = await run(ledger);
    expect(answer.status).toBe('settled');
    expect(resolutions).toEqual([]);
    expect(calls).toEqual({ settle: 1, refund: 0 });
  });

  it('retries a settlement that fails on a fault until it succeeds', async () => {
    const { ledger, calls } = scriptedLedger([() => Promise.reject(fault()), () => Promise.reject(fault()), async () => ok(ROUND)]);
    const { answer, resolutions, retries } = await run(ledger);
    expect(answer).toEqual({ status: 'pending', error: null });
    expect(resolutions).toEqual([{ roundId: 'r1', playerIds: ['p1'], tell: true, outcome: 'settled' }]);
    expect(calls).toEqual({ settle: 3, refund: 0 });
    expect(retries).toBe(2);
  });

  it('refunds the round once the settlement deadline has passed, retrying the refund until the ledger answers', async () => {
    const { ledger, calls } = scriptedLedger([() => Promise.reject(fault())], [() => Promise.reject(fault()), async () => ok(ROUND)]);
    const started = Date.now();
    const { resolutions } = await run(ledger);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINES.settleMs - DEADLINES.maxRetryPauseMs);
    expect(resolutions).toEqual([{ roundId: 'r1', playerIds: ['p1'], tell: true, outcome: 'refunded' }]);
    expect(calls.refund).toBe(2);
  });

  it('refunds at once a settlement the ledger refuses for good, and stops on action/stale', async () => {
    const refused = scriptedLedger([async () => err('ledger/insufficient-funds', 'the banker cannot pay')]);
    const first = await run(refused.ledger);
    expect(first.answer).toMatchObject({ status: 'pending', error: { code: 'ledger/insufficient-funds' } });
    expect(first.resolutions.map((r) => r.outcome)).toEqual(['refunded']);
    expect(refused.calls).toEqual({ settle: 1, refund: 1 });

    const stale = scriptedLedger([async () => err('action/stale', 'recovered elsewhere')]);
    const second = await run(stale.ledger);
    expect(second.answer).toMatchObject({ status: 'stale' });
    expect(second.resolutions).toEqual([]);
    expect(stale.calls).toEqual({ settle: 1, refund: 0 });
  });

  it('stops retrying at close without telling anyone', async () => {
    const { ledger } = scriptedLedger([() => Promise.reject(fault())]);
    const resolutions: Resolution[] = [];
    const retrier = new SettlementRetrier({ ledger, deadlines: { ...DEADLINES, settleMs: 60_000, maxRetryPauseMs: 60_000 }, log: () => undefined, onResolved: (r) => resolutions.push(r) });
    await retrier.settle(INPUT, ['p1']);
    expect(retrier.pending).toBe(1);
    const started = Date.now();
    await retrier.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(resolutions).toEqual([]);
  });
});

describe('retryPauseMs', () => {
  it('doubles the pause from the first up to the most', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => retryPauseMs(DEADLINES, attempt))).toEqual([5, 10, 20, 20, 20]);
  });

  // The line said "round r1: the settlement failed; retrying it" with no event and the round only in msg (operations.md "Logs").
  it('logs a settlement it retries and a refusal it refunds with their event and roundId', async () => {
    let text = '';
    const destination = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) });
    const log = problemReporter(createLogger({ destination }));
    const { ledger } = scriptedLedger([() => Promise.reject(fault()), async () => err('action/invalid', 'no')]);
    const retrier = new SettlementRetrier({ ledger, deadlines: DEADLINES, log, onResolved: () => undefined });
    await retrier.settle(INPUT, ['p1']);
    await retrier.idle();
    const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', event: 'settlement-retrying', roundId: 'r1', fault: 'connection-lost' }),
      expect.objectContaining({ level: 'error', event: 'settlement-refused', roundId: 'r1', err: expect.objectContaining({ code: 'action/invalid' }) }),
    ]);
  });

  // An operator saw paigow_settlement_retries_total at 8 (the alert's trigger) and no settlement-retrying line: the
  // retries were a voided deal's refund, counted as settlements' and never logged on a fault.
  it('logs a refund it retries once (refund-retrying) and counts no settlement retry for it', async () => {
    let text = '';
    const destination = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) });
    const log = problemReporter(createLogger({ destination }));
    const { ledger, calls } = scriptedLedger([async () => ok(ROUND)], [() => Promise.reject(fault()), () => Promise.reject(fault()), async () => ok(ROUND)]);
    let retries = 0;
    const resolutions: Resolution[] = [];
    const retrier = new SettlementRetrier({ ledger, deadlines: DEADLINES, log, onRetry: () => retries++, onResolved: (r) => resolutions.push(r) });
    retrier.refund('r1', ['p1'], 'the deal was given up');
    await retrier.idle();
    expect(calls.refund).toBe(3);
    expect(resolutions).toEqual([{ roundId: 'r1', playerIds: ['p1'], tell: false, outcome: 'refunded' }]);
    expect(retries).toBe(0);
    const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ level: 'error', event: 'refund-retrying', roundId: 'r1', fault: 'connection-lost' }),
      // Operator: the retrying line was never followed by anything.
      expect.objectContaining({ level: 'warn', event: 'refund-retried', roundId: 'r1', refunded: true, msg: 'round r1: the ledger answered the refund: it is refunded' }),
    ]);
  });

  it('names the voided deals it refunds apart from the settlements it retries', async () => {
    let answerRefund: (result: Result<RoundRecord>) => void = () => undefined;
    let answerSettle: (result: Result<RoundRecord>) => void = () => undefined;
    let settles = 0;
    const ledger = {
      settleRound: () => (settles++ === 0 ? Promise.reject(fault()) : new Promise<Result<RoundRecord>>((resolve) => (answerSettle = resolve))),
      refundRound: () => new Promise<Result<RoundRecord>>((resolve) => (answerRefund = resolve)),
    } as unknown as Ledger;
    const retrier = new SettlementRetrier({ ledger, deadlines: { ...DEADLINES, settleMs: 10_000 }, log: () => undefined, onResolved: () => undefined });
    retrier.refund('voided', ['p1'], 'the deal was given up');
    await retrier.settle({ ...INPUT, roundId: 'played' }, ['p2']);
    expect(retrier.roundIds.sort()).toEqual(['played', 'voided']);
    expect(retrier.voidedDealIds).toEqual(['voided']);
    await expect.poll(() => settles).toBe(2);
    answerRefund(ok(ROUND));
    answerSettle(ok(ROUND));
    await retrier.idle();
    expect(retrier.voidedDealIds).toEqual([]);
  });

  it('says, after a refund it retried, that a voided deal never reached the ledger, and nothing after a refund that went through at once', async () => {
    let text = '';
    const destination = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) });
    const log = problemReporter(createLogger({ destination }));
    const { ledger } = scriptedLedger([async () => ok(ROUND)], [() => Promise.reject(fault()), async () => err('action/invalid', 'no round r1')]);
    const retrier = new SettlementRetrier({ ledger, deadlines: DEADLINES, log, onResolved: () => undefined });
    retrier.refund('r1', ['p1'], 'the deal was given up');
    await retrier.idle();
    const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.event, line.msg])).toEqual([
      ['refund-retrying', 'round r1: the refund failed; retrying it'],
      ['refund-retried', 'round r1: the ledger answered the refund: it never reached the ledger: nothing to refund'],
    ]);
    text = '';
    const quiet = new SettlementRetrier({ ledger: scriptedLedger([async () => ok(ROUND)]).ledger, deadlines: DEADLINES, log, onResolved: () => undefined });
    quiet.refund('r2', ['p1'], 'the deal was given up');
    await quiet.idle();
    expect(text).toBe('');
  });

  // An operator's: a table moved during a database outage, and its refund-retrying lines were never followed by anything.
  it('ends a refund-retrying with refund-handed-over when the table closes before the ledger answers', async () => {
    let text = '';
    const destination = new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString()), done()) });
    const log = problemReporter(createLogger({ destination }));
    let refunds = 0;
    const ledger = { refundRound: () => (refunds++, Promise.reject(fault())) } as unknown as Ledger;
    const retrier = new SettlementRetrier({ ledger, deadlines: { ...DEADLINES, settleMs: 60_000 }, log, onResolved: () => undefined });
    retrier.refund('r1', ['p1'], 'the deal was given up');
    await expect.poll(() => refunds).toBeGreaterThanOrEqual(2);
    await retrier.close();
    const lines = text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => [line.level, line.event])).toEqual([
      ['error', 'refund-retrying'],
      ['warn', 'refund-handed-over'],
    ]);
    expect(lines[1]!.msg).toBe('round r1: the table closed here before the ledger answered its refund; if the round is open in the ledger, recovery refunds it (rounds-released)');
  });
});
