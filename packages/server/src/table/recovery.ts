/**
 * Rounds their server could not finish: it stopped, or closed their table in play (rules.md §5 "Interruptions";
 * docs/server.md "Processes, leases and recovery", "Table hosting"). A dealt round is recorded `'open'` in the
 * ledger with its private record (the engine's `RoundState`: deck, hands, settings so far) and its owner, the
 * server instance running it. Once that instance is no longer alive (stopped, or its lease expired), or it
 * handed the round over (`ledger.releaseRounds`: no owner), the round is
 * settled as if every unset hand had pressed House Way, by the first surviving or restarted process to
 * claim it; a round whose record cannot be read or settled is refunded. The ledger's idempotency makes
 * this safe to repeat: never lost, never settled twice. The settlement or refund writes each player's
 * `notice/round-recovered` to its inbox in the same transaction (docs/server.md "The player inbox"),
 * which any process the player is connected to, or joins later, sends it.
 */
import { settleRoundState, toHand, type RoundState } from '@paigow/engine';
import type { Ledger } from '../ledger/index.js';
import { problemReporter, rootLogger, type ProblemLog } from '../log/index.js';

/** The version of the private round record written to the ledger. */
export const ROUND_SECRET_VERSION = 1;

/** The private round record stored with an open round. */
export interface RoundSecret {
  readonly version: typeof ROUND_SECRET_VERSION;
  readonly round: RoundState;
}

/** Wraps a dealt round as the ledger's private `secret` JSON. */
export function encodeRoundSecret(round: RoundState): RoundSecret {
  return { version: ROUND_SECRET_VERSION, round };
}

/** Whether a record's cards are a hand (`toHand`: seven distinct valid cards); the record is this server's edge. */
function isHand(value: unknown): boolean {
  return Array.isArray(value) && toHand(value).ok;
}

/**
 * Reads a private round record back, checking its shape (seven distinct cards per hand, whole
 * positive stakes, settings made of the hand's cards).
 * @returns the round, or `null` when the record is not one this server wrote.
 */
export function decodeRoundSecret(secret: unknown): RoundState | null {
  if (typeof secret !== 'object' || secret === null) return null;
  const { version, round } = secret as { version?: unknown; round?: unknown };
  if (version !== ROUND_SECRET_VERSION || typeof round !== 'object' || round === null) return null;
  const r = round as RoundState;
  if (typeof r.roundId !== 'string' || typeof r.tableId !== 'string' || !isHand(r.bankerCards)) return null;
  if (!Array.isArray(r.hands) || r.hands.length === 0 || typeof r.rules !== 'object' || r.rules === null) return null;
  for (const hand of r.hands) {
    if (typeof hand.playerId !== 'string' || !isHand(hand.cards)) return null;
    if (!Number.isSafeInteger(hand.bets?.main) || hand.bets.main <= 0 || !Number.isSafeInteger(hand.bets.fortune) || hand.bets.fortune < 0) {
      return null;
    }
    if (hand.setting !== null) {
      const cards = [...(hand.setting.high ?? []), ...(hand.setting.low ?? [])];
      if (hand.setting.high?.length !== 5 || cards.length !== 7 || !cards.every((c) => hand.cards.includes(c))) return null;
    }
  }
  return r;
}

/** What recovery did. */
export interface RecoveryReport {
  readonly settled: readonly string[];
  readonly refunded: readonly string[];
  /** The tables of the rounds settled or refunded, each once. */
  readonly tableIds: readonly string[];
}

/** What `recoverRounds` needs besides the ledger. */
export interface RecoveryOptions {
  /** The recovering server instance (it claims each round before settling it). */
  readonly instanceId: string;
  /** The clock, epoch ms: the settlement time recorded in the results, and the lease check. */
  readonly nowMs: number;
  /** The lease length, ms (`LeaseTiming.leaseMs`): an owner silent this long is dead. */
  readonly leaseMs: number;
  /** Where problems are reported (default: `error`/`warn` lines of the root logger). */
  readonly log?: ProblemLog;
}

/**
 * Settles or refunds every open round that no live server instance runs (docs/server.md "Processes,
 * leases and recovery"): rounds without an owner, or whose owner stopped, is unknown or has not renewed
 * its lease for `leaseMs`. A round run by a live process, this one included, is never touched. Each
 * round is first claimed (`ledger.claimRound`: of several processes exactly one gets it, and its old
 * owner can no longer settle it), then settled from its private record with `settleRoundState`, the
 * same as at the table, unset hands set by the house way (`setBy: 'recovery'`: the server, not the
 * player, was interrupted; rules.md §5 "Interruptions"); a round whose record cannot be read or settled is refunded. The ledger's
 * idempotency makes this safe to repeat: never lost, never settled twice. The bank reservations of dead
 * processes are dropped first (`ledger.releaseOrphanReservations`).
 * @returns the rounds this call settled and refunded (ids), and their tables
 * @throws the database's error when it cannot be read (nothing half-done: each round is one transaction)
 */
export async function recoverRounds(ledger: Ledger, options: RecoveryOptions): Promise<RecoveryReport> {
  const log = options.log ?? problemReporter(rootLogger());
  const check = { instanceId: options.instanceId, nowMs: options.nowMs, leaseMs: options.leaseMs };
  const settled: string[] = [];
  const refunded: string[] = [];
  const tableIds = new Set<string>();
  // The banks of a dead process went with its tables: their covers are free again (docs/server.md).
  await ledger.releaseOrphanReservations(check);
  for (const candidate of await ledger.recoverableRounds(check)) {
    const open = await ledger.claimRound(candidate.roundId, check);
    if (open === null) continue; // another process claimed it, or its owner is alive again
    const round = decodeRoundSecret(open.secret);
    if (round !== null && round.roundId === open.roundId) {
      try {
        const settlement = settleRoundState(round, options.nowMs, 'recovery');
        const done = await ledger.settleRound({
          roundId: open.roundId,
          postings: settlement.postings,
          compPoints: settlement.compPoints,
          result: settlement.result,
          ownerInstanceId: options.instanceId,
          tell: 'notice/round-recovered',
        });
        if (done.ok) {
          settled.push(open.roundId);
          tableIds.add(open.tableId);
          continue;
        }
        log(`recovery: round ${open.roundId} could not be settled (${done.error.code}: ${done.error.message}); refunding it`, undefined, {
          event: 'recovery-refunding',
          tableId: open.tableId,
          roundId: open.roundId,
          code: done.error.code,
        });
      } catch (error) {
        log(`recovery: round ${open.roundId} could not be settled; refunding it`, error, { event: 'recovery-refunding', tableId: open.tableId, roundId: open.roundId });
      }
    } else {
      log(`recovery: round ${open.roundId} has no readable record; refunding it`, undefined, { event: 'recovery-refunding', tableId: open.tableId, roundId: open.roundId });
    }
    const refund = await ledger.refundRound(open.roundId, 'interrupted: the server stopped during the round', true);
    if (refund.ok) {
      refunded.push(open.roundId);
      tableIds.add(open.tableId);
    } else log(`recovery: round ${open.roundId} could not be refunded`, refund.error, { event: 'refund-failed', tableId: open.tableId, roundId: open.roundId });
  }
  return { settled, refunded, tableIds: [...tableIds] };
}
