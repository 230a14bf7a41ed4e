/**
 * The table's Hint (docs/protocol.md `hint`): the best setting of a player's seven cards and its EV,
 * beside the house way's, from `estimateSettings` (rules.md §3, §3.1). Pure: the caller passes the
 * random source (the server seeds one from `node:crypto` in a worker thread).
 */

import { compareForDisplay, type Card, type Hand } from '../cards/index.js';
import { seedsHouseWay } from '../house-way/seeds.js';
import type { HouseWay } from '../house-way/types.js';
import { cardTexts } from '../notation/index.js';
import type { Rng } from '../rng/index.js';
import { estimateSettings } from './sample.js';

/** Banker hands sampled for a Hint: the EV within ±0.5% at 95% confidence (the widest interval over hands is about ±0.48%). */
export const HINT_SAMPLES = 100_000;

/** A setting in card text, as the Hint reports it. */
export interface HintSetting {
  /** The five cards of the high hand (canonical card text). */
  readonly high: readonly string[];
  /** The two cards of the low hand. */
  readonly low: readonly string[];
  /**
   * Expected value per unit of the main bet against the house way's banker hand, as a fraction
   * (0.012 = +1.2% of the bet), commission included (rules.md §3, §3.1); sampled.
   */
  readonly ev: number;
  /** Half-width of the 95% confidence interval of `ev` (same unit). */
  readonly evMargin: number;
}

/**
 * What a Hint reports (the `hint` message carries it with its `requestId`): `best` is the legal setting
 * with the highest sampled EV, with its probabilities of a win, a push and a loss; `houseWay` is the
 * house way's setting (house-way.md) with its EV and rule id. Both are scored against the same banker
 * hands, so `best.ev ≥ houseWay.ev` always.
 */
export interface SettingHint {
  readonly best: HintSetting & { readonly win: number; readonly push: number; readonly loss: number };
  readonly houseWay: HintSetting & { readonly rule: string };
  /** Number of banker hands sampled (`HINT_SAMPLES` = 100,000: the EV within ±0.5% at 95%). */
  readonly samples: number;
}

/** Card text in display order, as the house way shows its hands. */
const texts = (cards: readonly Card[]): string[] => cardTexts([...cards].sort(compareForDisplay));

/**
 * The best setting of `hand` and the house way's, with their sampled EVs (per unit of the main bet,
 * as fractions; rules.md §3: copies go to the banker, a foul loses; §3.1: commission on wins).
 * Every setting is scored against the same `samples` banker hands (each set by the house way), so
 * `best.ev ≥ houseWay.ev`; among settings of equal EV the house way's is the best.
 * @param hand the player's seven distinct cards
 * @param rng the source of the banker hands (seed it from a secure source at the table)
 * @param samples banker hands to draw (default `HINT_SAMPLES` = 100,000)
 * @param commissionBps commission on a win in basis points (500 = 5%; 0 when a player banks)
 * @param way the table's house way: the banker's, and the one the Hint compares with (default: the seeds')
 * @returns `{ best: {high, low, ev, evMargin, win, push, loss}, houseWay: {high, low, ev, evMargin, rule}, samples }`,
 *   cards as canonical card text, highest first
 * @throws RangeError when `samples` is not a positive integer
 */
export function settingHint(hand: Hand, rng: Rng, samples: number = HINT_SAMPLES, commissionBps = 500, houseWay: HouseWay = seedsHouseWay): SettingHint {
  const way = houseWay.set(hand);
  const estimates = estimateSettings(hand, rng, samples, commissionBps, houseWay);
  const wayLow = new Set(way.low);
  const wayIndex = estimates.findIndex((s) => s.low.every((c) => wayLow.has(c)));
  if (wayIndex < 0) throw new Error('the house way is not one of the hand settings (an invariant)');
  let bestIndex = wayIndex;
  estimates.forEach((s, k) => {
    if (s.legal && s.ev > estimates[bestIndex].ev) bestIndex = k;
  });
  const best = estimates[bestIndex];
  const wayEstimate = estimates[wayIndex];
  return {
    best: {
      high: texts(best.high),
      low: texts(best.low),
      ev: best.ev,
      evMargin: best.evMargin,
      win: best.win,
      push: best.push,
      loss: best.loss,
    },
    houseWay: { high: texts(way.high), low: texts(way.low), ev: wayEstimate.ev, evMargin: wayEstimate.evMargin, rule: way.rule },
    samples,
  };
}
