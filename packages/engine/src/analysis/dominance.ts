/**
 * Two-dimensional prefix sums over a banker histogram (high class × low class), so that a setting's wins
 * and losses against every banker hand are read in constant time (rules.md §3: the player wins when both
 * hands beat the banker's; loses when neither does, copies counting for the banker).
 */

import { LOW_CLASSES } from './banker.js';

/** `below[h * 92 + l]` = banker hands with high class < h and low class < l. */
export interface Dominance {
  readonly below: Float64Array;
  readonly rows: number;
  readonly total: number;
}

const WIDTH = LOW_CLASSES + 1;

/** Prefix sums of a histogram indexed `highClass * 91 + lowClass`. */
export function dominance(histogram: Float64Array): Dominance {
  const rows = histogram.length / LOW_CLASSES;
  const below = new Float64Array((rows + 1) * WIDTH);
  for (let h = 0; h < rows; h++) {
    let rowSum = 0;
    for (let l = 0; l < LOW_CLASSES; l++) {
      rowSum += histogram[h * LOW_CLASSES + l];
      below[(h + 1) * WIDTH + l + 1] = below[h * WIDTH + l + 1] + rowSum;
    }
  }
  return { below, rows, total: below[rows * WIDTH + LOW_CLASSES] };
}

/** Banker hands a setting of high class `h` and low class `l` beats with both hands. */
export function winsOf(d: Dominance, h: number, l: number): number {
  return d.below[h * WIDTH + l];
}

/** Banker hands whose high and low hands both equal or beat the setting's (the player loses). */
export function lossesOf(d: Dominance, h: number, l: number): number {
  return d.total - d.below[h * WIDTH + LOW_CLASSES] - d.below[d.rows * WIDTH + l] + d.below[h * WIDTH + l];
}
