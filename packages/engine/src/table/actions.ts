/**
 * The actions the table reducer takes (`apply`). The server turns parsed client messages
 * (protocol `ClientMessage`) into these, adding who acts and the time; timers, connections and
 * ledger outcomes are actions too. Nothing here reads a clock or randomness: `nowMs` is passed in with
 * every action, and the deal material only with the `deal` action the reducer asks for (`deal-due`).
 */

import type { Card } from '../cards/index.js';
import type { ErrorCode } from '../errors/index.js';
import type { NextRound } from './state.js';
import type { BetSpot } from './terms.js';

/**
 * What a deal needs: the round id and either the round's 32-byte server seed, from which the deck is
 * computed with the client seeds locked at the table (fairness.md: the provably fair deal, what the
 * server plays), or a given shuffled 53-card deck (tests). A round dealt from a server seed is the round
 * whose commitment the table published (`TableState.nextRound`).
 */
export type DealMaterial =
  | { readonly roundId: string; readonly serverSeed: Uint8Array }
  | { readonly roundId: string; readonly deck: readonly Card[] };

interface Base {
  /** The server clock, epoch ms. */
  readonly nowMs: number;
}

interface ByPlayer extends Base {
  readonly playerId: string;
}

/**
 * What the ledger says of a player at this table: what it may stake here, cents; its comp points; and
 * `heldElsewhereCents`, the cents of its wallet held as its bank's cover at other tables (not in `balanceCents`;
 * 0 when it banks nowhere else; absent: unchanged since the ledger last said).
 */
export interface PlayerFigures {
  readonly balanceCents: number;
  readonly compPoints: number;
  readonly heldElsewhereCents?: number;
}

/** A client of `playerId` joined the room (or re-joined: reconnection). Its figures come from the ledger. */
export interface JoinAction extends ByPlayer, PlayerFigures {
  readonly type: 'join';
  readonly nickname: string;
}
/** The last client of `playerId` left the room (rules.md §5 "Interruptions"). */
export interface LeaveAction extends ByPlayer {
  readonly type: 'leave';
  /**
   * It left on purpose (the lobby's Leave), not a lost connection: a banker's bank ends (default: a lost
   * connection, kept through the reconnection grace).
   */
  readonly deliberate?: boolean;
}
/** The ledger's figures of `playerId` (after a deal, a top-up, a refused deal, a change elsewhere). */
export interface SyncAction extends ByPlayer, PlayerFigures {
  readonly type: 'sync';
}
export interface SitAction extends ByPlayer {
  readonly type: 'sit';
  readonly seat: number | null;
}
export interface StandAction extends ByPlayer {
  readonly type: 'stand';
}
export interface BetAction extends ByPlayer {
  readonly type: 'bet';
  readonly spot: BetSpot;
  readonly amountCents: number;
}
/** The player pressed Deal: it is ready (docs/protocol.md); the round deals when every player with a bet is. */
export interface ReadyAction extends ByPlayer {
  readonly type: 'ready';
  /** The player's client seed, locked by this Deal (fairness.md §2). */
  readonly clientSeed?: string;
}
/**
 * The server's answer to a `deal-due` effect: deal the round from `deal`. Refused with `action/stale` when no
 * round is due (not every player with a bet is ready, or a round is in play).
 */
export interface DealAction extends Base {
  readonly type: 'deal';
  readonly deal: DealMaterial;
  /** The round the server deals after this one and its commitment (fairness.md §1); `null` for given decks. */
  readonly next: NextRound | null;
}
/**
 * The server's answer to a `reveal-due` effect: reveal and settle the round `roundId`, whose every hand is set
 * (rules.md §5). Refused with `action/stale` unless `roundId` is the round in play and every hand of it is set.
 */
