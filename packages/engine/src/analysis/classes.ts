/**
 * Dense classes of hand values for the analysis: every possible high-hand value and every low-hand value
 * gets an index in increasing order, so that `value a < value b` ⟺ `class a < class b` and outcome
 * counts can live in a small two-dimensional histogram (high class × low class).
 */

import { DECK_SIZE } from '../cards/index.js';
import { allHighValues } from '../evaluate/high-hand.js';
import { evaluateLowHand2 } from '../evaluate/low-hand.js';
import { STANDARD_RANKING, type HandRanking } from '../evaluate/ranking.js';
import type { HandValue } from '../evaluate/value.js';

/** The value classes of a ranking, built once on first use. */
export interface ValueClasses {
  /** Every distinct high-hand value, increasing (index = class). */
  readonly highValues: Int32Array;
  /** Every distinct low-hand value, increasing. */
  readonly lowValues: Int32Array;
  readonly highClass: ReadonlyMap<HandValue, number>;
  readonly lowClass: ReadonlyMap<HandValue, number>;
}

/** Built value classes by wheel rank (ranking.ts). */
const classes = new Map<string, ValueClasses>();

function distinctSorted(values: Set<number>): Int32Array {
  return Int32Array.from([...values].sort((a, b) => a - b));
}

/**
 * The value classes (about 7,500 high and 91 low) of a hand ranking, built on first use from the evaluators'
 * tables. Both rankings (ranking.ts) have as many classes: they differ only in where the wheel's values sit.
 * @param ranking default: the standard ranking (rules.md §2.1)
 */
export function valueClasses(ranking: HandRanking = STANDARD_RANKING): ValueClasses {
  const built = classes.get(ranking.wheel);
  if (built) return built;
  const low = new Set<number>();
  for (let a = 0; a < DECK_SIZE; a++) for (let b = a + 1; b < DECK_SIZE; b++) low.add(evaluateLowHand2(a, b));
  const highValues = distinctSorted(allHighValues(ranking));
  const lowValues = distinctSorted(low);
  const made: ValueClasses = {
    highValues,
    lowValues,
    highClass: new Map(Array.from(highValues, (v, i) => [v, i])),
    lowClass: new Map(Array.from(lowValues, (v, i) => [v, i])),
  };
  classes.set(ranking.wheel, made);
  return made;
}
