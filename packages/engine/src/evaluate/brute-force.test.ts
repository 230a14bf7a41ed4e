/**
 * An independent check of the fast high-hand evaluator (rules.md §2.1–§2.2).
 *
 * The brute force below is written from the rules text alone, not from `reference.ts`: a naive
 * ranking of five natural cards, and the joker tried as every card the rules allow — an ace
 * (always), any natural card not in the hand that completes a straight, straight flush or royal
 * flush, and in a flush the highest rank the flush lacks (`jokerFlushRank` in the engine) — keeping
 * the best reading. It is run against `evaluateHighHand5` on a million random hands, half of them
 * forced to hold the joker; and with the wheel ranked lowest (ranking.ts, the 2013 analysis' ranking), against
 * `highHandEvaluator(WHEEL_LOW_RANKING)` on every hand holding the joker and on random natural hands.
 */

import { describe, expect, it } from 'vitest';
import { JOKER, type Card } from '../cards/index.js';
import { formatCards } from '../notation/index.js';
import { createSeededRng, type Rng } from '../rng/index.js';
import { evaluateHighHand5, highHandEvaluator } from './high-hand.js';
import { WHEEL_LOW_RANKING } from './ranking.js';
import { categoryOf, type HandValue } from './value.js';

/** rules.md §2.1, lowest first, as the brute force's own category order. */
const BRUTE_CATEGORIES = [
  'high_card',
  'one_pair',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
  'royal_flush',
  'five_aces',
];
const cat = (name: string): number => BRUTE_CATEGORIES.indexOf(name);

