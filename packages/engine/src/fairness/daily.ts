/**
 * The daily duplicate-deal challenge (issue 17 §5): the same 50 hands for every player on a day, dealt by the
 * provably fair scheme (fairness.md, `paigow-shuffle-v1`) from the day's server seed, committed before the day
 * and revealed after it. Hand k (1‥50) is the hand of seat k in the round whose id is the day (`YYYY-MM-DD`,
 * UTC) and whose client seeds are `k:daily`: `dealHands(deckFromSeeds(seed, day, 'k:daily'), [k])[0]`.
 */
import type { Hand } from '../cards/index.js';
import { clientSeedsString, dealHands, deckFromSeeds } from './scheme.js';

/** Hands in a day's challenge. */
export const DAILY_HANDS = 50;

/** The client seed every hand of the challenge is dealt with (the same for everyone). */
export const DAILY_CLIENT_SEED = 'daily';

/**
 * Hand `k` of the day's challenge (see the module comment).
 * @param serverSeed the day's 32-byte server seed
 * @param day the day id, `YYYY-MM-DD`
 * @param k 1‥`DAILY_HANDS`
 * @throws RangeError for a `k` out of range; PaiGowError `fairness/bad-server-seed` unless the seed is 32 bytes
 */
export function dailyHand(serverSeed: Uint8Array, day: string, k: number): Hand {
  if (!Number.isInteger(k) || k < 1 || k > DAILY_HANDS) throw new RangeError(`a daily hand is 1 to ${DAILY_HANDS}, got ${k}`);
  const deck = deckFromSeeds(serverSeed, day, clientSeedsString([{ seat: k, seed: DAILY_CLIENT_SEED }]));
  return dealHands(deck, [k])[0].cards;
}
