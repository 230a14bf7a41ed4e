/**
 * The figures of an exact count (`count.ts`): the house edge with commission and the banking player's
 * edge, as exact fractions and as numbers.
 */

import type { EdgeCounts } from './count.js';

/** A fraction in lowest terms (denominator > 0), and its value as the nearest double. */
export interface ExactFraction {
  readonly numerator: bigint;
  readonly denominator: bigint;
  readonly value: number;
}

/** What an exact count says about the main wager. */
export interface EdgeSummary {
  /** Shares of the deals, as doubles (the counts are exact). */
  readonly win: number;
  readonly push: number;
  readonly loss: number;
  /** The player's expected loss per unit staked, the house banking: loss − win × (1 − commission). */
  readonly houseEdge: ExactFraction;
  /**
   * A player banking against a player on the house way (rules.md §3.1): no commission, copies still won,
   * `feeBps` of the action paid every round. `edgeBeforeFee` = (loss − win) / deals per unit wagered against
   * it; `edge` = that less the fee.
   */
  readonly playerBanker: { readonly feeBps: number; readonly edgeBeforeFee: ExactFraction; readonly edge: ExactFraction };
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** The fraction numerator / denominator in lowest terms (denominator > 0). */
function fraction(numerator: bigint, denominator: bigint): ExactFraction {
  const g = gcd(numerator, denominator) || 1n;
  const n = numerator / g;
  const d = denominator / g;
  // Both parts can pass 2^53: divide as decimals with 20 digits to spare.
  const scale = 10n ** 20n;
  return { numerator: n, denominator: d, value: Number((n * scale) / d) / 1e20 };
}

/**
 * The figures of an exact count.
 * @param counts from `mergeEdgeShares`
 * @param commissionBps commission on a player's win, basis points (rules.md §3.1: 500)
 * @param bankerFeeBps a banking player's fee, basis points of the action (rules.md §3.1: 150)
 * @throws RangeError for a rate outside 0‥10000
 */
export function summarizeEdge(counts: EdgeCounts, commissionBps = 500, bankerFeeBps = 150): EdgeSummary {
  for (const bps of [commissionBps, bankerFeeBps]) {
    if (!Number.isInteger(bps) || bps < 0 || bps > 10000) throw new RangeError(`a rate is 0‥10000 basis points, got ${bps}`);
  }
  const { deals, win, push, loss } = counts;
  const share = (x: bigint): number => fraction(x, deals).value;
  const perBps = deals * 10000n;
  const beforeFee = fraction(loss - win, deals);
  return {
    win: share(win),
    push: share(push),
    loss: share(loss),
    houseEdge: fraction(loss * 10000n - win * BigInt(10000 - commissionBps), perBps),
    playerBanker: { feeBps: bankerFeeBps, edgeBeforeFee: beforeFee, edge: fraction((loss - win) * 10000n - BigInt(bankerFeeBps) * deals, perBps) },
  };
}
