/**
 * Settlements and refunds that the ledger did not take at once (docs/server.md "Database faults"; issue 10
 * point 5: a settlement that fails is retried, with back-off, by the process that owns the round, until it
 * succeeds or the round is refunded). The table goes on meanwhile; the round stays open in the ledger, its
 * stakes in escrow, and the table shows the players the balances the ledger has (without the round's
 * credits) until the round is settled or refunded.
 *
 * - A settlement that fails on a database fault is tried again with back-off (`RoundDeadlines`) for
 *   `settleMs`; then, or at once when the ledger refuses it for a reason that will not change (anything
 *   but `action/stale`), the round is refunded.
 * - A refund is tried again with back-off until the ledger answers.
 * - `action/stale` (another process recovered the round, or it is already refunded) ends the job: the
 *   round is as that process left it, and its players hear of it from recovery.
 *
 * Every ledger write here is idempotent on the round id, and `settleRound` names this process as the
 * owner, so a retry can never settle twice or settle a round another process took over.
 *
 * A settlement retried also saves the round's record as the table decided it, every hand set (`saveRoundSecret`;
 * the table skips that save when the settlement follows at once): tried before each attempt until the ledger
 * answers it, so that the database says the round is settling (`paigow rounds --open`, docs/operations.md "The
 * ledger: audit and open rounds") and a recovery elsewhere settles the settings the table played, not the house
 * way's for the last hand.
 */
import type { Result, RuleError } from '@paigow/engine';
import type { Ledger, RoundRecord, SettleRoundInput } from '../ledger/index.js';
import { faultKindOf } from '../storage/faults.js';
import { pause, retryPauseMs, type RoundDeadlines } from './round-deadlines.js';
import type { ProblemLog } from '../log/index.js';

/** How a retried round ended. */
export interface Resolution {
  readonly roundId: string;
  /** The round's participants: their balances changed (or must be shown again as the ledger has them). */
  readonly playerIds: readonly string[];
  /**
   * `settled`: the settlement went through; `refunded`: the stakes went back; `gone`: nothing to do here
   * (another process took the round over, or a voided deal never reached the ledger).
   */
  readonly outcome: 'settled' | 'refunded' | 'gone';
  /**
   * Whether the players are told (`notice/round-recovered`, written to their inboxes by the refund); false
   * for a voided deal (they were told `notice/round-void`).
   */
  readonly tell: boolean;
}

/** The answer of `SettlementRetrier.settle`. */
export type SettleAnswer =
  | { readonly status: 'settled'; readonly round: RoundRecord }
  /** `action/stale`: another process recovered the round (or it was refunded); nothing more to do here. */
  | { readonly status: 'stale'; readonly error: RuleError }
  /** Not settled yet: retried (or refunded) in the background; `error` is the ledger's refusal, if it refused. */
  | { readonly status: 'pending'; readonly error: RuleError | null };

/** What a `SettlementRetrier` needs. */
export interface SettlementRetrierOptions {
  readonly ledger: Ledger;
  readonly deadlines: RoundDeadlines;
  /** Called once per job when its round is settled, refunded or gone (not after `close`). */
  readonly onResolved: (resolution: Resolution) => void;
  /** Called before each retry of a settlement (metrics; a refund's retries are not counted). */
  readonly onRetry?: () => void;
  /** Called when a retried settlement went through, with what was posted (the audit trail and metrics). */
  readonly onSettled?: (input: SettleRoundInput) => void;
  /**
   * Called when a retried settlement or a refund is refused `action/stale` (another process recovered the round):
   * the same line and metric as a first settlement refused so (`settlementRefused`).
   */
  readonly onStale?: (roundId: string, error: RuleError) => void;
  readonly log: ProblemLog;
  readonly now?: () => number;
}

