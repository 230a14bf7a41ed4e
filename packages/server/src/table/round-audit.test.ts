/**
 * Issue 11 points 7 and 8: a settlement that goes through only after retries is counted and logged like
 * one that went through at once (rounds settled, hold), and every round event is one `info` line.
 */
import { describe, expect, it } from 'vitest';
import type { RoundResult } from '@paigow/engine';
import type { Ledger, SettleRoundInput } from '../ledger/index.js';
import type { Logger } from '../log/index.js';
import { capturedLog } from '../testing/log-capture.js';
import { metricsRegistry } from '../metrics/index.js';
import { roundDealt, roundSettled } from './round-audit.js';
import { SettlementRetrier, type Resolution } from './settlement-retry.js';

async function sample(series: string): Promise<number> {
  const line = (await metricsRegistry.metrics()).split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

/** The audit table's log: a captured logger whose lines carry `tableId` (as the runner's). */
function capture(): { logger: Logger; lines: () => Record<string, unknown>[] } {
  const { logger, lines } = capturedLog();
  return { logger: logger.child({ tableId: 'audit-table' }), lines };
}

/** A house-banked round's result with these players' outcomes (what the audit line reads of it). */
function resultOf(players: readonly { playerId: string; outcome: string; netCents: number }[]): RoundResult {
  return { players, banker: { kind: 'house' }, bankerNetCents: 0 } as unknown as RoundResult;
}

describe('the rounds audit trail and metrics', () => {
  it('logs a round dealt and a round settled on one info line each, with table and round ids', async () => {
    const { logger, lines } = capture();
    roundDealt(logger, 'audit-table', 'r-1', [
      { playerId: 'p', kind: 'main', amountCents: 1_000 },
      { playerId: 'p', kind: 'fortune', amountCents: 500 },
      { playerId: 'b', kind: 'bank', amountCents: 9_000 },
    ]);
    roundSettled(logger, 'audit-table', 'r-1', [{ from: 'escrow', to: 'house', amountCents: 1_500, kind: 'stake-lost' }], resultOf([{ playerId: 'p', outcome: 'loss', netCents: -1_500 }]));
    expect(lines()).toEqual([
      expect.objectContaining({ level: 'info', tableId: 'audit-table', roundId: 'r-1', event: 'round-dealt', players: ['p'], wageredCents: 1_500 }),
      expect.objectContaining({
        level: 'info',
        tableId: 'audit-table',
        roundId: 'r-1',
        event: 'round-settled',
        houseNetCents: 1_500,
        players: [{ playerId: 'p', outcome: 'loss', netCents: -1_500 }],
      }),
    ]);
    expect(await sample('paigow_wagered_cents_total{table="audit-table"}')).toBe(1_500);
    expect(await sample('paigow_house_won_cents_total{table="audit-table"}')).toBe(1_500);
  });

  it('counts a settlement that went through on a retry (onSettled) as settled, with its hold', async () => {
    let calls = 0;
    const ledger = {
      settleRound: async () => {
        calls++;
        if (calls === 1) throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        return { ok: true, value: {} };
      },
    } as unknown as Ledger;
    const { logger } = capture();
    const resolved: Resolution[] = [];
    const settledBefore = await sample('paigow_rounds_settled_total{table="retry-table"}');
    const retrier = new SettlementRetrier({
      ledger,
      deadlines: { dealMs: 1_000, settleMs: 5_000, firstRetryPauseMs: 5, maxRetryPauseMs: 10 },
      log: () => undefined,
      onResolved: (resolution) => resolved.push(resolution),
      onSettled: (input: SettleRoundInput) => roundSettled(logger, 'retry-table', input.roundId, input.postings, input.result as RoundResult),
    });
    const answer = await retrier.settle(
      { roundId: 'r-2', postings: [{ from: { player: 'p' }, to: 'commission', amountCents: 50, kind: 'commission' }], compPoints: [], result: resultOf([{ playerId: 'p', outcome: 'win', netCents: 950 }]) },
      ['p'],
    );
    expect(answer.status).toBe('pending');
    await retrier.idle();
    expect(resolved).toEqual([expect.objectContaining({ roundId: 'r-2', outcome: 'settled' })]);
    expect(await sample('paigow_rounds_settled_total{table="retry-table"}')).toBe(settledBefore + 1);
    expect(await sample('paigow_house_won_cents_total{table="retry-table"}')).toBe(50);
  });
});
