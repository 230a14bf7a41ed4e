/**
 * The optimal player with card removal (issue 16, point 5): each dealt hand is set by the setting with the
 * best EV against the banker's house way over the C(46,7) = 53,524,680 banker hands of the cards the player
 * does not hold (`analyzeHand`, exact), and the round is settled against the dealt banker hand.
 *
 * Each round also gives the exact EV the best setting gains over the house way's setting on that hand
 * (`houseWayGivesUp`). Its mean over the dealt hands estimates the gap between the house way and optimal
 * play with a far narrower interval than the rounds' results: it is zero on most hands. The optimal
 * player's edge is then the exact house-way edge (`paigow edge --exact`) less that gap.
 */

import { DECK_SIZE, HAND_SIZE } from '../cards/index.js';
import { unwrap } from '../errors/index.js';
import { toHand } from '../notation/index.js';
import type { Rng } from '../rng/index.js';
import { settingValues } from '../setting/index.js';
import { seedsHouseWay } from '../house-way/seeds.js';
import type { HouseWay } from '../house-way/types.js';
import { bankerOutcome, bankerTables, LOW_CLASSES } from './banker.js';
import { valueClasses } from './classes.js';
import { analyzeHand } from './exact.js';
import type { SimulationCounts } from './simulate.js';

/** z for a two-sided 95% interval. */
const Z95 = 1.959964;

/** Counts of the optimal player's rounds, and the sums of its per-hand gain over the house way. */
export interface OptimalCounts extends SimulationCounts {
  /** Σ over rounds of the exact EV gain of the best setting over the house way's (per unit staked). */
  gain: number;
  /** Σ of the squared gains (for the interval). */
  gainSquares: number;
}

/**
 * Plays `rounds` rounds with the optimal player (card removal counted), each from a freshly shuffled deck.
 * About a quarter of a second per round on one thread: the exact analysis of the player's hand.
 * @param rounds how many rounds
 * @param rng the shuffle's random source (seeded: repeatable)
 * @param commissionBps commission on a win in basis points (500 = 5%): it weighs wins in the EVs
 * @param way the banker's house way, and the one the gain is measured against (default: the seeds')
 * @throws RangeError for a negative or fractional number of rounds
 */
export function simulateOptimal(rounds: number, rng: Rng, commissionBps = 500, way: HouseWay = seedsHouseWay): OptimalCounts {
  if (!Number.isInteger(rounds) || rounds < 0) throw new RangeError(`rounds must be a non-negative integer, got ${rounds}`);
  const { highClass, lowClass } = valueClasses();
  const tables = bankerTables(way);
  const deck = Array.from({ length: DECK_SIZE }, (_, c) => c);
  const counts: OptimalCounts = { rounds, win: 0, push: 0, loss: 0, gain: 0, gainSquares: 0 };
  for (let n = 0; n < rounds; n++) {
    // The first fourteen places of a Fisher–Yates shuffle: seven cards each.
    for (let i = 0; i < 14; i++) {
      const j = i + rng.nextInt(DECK_SIZE - i);
      [deck[i], deck[j]] = [deck[j], deck[i]];
    }
    const player = unwrap(toHand(deck.slice(0, HAND_SIZE)));
    const analysis = analyzeHand(player, commissionBps, way);
    counts.gain += analysis.houseWayGivesUp;
    counts.gainSquares += analysis.houseWayGivesUp ** 2;
    const values = settingValues(analysis.best);
    const ph = highClass.get(values.high) as number;
    const pl = lowClass.get(values.low) as number;
    const b = bankerOutcome(deck.slice(7, 14), tables);
    const bh = (b / LOW_CLASSES) | 0;
    const bl = b - bh * LOW_CLASSES;
    if (ph > bh && pl > bl) counts.win++;
    else if (ph <= bh && pl <= bl) counts.loss++;
    else counts.push++;
  }
  return counts;
}

/** Adds shares of `simulateOptimal`. */
export function mergeOptimal(shares: readonly OptimalCounts[]): OptimalCounts {
  const total: OptimalCounts = { rounds: 0, win: 0, push: 0, loss: 0, gain: 0, gainSquares: 0 };
  for (const s of shares) {
    total.rounds += s.rounds;
    total.win += s.win;
    total.push += s.push;
    total.loss += s.loss;
    total.gain += s.gain;
    total.gainSquares += s.gainSquares;
  }
  return total;
}

/**
 * The mean EV the optimal player gains over the house way per unit staked, with its 95% interval (normal
 * approximation over the dealt hands).
 * @throws RangeError when no round was played
 */
export function summarizeGain(counts: OptimalCounts): { readonly mean: number; readonly ci95: readonly [number, number] } {
  const n = counts.rounds;
  if (n < 1) throw new RangeError('no rounds to summarize');
  const mean = counts.gain / n;
  const variance = n > 1 ? Math.max(0, (counts.gainSquares - n * mean * mean) / (n - 1)) : 0;
  const margin = Z95 * Math.sqrt(variance / n);
  return { mean, ci95: [mean - margin, mean + margin] };
}