/** A table's settlements and refunds in the background. One per `TableRunner`. */
export class SettlementRetrier {
  /** The jobs under way, each with its round's id and whether it is the refund of a voided deal (`refund`). */
  private readonly jobs = new Map<Promise<void>, { readonly roundId: string; readonly voidedDeal: boolean }>();
  private closed = false;
  /** Aborted by `close`: ends the pauses between attempts at once. */
  private readonly stopping = new AbortController();
  private readonly now: () => number;

  constructor(private readonly options: SettlementRetrierOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Rounds being retried now. */
  get pending(): number {
    return this.jobs.size;
  }

  /** The ids of the rounds being retried now (settlements and refunds). */
  get roundIds(): string[] {
    return [...this.jobs.values()].map((job) => job.roundId);
  }

  /**
   * The ids among them of the voided deals being refunded (`refund`): no round in play (the players were told it was
   * void, their bets back) but a deal that may have reached the ledger, its refund waiting for the ledger's answer.
   */
  get voidedDealIds(): string[] {
    return [...this.jobs.values()].filter((job) => job.voidedDeal).map((job) => job.roundId);
  }

  /**
   * Settles a round (`ledger.settleRound(input)`, with the owner), once now; if that fails, in the
   * background as described in the module comment.
   * @param playerIds the round's participants (for `onResolved`)
   * @param decided builds the round's private record with every hand set (`encodeRoundSecret`), saved while the
   *   settlement is retried after a fault (called only then)
   * @returns `settled`, `stale`, or `pending` (a fault, or a refusal that leads to a refund)
   */
  async settle(input: SettleRoundInput, playerIds: readonly string[], decided?: () => unknown): Promise<SettleAnswer> {
    let first: Result<RoundRecord> | null = null;
    try {
      first = await this.options.ledger.settleRound(input);
    } catch (error) {
      this.options.log(`round ${input.roundId}: the settlement failed; retrying it`, error, { event: 'settlement-retrying', roundId: input.roundId });
    }
    if (first?.ok) return { status: 'settled', round: first.value };
    if (first !== null && first.error.code === 'action/stale') return { status: 'stale', error: first.error };
    const job = { roundId: input.roundId, playerIds, tell: true };
    if (first === null) this.track(input.roundId, this.retrySettlement(input, job, decided?.()));
    else this.track(input.roundId, this.refundUntilAnswered(job, `the settlement was refused: ${first.error.code}`));
    return { status: 'pending', error: first === null ? null : first.error };
  }

  /**
   * Refunds round `roundId` in the background, tried again until the ledger answers: for a deal given up
   * after its deadline, which may or may not have reached the ledger (`onResolved` says `refunded`, or
   * `gone` when it never did).
   */
  refund(roundId: string, playerIds: readonly string[], reason: string): void {
    this.track(roundId, this.refundUntilAnswered({ roundId, playerIds, tell: false }, reason), true);
  }

  /** Resolves when no round is being retried (for a drain). */
  async idle(): Promise<void> {
    while (this.jobs.size > 0) await Promise.all([...this.jobs.keys()]);
  }

  /**
   * Stops retrying (at shutdown, or the table closes) and waits for the attempt in flight. Rounds still open stay so
   * in the ledger: recovered at the next start or by a peer (docs/server.md "Processes, leases and recovery"), or
   * handed over at once by a process that goes on (`TableRunner.roundsLeftOpen`, "Table hosting").
   */
  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    await Promise.all([...this.jobs.keys()]);
  }

  // -------------------------------------------------------------------------------------------

  private track(roundId: string, job: Promise<void>, voidedDeal = false): void {
    const tracked = job.catch((error: unknown) => this.options.log('a settlement retry failed', error, { event: 'settlement-retry-failed' })).finally(() => this.jobs.delete(tracked));
    this.jobs.set(tracked, { roundId, voidedDeal });
  }

  private resolve(job: Omit<Resolution, 'outcome'>, outcome: Resolution['outcome']): void {
    if (!this.closed) this.options.onResolved({ ...job, outcome });
  }

