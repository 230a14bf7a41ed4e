/**
 * An independent implementation of fairness.md (scheme `paigow-shuffle-v1`) on node:crypto, written
 * from the document and not from `scheme.ts`, for the tests: it checks `reference/fairness-vectors.json`
 * and the engine's `deckFromSeeds`. It also records every rejected draw of the stream. Tests only.
 */
import { createHash, createHmac } from 'node:crypto';

const RANKS = '23456789TJQKA';
const SUITS = 'shdc';

/** The canonical deck of fairness.md §5 as card text: 2s 2h 2d 2c 3s … Ac, then Jk. */
export const CANONICAL_DECK: readonly string[] = [...[...RANKS].flatMap((rank) => [...SUITS].map((suit) => rank + suit)), 'Jk'];

/** A draw the rejection rule discarded: the Fisher–Yates step `i`, `n = i + 1`, the stream word's index and value. */
export interface Rejection {
  readonly i: number;
  readonly n: number;
  readonly word: number;
  readonly x: number;
}

/** The deck (card text) of fairness.md §3–§5 and the rejected draws, from the seed as hex. */
export function independentDeck(serverSeedHex: string, roundId: string, clientSeeds: string): { deck: string[]; rejections: Rejection[]; commitment: string } {
  const seed = Buffer.from(serverSeedHex, 'hex');
  const key = createHmac('sha256', seed).update(Buffer.from(`paigow-shuffle-v1|${roundId}|${clientSeeds}`, 'utf8')).digest();
  let buffer = Buffer.alloc(0);
  let k = 0n;
  let word = 0;
  const nextWord = (): number => {
    if (buffer.length === 0) {
      const counter = Buffer.alloc(8);
      counter.writeBigUInt64BE(k++);
      buffer = createHmac('sha256', key).update(counter).digest();
    }
    const x = buffer.readUInt32BE(0);
    buffer = buffer.subarray(4);
    word++;
    return x;
  };
  const deck = [...CANONICAL_DECK];
  const rejections: Rejection[] = [];
  for (let i = 52; i >= 1; i--) {
    const n = i + 1;
    for (;;) {
      const x = nextWord();
      if (x >= Math.floor(2 ** 32 / n) * n) {
        rejections.push({ i, n, word: word - 1, x });
        continue;
      }
      const j = x % n;
      [deck[i], deck[j]] = [deck[j], deck[i]];
      break;
    }
  }
  return { deck, rejections, commitment: createHash('sha256').update(seed).digest('hex') };
}
