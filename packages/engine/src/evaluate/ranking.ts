/**
 * The hand ranking's one variant: where A-2-3-4-5 (the wheel) ranks among straights and straight flushes.
 *
 * rules.md §2.1 (the seeds' rules, played at every table): A-K-Q-J-T is the highest straight and A-2-3-4-5
 * the second highest. The only exhaustive analysis published before this project (J.B. for the Wizard of
 * Odds, 2013, house-way-foxwoods.md) ranked the wheel as the lowest straight instead, below 6-5-4-3-2: its
 * published counts are reproduced to the last digit only with that ranking (docs/house-way-foxwoods.md).
 * The ranking decides more than the order of the two straights: the joker takes its best reading under it
 * (2-3-4-5 and the joker is a wheel when the wheel ranks second, a six-high straight when it ranks lowest),
 * and so does every best-hand choice a house way makes. A low hand never holds a straight, so the low hands
 * and the foul rule (rules.md §2.4) are the same under both.
 */

/** Where the wheel A-2-3-4-5 ranks: `'second'` (rules.md §2.1, the default) or `'low'` (below 6-5-4-3-2). */
export type WheelRank = 'second' | 'low';

/** The wheel ranks, the default (rules.md §2.1) first. */
export const WHEEL_RANKS: readonly WheelRank[] = Object.freeze(['second', 'low']);

/** A hand ranking (rules.md §2.1 with its one variant, see the module comment). */
export interface HandRanking {
  /** Where the wheel ranks among straights and straight flushes. */
  readonly wheel: WheelRank;
}

/** rules.md §2.1: the wheel is the second highest straight. Every table plays this ranking. */
export const STANDARD_RANKING: HandRanking = Object.freeze({ wheel: 'second' });

/** The 2013 exhaustive analysis' ranking (house-way-foxwoods.md): the wheel is the lowest straight. */
export const WHEEL_LOW_RANKING: HandRanking = Object.freeze({ wheel: 'low' });

/** The ranking with the given wheel rank (one shared frozen object per rank). */
export function handRanking(wheel: WheelRank): HandRanking {
  return wheel === 'low' ? WHEEL_LOW_RANKING : STANDARD_RANKING;
}
