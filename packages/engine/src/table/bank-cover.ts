/**
 * The banking player's cover, committed when it approves (rules.md §3.1, §5; docs/server.md "The
 * banker's cover"). At each approval the table asks the ledger to hold, from the banker's wallet, what
 * the bank can lose in one round here: every other seat's maximum main bet plus the banker's fee on
 * their total, or its whole balance if that is less. Bets are then checked against that cover, so a
 * bank never takes a bet its held money does not pay, and the held money cannot be staked at another
 * table meanwhile.
 */

import { bankMinBalanceCents } from './config.js';
import { bankCoverCents } from './settlement.js';
import type { BankerState, TableEffect, TableState } from './state.js';

/** The most a bank can need for one round at this table, cents: every other seat at the main maximum, plus the fee. */
function fullCoverCents(s: TableState): number {
  return bankCoverCents((s.config.seats - 1) * s.config.limits.main.maxCents, s.config.bankerFeeBps);
}

/**
 * What the bets at this table are checked against (`bet/banker-cannot-cover`), cents: the banker's
 * committed cover, never more than its balance; 0 when no player banks or before its first approval.
 */
export function bankerFundsCents(s: TableState): number {
  const banker = s.banker;
  if (banker === null) return 0;
  const p = s.players[banker.playerId];
  if (p === undefined || banker.coverCents === null) return 0;
  return Math.min(p.balanceCents, banker.coverCents);
}

/** The cover an approval by `playerId` would commit now, cents: the smaller of its balance and `fullCoverCents`. */
export function nextCoverCents(s: TableState, playerId: string): number {
  return Math.min(s.players[playerId]?.balanceCents ?? 0, fullCoverCents(s));
}

/**
 * The banker approved the coming round (or auto-approve did): its cover is the smaller of its balance and
 * `fullCoverCents`. Mutates `banker`.
 * @returns the `reserve-bank` effect that asks the ledger to hold it (at least the bank requirement `bankMinBalanceCents`)
 */
export function commitCover(s: TableState, banker: BankerState): TableEffect {
  const maxCents = nextCoverCents(s, banker.playerId);
  banker.coverCents = maxCents;
  return { kind: 'reserve-bank', playerId: banker.playerId, minCents: bankMinBalanceCents(s.config), maxCents };
}
