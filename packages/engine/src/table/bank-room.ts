/**
 * How much a banking player can still take (rules.md §3.1, §5): the main bets it must cover, plus its
 * fee on their total, may not exceed the cover it committed at its approval, nor its balance
 * (`bankerFundsCents`: the check `apply` makes on every bet,
 * `bet/banker-cannot-cover`). Shown to the players so that "the bank is full" is said before a chip
 * is refused.
 */

import { bankerFee } from '../settle/index.js';
import { bankerFundsCents, nextCoverCents } from './bank-cover.js';
import type { TableState } from './state.js';

/**
 * The largest total of main bets, cents, that `balanceCents` covers with the fee of `bankerFeeBps` on
 * that total (rounded half up, rules.md §3.1): the largest `t` with `t + bankerFee(t, bps) ≤ balance`.
 * 0 for a balance ≤ 0.
 */
export function coverableCents(balanceCents: number, bankerFeeBps: number): number {
  if (balanceCents <= 0) return 0;
  let total = Math.floor((balanceCents * 10_000) / (10_000 + bankerFeeBps));
  while (total + 1 + bankerFee(total + 1, bankerFeeBps) <= balanceCents) total += 1;
  while (total > 0 && total + bankerFee(total, bankerFeeBps) > balanceCents) total -= 1;
  return total;
}

/**
 * What the bank can still take, cents: the main bets its committed cover pays (with the fee) less the main bets
 * against it (never below 0), or `null` when the house banks (no such limit). While bets are taken these are the
 * bets on the table and the cover no more than the banker's balance (the `bet/banker-cannot-cover` check); until the
 * banker approves the coming round, the cover its approval would commit now (`nextCoverCents`). Once a
 * round holds the bank they are the round's bets and the cover committed at the approval: the deal's escrow took
 * the stakes from the balance (and from the players' bets on the table), but the cover is unchanged.
 */
export function bankRoomCents(state: TableState): number | null {
  const banker = state.banker;
  if (banker === null) return null;
  const bankerPlayer = state.players[banker.playerId];
  if (bankerPlayer === undefined) return 0;
  const round = state.round;
  if (round !== null && round.banker?.playerId === banker.playerId) {
    const dealt = round.hands.reduce((sum, hand) => sum + hand.bets.main, 0);
    return Math.max(0, coverableCents(banker.coverCents ?? 0, state.config.bankerFeeBps) - dealt);
  }
  const onTable = Object.values(state.players).reduce((sum, p) => sum + (p.playerId === banker.playerId ? 0 : p.bets.main), 0);
  // The bets are checked against the cover the banker committed at its approval (bank-cover.ts). Until it approves
  // the coming round, the room is what that approval would commit: the last round's cover, shown meanwhile, said
  // 273.89 after a round the bank won (its balance 327.25) and 321.67 after the next one it lost, by two rules.
  const cover = banker.approved ? bankerFundsCents(state) : nextCoverCents(state, banker.playerId);
  return Math.max(0, coverableCents(cover, state.config.bankerFeeBps) - onTable);
}
