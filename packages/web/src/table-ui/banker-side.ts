/**
 * A revealed round read from the banker's side (rules.md §3: a copy goes to the banker): the marks over
 * the banker's two hands and the money of each player's row on the banking player's own screen. Pure.
 */
import type { HandResult, WagerOutcome } from '@paigow/engine';
import type { RoundResultView, SeatResultView } from '@paigow/protocol';
import { bankerMark, mainResultOf, outcomeOfNet } from './model.js';

/** A mark over one of the banker's hands: one result against every player, or `mixed` (won against some, lost against others). */
export type BankerHandMark = HandResult | 'mixed';

/**
 * The marks over the banker's high and low hands from its own side: against one player the mirror of
 * that player's marks; against several, the common result, else `mixed`. `null` when no player played.
 */
export function bankerHandMarks(round: RoundResultView): { readonly high: BankerHandMark; readonly low: BankerHandMark } | null {
  if (round.players.length === 0) return null;
  const side = (hand: 'high' | 'low'): BankerHandMark => {
    const marks = new Set(round.players.map((p) => bankerMark(p[hand])));
    return marks.size === 1 ? [...marks][0] : 'mixed';
  };
  return { high: side('high'), low: side('low') };
}

/**
 * One player's row on the banker's screen: the banker's outcome and money on its main bet. The marks beside the
 * player's hands stay the player's own (RoundPlayers.tsx): the banker's there read as the player's.
 */
export interface BankerRow {
  /** The banker's outcome against this player (by the sign of `bankerCents`). */
  readonly outcome: WagerOutcome;
  /** The banker's money on this player's main bet, cents, before its fee. */
  readonly bankerCents: number;
  /** The player's net on its main bet, cents. */
  readonly playerMainCents: number;
}

/** A player's result as the banking player reads it (rules.md §3.1: the main bet only; Fortune and envy are the house's). */
export function bankerRow(p: SeatResultView): BankerRow {
  const { playerMainCents, bankerCents } = mainResultOf(p);
  return { outcome: outcomeOfNet(bankerCents), bankerCents, playerMainCents };
}
