/**
 * The reconnection grace (rules.md §5 "Interruptions"): a lost connection is an interruption only once it
 * stays lost past the table's `timers.reconnectGraceMs`. Until then the player's bets wait on the felt, or
 * its dealt hand waits, unset, and a player back in time finds them as it left them; the grace never runs
 * past the hand's own decision deadline (nor past the bets' own timer, which returns them as always), so the
 * round never waits longer for it than for anyone else.
 */

import type { PlayerState, RoundHand, TableState } from './state.js';

/**
 * Whether `p`'s connection is lost past the reconnection grace at the table's clock (`TableState.nowMs`): it
 * dropped at `disconnectedAtMs` and `timers.reconnectGraceMs` have passed since without a reconnection. That is
 * when a lost connection counts as an interruption (rules.md §5 "Interruptions"); within the grace (a reload, a
 * brief drop) it does not. `false` for a connected player.
 */
export function pastGrace(s: TableState, p: PlayerState): boolean {
  if (p.connected || p.disconnectedAtMs === null) return false;
  return s.nowMs >= p.disconnectedAtMs + s.config.timers.reconnectGraceMs;
}

/**
 * When the bets on the felt of a disconnected player go back to its balance (epoch ms), or `null` when no
 * grace runs: it is connected, or has no bets on the felt (bets dealt into a round are the hand's, `graceDeadline`).
 */
export function betGraceDeadline(s: TableState, p: PlayerState): number | null {
  if (p.connected || p.disconnectedAtMs === null || p.bets.main + p.bets.fortune === 0) return null;
  return p.disconnectedAtMs + s.config.timers.reconnectGraceMs;
}

/**
 * When the house way sets `hand` because its player's connection stayed lost (epoch ms), or `null` when
 * no grace runs: the hand is set, the round is not being set, or its player is connected. It is the
 * disconnection time plus `timers.reconnectGraceMs`, but never later than the hand's decision deadline.
 */
export function graceDeadline(s: TableState, hand: RoundHand): number | null {
  if (s.phase !== 'setting' || hand.setting !== null) return null;
  const p = s.players[hand.playerId];
  if (p === undefined) return s.nowMs;
  if (p.connected || p.disconnectedAtMs === null) return null;
  const grace = p.disconnectedAtMs + s.config.timers.reconnectGraceMs;
  return hand.deadlineMs === null ? grace : Math.min(grace, hand.deadlineMs);
}