/** A ranking key: category index, then tie-break numbers; compared lexicographically. */
type Key = number[];

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? -1) - (b[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/** The joker read as an ace: an ace of no suit (it completes no flush by being an ace). */
const NO_SUIT = -1;

/** Scratch counts per rank 2‥14 for `rankFive` (reset on every call). */
const COUNTS = new Int8Array(15);

/**
 * Naive ranking of five natural cards. Ranks 2‥14 (ace 14), suits 0‥3 or NO_SUIT.
 * Straight order (rules.md §2.1): A-K-Q-J-T highest, A-2-3-4-5 second, then K-high down to 6-high; with
 * `wheelLow`, A-2-3-4-5 lowest, below 6-high.
 */
function rankFive(ranks: readonly number[], suits: readonly number[], wheelLow = false): Key {
  COUNTS.fill(0);
  for (const r of ranks) COUNTS[r]++;
  // Ranks grouped: the largest group first, then the higher rank first (the poker tie-break order).
  // `shape` spells the group sizes as a number: 5, 41, 32, 311, 221, 2111, 11111.
  const groupRanks: number[] = [];
  let shape = 0;
  for (let size = 5; size >= 1; size--) {
    for (let r = 14; r >= 2; r--) {
      if (COUNTS[r] === size) {
        groupRanks.push(r);
        shape = shape * 10 + size;
      }
    }
  }
  const flush = suits.every((s) => s !== NO_SUIT && s === suits[0]);
  let straight = 0; // 0: none; otherwise its place in the straight order
  if (shape === 11111) {
    const high = groupRanks[0];
    const low = groupRanks[4];
    if (high - low === 4) straight = high === 14 ? 100 : high;
    if (high === 14 && groupRanks[1] === 5) straight = wheelLow ? 1 : 99; // A-5-4-3-2, the wheel
  }
  if (shape === 5) return [cat('five_aces')];
  if (flush && straight === 100) return [cat('royal_flush')];
  if (flush && straight) return [cat('straight_flush'), straight];
  if (shape === 41) return [cat('four_of_a_kind'), ...groupRanks];
  if (shape === 32) return [cat('full_house'), ...groupRanks];
  if (flush) return [cat('flush'), ...groupRanks];
  if (straight) return [cat('straight'), straight];
  if (shape === 311) return [cat('three_of_a_kind'), ...groupRanks];
  if (shape === 221) return [cat('two_pair'), ...groupRanks];
  if (shape === 2111) return [cat('one_pair'), ...groupRanks];
  return [cat('high_card'), ...groupRanks];
}

/** Rank 2‥14 and suit 0‥3 of a natural card (the engine's integer code: rank index * 4 + suit). */
const rankOfCard = (c: Card): number => (c >> 2) + 2;
const suitOfCard = (c: Card): number => c & 3;

/** rules.md §2.2: in a flush the joker is the highest rank not already in the flush. */
function flushJokerRank(naturalRanks: readonly number[]): number {
  for (let r = 14; r >= 2; r--) if (!naturalRanks.includes(r)) return r;
  throw new Error('no rank left');
}

/** The brute-force value of five cards (rules.md §2.1–§2.2), with `wheelLow` the wheel ranked lowest. */
function bruteHighHand(cards: readonly Card[], wheelLow = false): Key {
  const naturals = cards.filter((c) => c !== JOKER);
  const ranks = naturals.map(rankOfCard);
  const suits = naturals.map(suitOfCard);
  if (naturals.length === 5) return rankFive(ranks, suits, wheelLow);
  // The joker's reading goes in the fifth place. Otherwise it counts as an ace: always allowed.
  ranks.push(14);
  suits.push(NO_SUIT);
  let best = rankFive(ranks, suits, wheelLow);
  for (let sub = 0; sub < 52; sub++) {
    if (naturals.includes(sub)) continue;
    ranks[4] = rankOfCard(sub);
    suits[4] = suitOfCard(sub);
    const key = rankFive(ranks, suits, wheelLow);
    const name = BRUTE_CATEGORIES[key[0]];
    const completes =
      name === 'straight' || name === 'straight_flush' || name === 'royal_flush' ||
      (name === 'flush' && rankOfCard(sub) === flushJokerRank(ranks.slice(0, 4)));
    if (completes && compareKeys(key, best) > 0) best = key;
  }
  return best;
}

/** Fails the test, naming the hand and both evaluations. */
function disagree(hand: readonly Card[], brute: Key, value: HandValue, why: string): never {
  expect.fail(`${why}: hand ${formatCards(hand)}, brute force ${BRUTE_CATEGORIES[brute[0]]} [${brute.join(', ')}], engine ${categoryOf(value)} ${value}`);
}

/** Five distinct cards; with `withJoker`, the joker and four natural cards. */
function randomHand(rng: Rng, withJoker: boolean): Card[] {
  const deck = Array.from({ length: withJoker ? 52 : 53 }, (_, i) => i);
  const hand: Card[] = withJoker ? [JOKER] : [];
  while (hand.length < 5) {
    const i = rng.nextInt(deck.length);
    hand.push(deck[i]);
    deck[i] = deck[deck.length - 1];
    deck.pop();
  }
  // Shuffle the joker's position too: the evaluator must not care where it sits.
  for (let i = hand.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    [hand[i], hand[j]] = [hand[j], hand[i]];
  }
  return hand;
}

describe('brute-force joker evaluator (written from rules.md §2.1–§2.2) against evaluateHighHand5', () => {
  it('agrees on 1,000,000 random hands, half of them holding the joker: same category, same order, same copies', () => {
    const rng = createSeededRng(20240521);
    const valueOfKey = new Map<string, HandValue>();
    const keyOfValue = new Map<HandValue, string>();
    const keys = new Map<string, Key>();
    let jokerHands = 0;
    for (let n = 0; n < 1_000_000; n++) {
      const hand = randomHand(rng, n % 2 === 0);
      if (hand.includes(JOKER)) jokerHands++;
      const value = evaluateHighHand5(hand[0], hand[1], hand[2], hand[3], hand[4]);
      const key = bruteHighHand(hand);
      const keyText = key.join(',');
      if (BRUTE_CATEGORIES[key[0]] !== categoryOf(value)) disagree(hand, key, value, 'categories differ');
      if ((valueOfKey.get(keyText) ?? value) !== value) disagree(hand, key, value, 'equal brute-force keys, different values');
      if ((keyOfValue.get(value) ?? keyText) !== keyText) disagree(hand, key, value, 'equal values, different brute-force keys');
      valueOfKey.set(keyText, value);
      keyOfValue.set(value, keyText);
      keys.set(keyText, key);
    }
    expect(jokerHands).toBeGreaterThan(500_000);
    // The brute force's order and the engine's values agree on every class of hand seen.
    const ordered = [...keys.values()].sort(compareKeys);
    const values = ordered.map((k) => valueOfKey.get(k.join(',')) as number);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    expect(ordered.length).toBeGreaterThan(5000);
    // Every category, five aces included, occurs in the sample.
    expect(new Set(ordered.map((k) => k[0])).size).toBe(BRUTE_CATEGORIES.length);
  });

  it('agrees on every one of the 270,725 hands holding the joker', () => {
    const seen = new Map<string, HandValue>();
    const keys: Key[] = [];
    for (let a = 0; a < 52; a++) {
      for (let b = a + 1; b < 52; b++) {
        for (let c = b + 1; c < 52; c++) {
          for (let d = c + 1; d < 52; d++) {
            const value = evaluateHighHand5(a, b, c, d, JOKER);
            const key = bruteHighHand([a, b, c, d, JOKER]);
            const keyText = key.join(',');
            const known = seen.get(keyText);
            if (known === undefined) {
              seen.set(keyText, value);
              keys.push(key);
            } else if (known !== value) {
              disagree([a, b, c, d, JOKER], key, value, 'equal brute-force keys, different values');
            }
            if (BRUTE_CATEGORIES[key[0]] !== categoryOf(value)) disagree([a, b, c, d, JOKER], key, value, 'categories differ');
          }
        }
      }
    }
    const values = keys.sort(compareKeys).map((k) => seen.get(k.join(',')) as number);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
  });
});

describe('the same brute force with the wheel ranked lowest, against highHandEvaluator(WHEEL_LOW_RANKING)', () => {
  const evaluate = highHandEvaluator(WHEEL_LOW_RANKING);
  /** Checks hands against the brute force: same category, equal keys ⟺ equal values, and the same order. */
  function check(hands: Iterable<Card[]>): number {
    const seen = new Map<string, HandValue>();
    const keys: Key[] = [];
    let n = 0;
    for (const hand of hands) {
      n++;
      const value = evaluate(hand[0], hand[1], hand[2], hand[3], hand[4]);
      const key = bruteHighHand(hand, true);
      const keyText = key.join(',');
      const known = seen.get(keyText);
      if (known === undefined) {
        seen.set(keyText, value);
        keys.push(key);
      } else if (known !== value) {
        disagree(hand, key, value, 'equal brute-force keys, different values');
      }
      if (BRUTE_CATEGORIES[key[0]] !== categoryOf(value)) disagree(hand, key, value, 'categories differ');
    }
    const values = keys.sort(compareKeys).map((k) => seen.get(k.join(',')) as number);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeGreaterThan(values[i - 1]);
    return n;
  }

  it('agrees on every one of the 270,725 hands holding the joker', () => {
    function* jokerHands(): Generator<Card[]> {
      for (let a = 0; a < 52; a++) for (let b = a + 1; b < 52; b++) for (let c = b + 1; c < 52; c++) for (let d = c + 1; d < 52; d++) yield [a, b, c, d, JOKER];
    }
    expect(check(jokerHands())).toBe(270_725);
  });

  it('agrees on 100,000 random hands, every wheel and straight flush among them ranked as the brute force ranks it', () => {
    const rng = createSeededRng(20261201);
    function* hands(): Generator<Card[]> {
      for (let n = 0; n < 100_000; n++) yield randomHand(rng, false);
      // Every natural wheel and six-high straight, suited or not (a sample seldom holds them).
      for (let s = 0; s < 1024; s++) {
        const suit = (i: number): number => (s >> (2 * i)) & 3;
        yield [12 * 4 + suit(0), 0 * 4 + suit(1), 1 * 4 + suit(2), 2 * 4 + suit(3), 3 * 4 + suit(4)];
        yield [4 * 4 + suit(0), 0 * 4 + suit(1), 1 * 4 + suit(2), 2 * 4 + suit(3), 3 * 4 + suit(4)];
      }
    }
    expect(check(hands())).toBe(100_000 + 2048);
  });
});
