import { describe, expect, it } from 'vitest';
import { formatCard } from '../notation/index.js';
import { DAILY_HANDS, dailyHand } from './daily.js';
import { fromHex } from './scheme.js';
import { hmacSha256 } from './sha256.js';

const seed = (hex: string): Uint8Array => {
  const bytes = fromHex(hex, 32);
  if (!bytes.ok) throw new Error(bytes.error.message);
  return bytes.value;
};
const SEED = seed('0f'.repeat(32));

/** fairness.md §3–§5 written out again (HMAC stream, Fisher–Yates with rejection): hand k of the day, independently. */
function replay(serverSeed: Uint8Array, day: string, k: number): string[] {
  const enc = new TextEncoder();
  const key = hmacSha256(serverSeed, enc.encode(`paigow-shuffle-v1|${day}|${k}:daily`));
  const words: number[] = [];
  let block = 0;
  const next = (): number => {
    if (words.length === 0) {
      const counter = new Uint8Array(8);
      new DataView(counter.buffer).setBigUint64(0, BigInt(block++));
      const out = hmacSha256(key, counter);
      for (let i = 0; i < out.length; i += 4) words.push(new DataView(out.buffer, out.byteOffset).getUint32(i));
    }
    return words.shift() as number;
  };
  const deck = [...'23456789TJQKA'].flatMap((r) => [...'shdc'].map((s) => r + s)).concat('Jk');
  for (let i = 52; i >= 1; i--) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let x = next();
    while (x >= limit) x = next();
    const j = x % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck.slice(0, 7);
}

describe('the daily challenge deal', () => {
  it('deals hand k as seat k of the round named by the day, client seed `k:daily` (fairness.md)', () => {
    for (const k of [1, 2, DAILY_HANDS]) expect(dailyHand(SEED, '2026-12-01', k).map(formatCard)).toEqual(replay(SEED, '2026-12-01', k));
  });
  it('gives other hands on another day or with another seed', () => {
    const hand = dailyHand(SEED, '2026-12-01', 1).join();
    expect(dailyHand(SEED, '2026-12-02', 1).join()).not.toBe(hand);
    expect(dailyHand(seed('10'.repeat(32)), '2026-12-01', 1).join()).not.toBe(hand);
  });
  it('refuses a hand number out of 1‥50', () => {
    expect(() => dailyHand(SEED, '2026-12-01', 0)).toThrow(RangeError);
    expect(() => dailyHand(SEED, '2026-12-01', 51)).toThrow(RangeError);
  });
});
