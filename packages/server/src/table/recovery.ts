/**
 * Rounds interrupted by a stop of the server (rules.md §5 "Interruptions"; ledger.ts
 * `openRounds`). A dealt round is recorded `'open'` in the ledger with its private record (the
 * engine's `RoundState`: deck, hands, settings so far). On start, each open round is settled as
 * if every unset hand had pressed House Way; a round whose record cannot be read or settled is
 * refunded. The ledger's idempotency makes this safe to repeat: never lost, never settled twice.
 */
import { isCard, settleRoundState, type RoundState } from '@paigow/engine';
import type { Ledger } from '../ledger/index.js';

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

function isCards(value: unknown, count: number): boolean {
  return Array.isArray(value) && value.length === count && value.every(isCard) && new Set(value).size === count;
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
  if (typeof r.roundId !== 'string' || typeof r.tableId !== 'string' || !isCards(r.bankerCards, 7)) return null;
  if (!Array.isArray(r.hands) || r.hands.length === 0 || typeof r.rules !== 'object' || r.rules === null) return null;
  for (const hand of r.hands) {
    if (typeof hand.playerId !== 'string' || !isCards(hand.cards, 7)) return null;
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
}

/**
 * Settles or refunds every round left open in the ledger (run once at start, before the tables
 * open). Unset hands are set by the house way (`setBy: 'disconnect'`); the settlement is
 * `settleRoundState`, the same as at the table.
 * @param nowMs the settlement time recorded in the results
 */
export async function recoverOpenRounds(
  ledger: Ledger,
  nowMs: number,
  log: (message: string, detail?: unknown) => void = (message) => console.error(message),
): Promise<RecoveryReport> {
  const settled: string[] = [];
  const refunded: string[] = [];
  for (const open of await ledger.openRounds()) {
    const round = decodeRoundSecret(open.secret);
    if (round !== null && round.roundId === open.roundId) {
      try {
        const settlement = settleRoundState(round, nowMs, 'disconnect');
        const done = await ledger.settleRound({
          roundId: open.roundId,
          postings: settlement.postings,
          compPoints: settlement.compPoints,
          result: settlement.result,
        });
        if (done.ok) {
          settled.push(open.roundId);
          continue;
        }
        log(`recovery: round ${open.roundId} could not be settled (${done.error.code}: ${done.error.message}); refunding it`);
      } catch (error) {
        log(`recovery: round ${open.roundId} could not be settled; refunding it`, error);
      }
    } else {
      log(`recovery: round ${open.roundId} has no readable record; refunding it`);
    }
    const refund = await ledger.refundRound(open.roundId, 'interrupted: the server stopped during the round');
    if (refund.ok) refunded.push(open.roundId);
    else log(`recovery: round ${open.roundId} could not be refunded`, refund.error);
  }
  return { settled, refunded };
}