  private async retrySettlement(input: SettleRoundInput, job: Omit<Resolution, 'outcome'>, decided: unknown): Promise<void> {
    const started = this.now();
    let unsaved = decided;
    for (let attempt = 1; ; attempt++) {
      const waitMs = retryPauseMs(this.options.deadlines, attempt);
      if (this.now() + waitMs - started > this.options.deadlines.settleMs) break;
      // Saved, or refused (action/stale: the round is not open any more): done. A fault is not logged, the settlement's are.
      if (unsaved !== undefined) unsaved = await this.options.ledger.saveRoundSecret(input.roundId, unsaved).then(() => undefined, () => unsaved);
      await pause(waitMs, this.stopping.signal);
      if (this.closed) return;
      this.options.onRetry?.();
      let answer: Result<RoundRecord>;
      try {
        answer = await this.options.ledger.settleRound(input);
      } catch (error) {
        if (faultKindOf(error) === null) this.options.log(`round ${input.roundId}: the settlement failed`, error, { event: 'settlement-retrying', roundId: input.roundId });
        continue;
      }
      if (answer.ok) {
        this.options.onSettled?.(input);
        return this.resolve(job, 'settled');
      }
      if (answer.error.code === 'action/stale') {
        this.options.onStale?.(input.roundId, answer.error);
        return this.resolve(job, 'gone');
      }
      this.options.log(`round ${input.roundId}: the settlement was refused (${answer.error.code}: ${answer.error.message}); refunding it`, answer.error, { event: 'settlement-refused', roundId: input.roundId });
      break;
    }
    await this.refundUntilAnswered(job, 'the settlement could not be recorded in time');
  }

  /**
   * Refunds until the ledger answers; the first fault is logged (`refund-retrying`) and, after it, the answer
   * (`refund-retried`), or, should the table close here first (it moved, the process stops), `refund-handed-over`;
   * the retries are not counted as settlements'.
   */
  private async refundUntilAnswered(job: Omit<Resolution, 'outcome'>, reason: string): Promise<void> {
    let faultLogged = false;
    // An operator's: a table that moved during a database outage left `refund-retrying` lines that nothing ended.
    const handedOver = (): void => {
      if (faultLogged) {
        this.options.log(
          `round ${job.roundId}: the table closed here before the ledger answered its refund; if the round is open in the ledger, recovery refunds it (rounds-released)`,
          undefined,
          { event: 'refund-handed-over', roundId: job.roundId },
        );
      }
    };
    for (let attempt = 0; ; attempt++) {
      if (this.closed) return handedOver();
      if (attempt > 0) {
        await pause(retryPauseMs(this.options.deadlines, attempt), this.stopping.signal);
        if (this.closed) return handedOver();
      }
      let answer: Result<RoundRecord>;
      try {
        answer = await this.options.ledger.refundRound(job.roundId, reason, job.tell);
      } catch (error) {
        if (faultKindOf(error) === null) {
          this.options.log(`round ${job.roundId}: the refund failed`, error, { event: 'refund-failed', roundId: job.roundId });
        } else if (!faultLogged) {
          this.options.log(`round ${job.roundId}: the refund failed; retrying it`, error, { event: 'refund-retrying', roundId: job.roundId });
          faultLogged = true;
        }
        continue;
      }
      // action/invalid: no such round (a voided deal that never reached the ledger); action/stale: another process
      // recovered it.
      if (!answer.ok && answer.error.code === 'action/stale') this.options.onStale?.(job.roundId, answer.error);
      // The end of what `refund-retrying` began: an operator's `refund-retrying` lines were never followed by anything.
      if (faultLogged) {
        const outcome = answer.ok ? 'it is refunded' : answer.error.code === 'action/stale' ? 'another process had settled or refunded it' : 'it never reached the ledger: nothing to refund';
        this.options.log(`round ${job.roundId}: the ledger answered the refund: ${outcome}`, undefined, { event: 'refund-retried', roundId: job.roundId, refunded: answer.ok });
      }
      return this.resolve(job, answer.ok ? 'refunded' : 'gone');
    }
  }
}
