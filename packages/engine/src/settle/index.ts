/**
 * Settling a wager (rules.md §3): each hand against the banker's hand of the same size, copies to
 * the banker, a foul loses (rules.md §2.4), and the money with commission (rules.md §3.1).
 * Money is integer cents; rates are basis points (500 = 5%); rounding is half up to the cent.
 */

import type { SettingValues } from '../setting/index.js';

/** The result of one hand against the banker's: a copy (equal value) goes to the banker (rules.md §3). */
export type HandResult = 'win' | 'lose' | 'copy';

/** The result of a wager (rules.md §3). */
export type WagerOutcome = 'win' | 'push' | 'lose';

/** Compares the player's hand with the banker's hand of the same size (rules.md §3). */
export function compareHands(player: number, banker: number): HandResult {
  return player > banker ? 'win' : player < banker ? 'lose' : 'copy';
}

/**
 * How one wager came out: both hands' results (the player's high and low hand against the banker's),
 * the outcome, and whether the player fouled. A fouled player setting has both hands `lose`.
 */
export interface HandsResult {
  readonly high: HandResult;
  readonly low: HandResult;
  readonly outcome: WagerOutcome;
  readonly foul: boolean;
}

/**
 * Scores the player's setting against the banker's (rules.md §3 table): both hands win → win; one
 * wins → push; none wins → lose (copies count for the banker, so two copies lose).
 * A fouled setting loses both hands (rules.md §2.4), whatever the hands are worth:
 * - the player's setting fouls → `high` and `low` are both `lose`, the outcome is `lose`, `foul` is true;
 * - the banker's setting fouls → the banker's hands lose: `high` and `low` are both `win`, the outcome is
 *   `win`, `foul` is false. Unreachable at the table: the banker's setting is the house way, which never
 *   fouls (`paigow enumerate house-way`: fouls 0).
 * @param player the values of the player's setting (`settingValues`)
 * @param banker the values of the banker's setting
 * @throws RangeError when both settings foul: rules.md §2.4 does not say who wins then
 */
export function scoreHands(player: SettingValues, banker: SettingValues): HandsResult {
  const playerFouls = player.low > player.high;
  const bankerFouls = banker.low > banker.high;
  if (playerFouls && bankerFouls) throw new RangeError('both settings foul: rules.md §2.4 does not say who wins');
  if (playerFouls) return { high: 'lose', low: 'lose', outcome: 'lose', foul: true };
  if (bankerFouls) return { high: 'win', low: 'win', outcome: 'win', foul: false };
  const high = compareHands(player.high, banker.high);
  const low = compareHands(player.low, banker.low);
  const wins = (high === 'win' ? 1 : 0) + (low === 'win' ? 1 : 0);
  return { high, low, outcome: wins === 2 ? 'win' : wins === 1 ? 'push' : 'lose', foul: false };
}

/**
 * `amountCents × rateBps / 10000`, rounded half up to the cent (rules.md §3.1).
 * @param amountCents a non-negative safe integer of cents
 * @param rateBps a non-negative integer rate in basis points
 * @throws RangeError on negative, fractional or unsafe input
 */
export function applyRateHalfUp(amountCents: number, rateBps: number): number {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) throw new RangeError(`amount must be whole non-negative cents, got ${amountCents}`);
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) throw new RangeError(`rate must be whole non-negative basis points, got ${rateBps}`);
  const product = amountCents * rateBps;
  if (!Number.isSafeInteger(product + 5000)) throw new RangeError('amount too large to settle exactly');
  return Math.floor((product + 5000) / 10000);
}

/** Who banks and what it costs (rules.md §3.1). */
export type CommissionModel =
  /** The house banks: a winning player pays `commissionBps` of the win (default 500). */
  | { readonly kind: 'house'; readonly commissionBps: number }
  /** A player banks: players pay no commission; the banker pays `bankerFeeBps` of the action (see `bankerFee`). */
  | { readonly kind: 'player'; readonly bankerFeeBps: number };

/** The house-banked model with the seeds' 5% commission. */
export const HOUSE_COMMISSION: CommissionModel = { kind: 'house', commissionBps: 500 };

/** The player-banked model with seed 002's 1.5% fee. */
export const PLAYER_BANKER_FEE: CommissionModel = { kind: 'player', bankerFeeBps: 150 };

/**
 * The money one wager moves, in cents; `playerCents + bankerCents + houseCents === 0` always.
 * `houseCents` is the commission the house takes from this wager (0 when a player banks: its fee is per round).
 */
export interface WagerSettlement {
  readonly outcome: WagerOutcome;
  readonly playerCents: number;
  readonly bankerCents: number;
  readonly houseCents: number;
}

/**
 * Settles one wager of `stakeCents` (rules.md §3, §3.1).
 * House banks: win → the player gains the stake less commission (100.00 → +95.00); the banker pays the
 * stake; the house keeps the commission. A player banks: win → +stake, no commission. Push → nothing
 * moves. Lose → the stake goes to the banker.
 * @throws RangeError when `stakeCents` is not a positive safe integer
 */
export function settleWager(stakeCents: number, outcome: WagerOutcome, model: CommissionModel): WagerSettlement {
  if (!Number.isSafeInteger(stakeCents) || stakeCents <= 0) throw new RangeError(`stake must be positive whole cents, got ${stakeCents}`);
  if (outcome === 'push') return { outcome, playerCents: 0, bankerCents: 0, houseCents: 0 };
  if (outcome === 'lose') return { outcome, playerCents: -stakeCents, bankerCents: stakeCents, houseCents: 0 };
  const commission = model.kind === 'house' ? applyRateHalfUp(stakeCents, model.commissionBps) : 0;
  return { outcome, playerCents: stakeCents - commission, bankerCents: -stakeCents, houseCents: commission };
}

/**
 * The fee a banking player pays the house at the end of a round (rules.md §3.1, seed 002): `bankerFeeBps`
 * of the total wagered against it, whatever the result, rounded half up once on the total.
 * Example (002): 50.00 wagered, 150 bps → 0.75.
 */
export function bankerFee(totalWageredCents: number, bankerFeeBps: number): number {
  return applyRateHalfUp(totalWageredCents, bankerFeeBps);
}