export interface RevealAction extends Base {
  readonly type: 'reveal';
  readonly roundId: string;
}
/** Split (rules.md §5): refused with `action/stale` unless `roundId` is the round being set. */
export interface SetAction extends ByPlayer {
  readonly type: 'set';
  readonly roundId: string;
  readonly low: readonly [Card, Card];
}
/** House Way (rules.md §5): refused with `action/stale` unless `roundId` is the round being set. */
export interface HouseWayAction extends ByPlayer {
  readonly type: 'house-way';
  readonly roundId: string;
}
export interface RebetAction extends ByPlayer {
  readonly type: 'rebet';
}
export interface TakeBankAction extends ByPlayer {
  readonly type: 'take-bank';
}
export interface LeaveBankAction extends ByPlayer {
  readonly type: 'leave-bank';
}
export interface ApproveAction extends ByPlayer {
  readonly type: 'approve';
  /** The banker's client seed, locked by this approval (fairness.md §2). */
  readonly clientSeed?: string;
}
export interface AutoApproveAction extends ByPlayer {
  readonly type: 'auto-approve';
  readonly on: boolean;
  /**
   * With `on`: the banker's client seed for the rounds it auto-approves (fairness.md §2). Locked from a round's
   * approval to its deal: another seed then is refused (`fairness/seed-locked`).
   */
  readonly clientSeed?: string;
}
/** Time passed: expire every deadline ≤ `nowMs` (the server schedules it at `nextDeadline(state)`). */
export interface TickAction extends Base {
  readonly type: 'tick';
}
/** The ledger recorded the deal of `roundId` (`openRound` succeeded): decisions start. */
export interface RoundOpenedAction extends Base {
  readonly type: 'round-opened';
  readonly roundId: string;
}
/**
 * The ledger refused the deal of `roundId` (nothing was taken): the round is void, bets stay placed but
 * not ready, and its players are told (`notice/round-void` with `reason`).
 */
export interface RoundFailedAction extends Base {
  readonly type: 'round-failed';
  readonly roundId: string;
  /** The ledger's refusal code (default `'action/unavailable'`). */
  readonly reason?: ErrorCode;
}

/** A player's balance and comp points as the ledger has them. */
export interface LedgerFigures extends PlayerFigures {
  readonly playerId: string;
}

/**
 * The ledger's answer to a `settle-round` effect: the balances and comp points of the round's players as
 * the ledger has them now (with the settlement, or without it while it is retried). A banker who banks on
 * is then asked to approve the next round, or loses the bank if its balance no longer covers it
 * (`notice/left-bank` `'balance'`, rules.md §5).
 */
export interface RoundSettledAction extends Base {
  readonly type: 'round-settled';
  readonly roundId: string;
  readonly players: readonly LedgerFigures[];
}

/**
 * The ledger's answer to a `reserve-bank` effect (docs/server.md "The banker's cover"): the cover it now
 * holds for banker `playerId`, in cents; `null` when the banker's balance could not cover the bank, which
 * it then loses (`notice/left-bank` `'balance'`).
 */
export interface BankCoverAction extends ByPlayer {
  readonly type: 'bank-cover';
  readonly coverCents: number | null;
}
/**
 * The ledger refused the deal of `roundId` because the balances of `playerIds` do not cover their stakes
 * (nothing was taken): their bets are returned (`notice/bet-returned` `'balance'`) and the round deals again
 * for everyone else; a banker among them loses the bank first (docs/server.md "One player's shortfall").
 */
export interface RoundShortAction extends Base {
  readonly type: 'round-short';
  readonly roundId: string;
  readonly playerIds: readonly string[];
}

/** Every action of the table reducer. */
export type TableAction =
  | JoinAction
  | LeaveAction
  | SyncAction
  | SitAction
  | StandAction
  | BetAction
  | ReadyAction
  | DealAction
  | RevealAction
  | SetAction
  | HouseWayAction
  | RebetAction
  | TakeBankAction
  | LeaveBankAction
  | ApproveAction
  | AutoApproveAction
  | TickAction
  | RoundOpenedAction
  | RoundFailedAction
  | BankCoverAction
  | RoundShortAction
  | RoundSettledAction;
