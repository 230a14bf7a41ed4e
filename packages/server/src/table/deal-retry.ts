/**
 * The deal's ledger transaction under database faults (docs/server.md "Database faults"). `openRound` is
 * idempotent on the round id, so a deal whose transaction failed on a fault (lost connection, cancelled
 * statement, lock not granted in time, a full disk) is simply tried again: it either opens the round or finds it
 * opened by the attempt whose answer was lost. Past the deal deadline the table gives up; the round may
 * then exist in the ledger or not, and is refunded (`SettlementRetrier.refund`).
 */
import type { Result } from '@paigow/engine';
import type { Ledger, OpenRoundInput, RoundRecord } from '../ledger/index.js';
import { faultKindOf } from '../storage/faults.js';
import { pause, retryPauseMs, type RoundDeadlines } from './round-deadlines.js';

/** What became of the deal: the ledger's answer, or none within the deadline (the last error). */
export type DealAttempt = { readonly answered: true; readonly result: Result<RoundRecord> } | { readonly answered: false; readonly error: unknown };

/**
 * `ledger.openRound(input)`, tried again with back-off while it throws a database fault (`faultKindOf`),
 * until `deadlines.dealMs` after the first attempt, or until `signal` aborts (the table closes).
 * @returns the ledger's answer (the round, or its refusal, e.g. `ledger/insufficient-funds`); or
 *   `answered: false` with the last error when it threw something else, the deadline passed or `signal` aborted
 */
export async function openRoundWithRetry(
  ledger: Ledger,
  input: OpenRoundInput,
  deadlines: RoundDeadlines,
  now: () => number = Date.now,
  signal?: AbortSignal,
): Promise<DealAttempt> {
  const started = now();
  for (let attempt = 1; ; attempt++) {
    try {
      return { answered: true, result: await ledger.openRound(input) };
    } catch (error) {
      const waitMs = retryPauseMs(deadlines, attempt);
      if (faultKindOf(error) === null || now() + waitMs - started > deadlines.dealMs || signal?.aborted) return { answered: false, error };
      await pause(waitMs, signal);
    }
  }
}
