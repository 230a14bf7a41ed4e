/**
 * Random sources and the shuffle (rules.md §1): Fisher–Yates over cryptographically secure
 * randomness for play; a seeded generator for tests and simulation.
 */

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK_SIZE, JOKER, newDeck } from '../cards/index.js';
import { createCryptoRng, createSeededRng, shuffle, shuffledDeck, type RandomValuesSource, type Rng } from './index.js';

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: readonly number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

/**
 * A loose upper bound for chi-square with `df` degrees of freedom: mean + 6 standard deviations
 * (a uniform source exceeds it with probability well under 1e-6; a biased one fails it at once).
 */
const chiSquareBound = (df: number): number => df + 6 * Math.sqrt(2 * df);

const cryptoRng = (): Rng => createCryptoRng(globalThis.crypto as unknown as RandomValuesSource);

describe('shuffle (Fisher–Yates)', () => {
  it('returns a permutation of its input, in place', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (items, seed) => {
        const copy = [...items];
        const result = shuffle(copy, createSeededRng(seed));
        expect(result).toBe(copy);
        expect([...result].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b));
      }),
    );
  });

  it('shuffledDeck deals a fresh 53-card deck, every card once', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const deck = shuffledDeck(createSeededRng(seed));
        expect(deck).toHaveLength(DECK_SIZE);
        expect([...deck].sort((a, b) => a - b)).toEqual(newDeck());
      }),
    );
    const deck = shuffledDeck(cryptoRng());
    expect(new Set(deck).size).toBe(DECK_SIZE);
  });

  it('makes the 6 orders of 3 cards equally likely', () => {
    const rng = createSeededRng(3);
    const counts = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const key = shuffle([0, 1, 2], rng).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(6);
    expect(chiSquare([...counts.values()])).toBeLessThan(chiSquareBound(5));
  });

  it('puts the joker in every position of a crypto-shuffled deck about equally often', () => {
    const rng = cryptoRng();
    const counts = new Array<number>(DECK_SIZE).fill(0);
    for (let i = 0; i < 53_000; i++) counts[shuffledDeck(rng).indexOf(JOKER)]++;
    expect(chiSquare(counts)).toBeLessThan(chiSquareBound(DECK_SIZE - 1));
  });
});

describe('seeded rng (tests and simulation only)', () => {
  it('is reproducible: equal seeds give equal sequences and equal shuffles', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const a = createSeededRng(seed);
        const b = createSeededRng(seed);
        for (let i = 0; i < 20; i++) expect(a.next32()).toBe(b.next32());
        expect(shuffledDeck(createSeededRng(seed))).toEqual(shuffledDeck(createSeededRng(seed)));
      }),
    );
  });

  it('different seeds give different sequences', () => {
    const first = new Set<number>();
    for (let seed = 0; seed < 1000; seed++) first.add(createSeededRng(seed).next32());
    expect(first.size).toBe(1000);
  });

  it('is roughly uniform (chi-square over 53 values)', () => {
    const rng = createSeededRng(99);
    const counts = new Array<number>(53).fill(0);
    for (let i = 0; i < 106_000; i++) counts[rng.nextInt(53)]++;
    expect(chiSquare(counts)).toBeLessThan(chiSquareBound(52));
  });
});

describe('crypto rng (play)', () => {
  it('stays within [0, bound) for any bound up to 2^32', () => {
    const rng = cryptoRng();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), (bound) => {
        for (let i = 0; i < 10; i++) {
          const x = rng.nextInt(bound);
          expect(Number.isInteger(x) && x >= 0 && x < bound).toBe(true);
        }
      }),
    );
    expect(rng.nextInt(1)).toBe(0);
  });

  it('is roughly uniform (chi-square over 53 values and over 7 values)', () => {
    const rng = cryptoRng();
    for (const bound of [53, 7]) {
      const counts = new Array<number>(bound).fill(0);
      for (let i = 0; i < 2000 * bound; i++) counts[rng.nextInt(bound)]++;
      expect(chiSquare(counts)).toBeLessThan(chiSquareBound(bound - 1));
    }
  });

  it('refuses bounds that are not integers in [1, 2^32]', () => {
    const rng = cryptoRng();
    for (const bound of [0, -1, 1.5, 2 ** 32 + 1, Number.NaN]) expect(() => rng.nextInt(bound)).toThrow(RangeError);
  });

  it('draws words in batches of 256 and rejects the top partial range (no modulo bias)', () => {
    const words = [0xffff_ffff, 5, ...new Array<number>(254).fill(1)];
    let calls = 0;
    const source: RandomValuesSource = {
      getRandomValues(array) {
        calls++;
        array.set(words);
        return array;
      },
    };
    const rng = createCryptoRng(source);
    // 2^32 mod 3 = 1, so 0xffffffff is the one word rejected for bound 3; the next word, 5, gives 2.
    expect(rng.nextInt(3)).toBe(2);
    for (let i = 0; i < 254; i++) rng.nextInt(3);
    expect(calls).toBe(1);
    rng.nextInt(3);
    expect(calls).toBe(2);
  });
});
