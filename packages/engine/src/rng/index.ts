/**
 * Random sources and the shuffle (rules.md §1: a fresh deck per round, Fisher–Yates over
 * cryptographically secure randomness; tests and the simulator inject a seeded generator).
 *
 * The engine does no I/O: the cryptographic source is built from a `getRandomValues`
 * function the caller passes in (`globalThis.crypto` in Node ≥ 20 and in browsers).
 */

import { newDeck, type Card } from '../cards/index.js';

/** A source of uniform integers: `nextInt(bound)` returns an integer in [0, bound), bound ≤ 2^32. */
export interface Rng {
  nextInt(bound: number): number;
}

/** What `createCryptoRng` needs: the Web Crypto `getRandomValues` (e.g. `globalThis.crypto`). */
export interface RandomValuesSource {
  getRandomValues<T extends Uint32Array>(array: T): T;
}

/**
 * Uniform integer in [0, bound) from a 32-bit word source, without modulo bias
 * (rejection of the top partial range, as in Lemire's method's simple form).
 */
function uniformFrom(next32: () => number, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 0x1_0000_0000) {
    throw new RangeError(`bound must be an integer in [1, 2^32], got ${bound}`);
  }
  const limit = 0x1_0000_0000 - (0x1_0000_0000 % bound);
  for (;;) {
    const x = next32();
    if (x < limit) return x % bound;
  }
}

/**
 * A cryptographically secure `Rng` over an injected Web Crypto source (rules.md §1).
 * Draws 32-bit words in batches of 256 to keep the per-card cost low.
 */
export function createCryptoRng(source: RandomValuesSource): Rng {
  const buffer = new Uint32Array(256);
  let index = buffer.length;
  const next32 = (): number => {
    if (index === buffer.length) {
      source.getRandomValues(buffer);
      index = 0;
    }
    return buffer[index++];
  };
  return { nextInt: (bound) => uniformFrom(next32, bound) };
}

/**
 * A seeded, repeatable `Rng` (sfc32 seeded through splitmix32) for tests and simulation only;
 * never for play. `seed` is any integer; equal seeds give equal sequences.
 */
export function createSeededRng(seed: number): Rng & { next32(): number } {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) next32();
  return { next32, nextInt: (bound) => uniformFrom(next32, bound) };
}

/**
 * Shuffles `cards` in place with Fisher–Yates (rules.md §1) and returns it.
 * Every permutation is equally likely when `rng` is uniform.
 */
export function shuffle<T>(cards: T[], rng: Rng): T[] {
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const t = cards[i];
    cards[i] = cards[j];
    cards[j] = t;
  }
  return cards;
}

/** A fresh 53-card deck, shuffled with `rng` (rules.md §1: a fresh deck for every round). */
export function shuffledDeck(rng: Rng): Card[] {
  return shuffle(newDeck(), rng);
}
