/**
 * Sampled analysis of a hand, for interactive use (the table's Hint): each setting against the banker's
 * house way over `samples` random banker hands from the 46 cards the player does not hold, with a 95%
 * confidence interval. Every setting is scored against the same banker hands, so their comparison is sharper
 * than their separate intervals suggest.
 */

import { DECK_SIZE, type Hand } from '../cards/index.js';
import type { Rng } from '../rng/index.js';
import { settings as allSettings, settingValues } from '../setting/index.js';
import { seedsHouseWay } from '../house-way/seeds.js';
import type { HouseWay } from '../house-way/types.js';
import { bankerOutcome, bankerTables, LOW_CLASSES } from './banker.js';
import { valueClasses } from './classes.js';
import type { SettingAnalysis } from './exact.js';

/** A sampled setting: the exact fields estimated, plus the half-width of the EV's 95% confidence interval. */
export interface SampledSetting extends SettingAnalysis {
  /** Half-width of the 95% confidence interval of `ev` (normal approximation). */
  readonly evMargin: number;
}

/** z for a two-sided 95% interval. */
const Z95 = 1.959964;

/**
 * The expected result per unit staked of a wager that wins `keep` units (1 − commission), pushes, or loses
 * one unit, from the win and loss frequencies over `n` rounds, and the half-width of its 95% confidence
 * interval (normal approximation).
 */
export function evInterval(win: number, loss: number, keep: number, n: number): { readonly ev: number; readonly margin: number } {
  const ev = win * keep - loss;
  const variance = Math.max(0, win * keep * keep + loss - ev * ev);
  return { ev, margin: Z95 * Math.sqrt(variance / n) };
}

/**
 * Estimates every setting of `hand` against `samples` random banker hands (rules.md §3; a foul loses).
 * @param hand the player's seven cards
 * @param rng the source of the banker hands (seeded for repeatable figures)
 * @param samples number of banker hands (100,000 keep the EV within ±0.5% at 95%)
 * @param commissionBps commission on a win in basis points (500 = 5%)
 * @param way the banker's house way (default: the seeds')
 * @returns the 21 settings in `settings(hand)` order
 */
export function estimateSettings(hand: Hand, rng: Rng, samples: number, commissionBps = 500, way: HouseWay = seedsHouseWay): SampledSetting[] {
  if (!Number.isInteger(samples) || samples < 1) throw new RangeError(`samples must be a positive integer, got ${samples}`);
  const { highClass, lowClass } = valueClasses();
  const tables = bankerTables(way);
  const list = allSettings(hand);
  const legal: boolean[] = [];
  const highs = new Int32Array(21);
  const lows = new Int32Array(21);
  list.forEach((setting, k) => {
    const v = settingValues(setting);
    legal.push(v.low <= v.high);
    highs[k] = highClass.get(v.high) as number;
    lows[k] = lowClass.get(v.low) as number;
  });
  const live = Int32Array.from(Array.from({ length: DECK_SIZE }, (_, c) => c).filter((c) => !hand.includes(c)));
  const banker = new Int32Array(7);
  const wins = new Float64Array(21);
  const losses = new Float64Array(21);
  for (let n = 0; n < samples; n++) {
    // Partial Fisher–Yates: the first seven places of `live` become a uniform random banker hand.
    for (let i = 0; i < 7; i++) {
      const j = i + rng.nextInt(live.length - i);
      const t = live[i];
      live[i] = live[j];
      live[j] = t;
      banker[i] = live[i];
    }
    const outcome = bankerOutcome(banker, tables);
    const bh = (outcome / LOW_CLASSES) | 0;
    const bl = outcome - bh * LOW_CLASSES;
    for (let k = 0; k < 21; k++) {
      if (highs[k] > bh && lows[k] > bl) wins[k]++;
      else if (highs[k] <= bh && lows[k] <= bl) losses[k]++;
    }
  }
  const keep = 1 - commissionBps / 10000;
  return list.map((setting, k) => {
    if (!legal[k]) return { ...setting, legal: false, win: 0, push: 0, loss: 1, ev: -1, evMargin: 0 };
    const win = wins[k] / samples;
    const loss = losses[k] / samples;
    const { ev, margin } = evInterval(win, loss, keep, samples);
    return { ...setting, legal: true, win, push: 1 - win - loss, loss, ev, evMargin: margin };
  });
}
