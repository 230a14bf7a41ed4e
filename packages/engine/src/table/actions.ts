/**
 * The actions the table reducer takes (`apply`). The server turns parsed client messages
 * (protocol `ClientMessage`) into these, adding who acts and the time; timers, connections and
 * ledger outcomes are actions too. Nothing here reads a clock or randomness: `nowMs` and the
 * shuffled deck are passed in.
 */

import type { Card } from '../cards/index.js';
import type { ErrorCode } from '../errors/index.js';
import type { BetSpot } from '../protocol/messages.js';

/**
 * What a deal needs: a fresh round id and a freshly shuffled 53-card deck (rules.md §1). Every
 * action may start the round (e.g. the last unready bet is withdrawn), so the server passes one with
 * every action; it is used only when a round is dealt.
 */
export interface DealMaterial {
  readonly roundId: string;
  readonly deck: readonly Card[];
}

interface Base {
  /** The server clock, epoch ms. */
  readonly nowMs: number;
  /** Used when this action deals a round. */
  readonly deal?: DealMaterial;
}

interface ByPlayer extends Base {
  readonly playerId: string;
}

/** A client of `playerId` joined the room (or re-joined: reconnection). Balance and comp points come from the ledger. */
export interface JoinAction extends ByPlayer {
  readonly type: 'join';
  readonly nickname: string;
  readonly balanceCents: number;
  readonly compPoints: number;
}
/** The last client of `playerId` left the room (rules.md §5 "Interruptions"). */
export interface LeaveAction extends ByPlayer {
  readonly type: 'leave';
}
/** The ledger's balance and comp points of `playerId` (after a settlement, a top-up, a failed deal). */
export interface SyncAction extends ByPlayer {
  readonly type: 'sync';
  readonly balanceCents: number;
  readonly compPoints: number;
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
export interface DealAction extends ByPlayer {
  readonly type: 'deal';
}
export interface SetAction extends ByPlayer {
  readonly type: 'set';
  readonly low: readonly [Card, Card];
}
export interface HouseWayAction extends ByPlayer {
  readonly type: 'house-way';
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
}
export interface AutoApproveAction extends ByPlayer {
  readonly type: 'auto-approve';
  readonly on: boolean;
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

/** Every action of the table reducer. */
export type TableAction =
  | JoinAction
  | LeaveAction
  | SyncAction
  | SitAction
  | StandAction
  | BetAction
  | DealAction
  | SetAction
  | HouseWayAction
  | RebetAction
  | TakeBankAction
  | LeaveBankAction
  | ApproveAction
  | AutoApproveAction
  | TickAction
  | RoundOpenedAction
  | RoundFailedAction;
