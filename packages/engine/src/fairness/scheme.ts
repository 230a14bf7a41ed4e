/**
 * The provably fair shuffle, scheme `paigow-shuffle-v1` (fairness.md, implemented to the byte): a
 * 32-byte server seed committed by its SHA-256 before the first bet, the client seeds of the hands
 * dealt, an HMAC-SHA256 key and stream, and a Fisher–Yates shuffle of the canonical 53-card deck with
 * rejection sampling. Pure: the caller brings the server seed (32 bytes from a cryptographic source).
 * Play only: simulation and analysis keep the fast seeded `Rng`.
 */

import { DECK_SIZE, HAND_SIZE, newDeck, type Card, type Hand } from '../cards/index.js';
import { err, ok, PaiGowError, unwrap, type Result } from '../errors/index.js';
import { toHand } from '../notation/index.js';
import { hmacSha256, sha256 } from './sha256.js';

/** The scheme's name, the first part of the shuffle key's message (fairness.md §3). */
export const FAIRNESS_SCHEME = 'paigow-shuffle-v1';

/** Bytes in a server seed (fairness.md §1). */
export const SERVER_SEED_BYTES = 32;

/** The most characters a client seed may have (fairness.md §2). */
export const CLIENT_SEED_MAX_LENGTH = 64;

/** A hand's place in `clientSeeds` (fairness.md §2): a seat number, or `'B'` for a player banker. */
export type SeedSeat = number | 'B';

/** One entry of `clientSeeds`: the seat (or `'B'`) and its locked client seed. */
export interface ClientSeedEntry {
  readonly seat: SeedSeat;
  readonly seed: string;
}

/** Lower-case hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/**
 * The bytes of a hex string (either case), e.g. a published server seed.
 * @returns the bytes; `fairness/bad-server-seed` when `hex` is not `2 × bytes` hex digits
 */
export function fromHex(hex: string, bytes: number): Result<Uint8Array> {
  if (typeof hex !== 'string' || hex.length !== bytes * 2 || !/^[0-9a-fA-F]*$/.test(hex)) {
    return err('fairness/bad-server-seed', `expected ${bytes * 2} hex digits`);
  }
  const out = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return ok(out);
}

/** The UTF-8 bytes of `text` (unpaired surrogates become U+FFFD, as `TextEncoder` does). */
export function utf8(text: string): Uint8Array {
  const out: number[] = [];
  for (const char of text) {
    let code = char.codePointAt(0) as number;
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x80) out.push(code);
    else if (code < 0x800) out.push(0xc0 | (code >> 6), 0x80 | (code & 63));
    else if (code < 0x10000) out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    else out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
  }
  return Uint8Array.from(out);
}

function checkServerSeed(serverSeed: Uint8Array): void {
  if (!(serverSeed instanceof Uint8Array) || serverSeed.length !== SERVER_SEED_BYTES) {
    throw new PaiGowError('fairness/bad-server-seed', `a server seed is ${SERVER_SEED_BYTES} bytes`);
  }
}

/**
 * The commitment published before the round's first bet (fairness.md §1): `hex(SHA-256(serverSeed))`,
 * 64 lower-case hex digits.
 * @throws PaiGowError `fairness/bad-server-seed` unless `serverSeed` is 32 bytes
 */
export function commitmentOf(serverSeed: Uint8Array): string {
  checkServerSeed(serverSeed);
  return toHex(sha256(serverSeed));
}

/**
 * The client seed a hand contributes when its player sent none with Deal or with its approval (an API
 * client; the web client always sends one): fairness.md §2 needs one per hand dealt. No player may choose it
 * (`checkChosenSeed`), so a proof's `none` always means no seed.
 */
export const NO_CLIENT_SEED = 'none';

/**
 * Checks a client seed (fairness.md §2): 1–64 printable ASCII characters (space to `~`), without `|`
 * or `:` (the separators of `clientSeeds`). `none` passes: it is the seed of a hand without one (`NO_CLIENT_SEED`).
 * @returns the seed unchanged; `fairness/bad-client-seed` otherwise
 */
export function checkClientSeed(seed: unknown): Result<string> {
  if (typeof seed !== 'string') {
    const got = seed === null ? 'null' : seed === undefined ? 'nothing' : typeof seed === 'object' ? 'an object' : `a ${typeof seed}`;
    return err('fairness/bad-client-seed', `a client seed is a string of 1 to ${CLIENT_SEED_MAX_LENGTH} characters, got ${got}`);
  }
  if (seed.length < 1 || seed.length > CLIENT_SEED_MAX_LENGTH) {
    return err('fairness/bad-client-seed', `a client seed is 1 to ${CLIENT_SEED_MAX_LENGTH} characters`);
  }
  if (!/^[\x20-\x7e]+$/.test(seed)) return err('fairness/bad-client-seed', 'a client seed is printable ASCII');
  if (/[|:]/.test(seed)) return err('fairness/bad-client-seed', "a client seed may not hold '|' or ':'");
  return ok(seed);
}

/**
 * Checks a client seed a player sends (with Deal, an approval or auto-approve; fairness.md §2): `checkClientSeed`, and not
 * `NO_CLIENT_SEED`, which stands for a hand without a seed in `clientSeeds` (an auditor's: a player's own `none` read
 * the same as no seed in the proof).
 * @returns the seed unchanged; `fairness/bad-client-seed` otherwise
 */
export function checkChosenSeed(seed: unknown): Result<string> {
  if (seed === NO_CLIENT_SEED) return err('fairness/bad-client-seed', `'${NO_CLIENT_SEED}' stands for no seed in a round's client seeds: choose another`);
  return checkClientSeed(seed);
}

/**
 * `clientSeeds` (fairness.md §2): the entries in deal order (players with a bet by seat, lowest first,
 * then a player banker as `'B'`), each `<seat>:<seed>`, joined by `|`. The house contributes none.
 * @throws PaiGowError `fairness/bad-client-seed` when a seed fails `checkClientSeed`
 */
export function clientSeedsString(entries: readonly ClientSeedEntry[]): string {
  return entries
    .map(({ seat, seed }) => {
      const checked = checkClientSeed(seed);
      if (!checked.ok) throw new PaiGowError(checked.error.code, checked.error.message);
      return `${seat}:${seed}`;
    })
    .join('|');
}

/** The shuffle key (fairness.md §3): HMAC-SHA256 under the server seed of `"paigow-shuffle-v1|" + roundId + "|" + clientSeeds`. */
function shuffleKey(serverSeed: Uint8Array, roundId: string, clientSeeds: string): Uint8Array {
  return hmacSha256(serverSeed, utf8(`${FAIRNESS_SCHEME}|${roundId}|${clientSeeds}`));
}

/**
 * The random stream (fairness.md §4): blocks `HMAC-SHA256(key, uint64be(k))` for k = 0, 1, …, read
 * as consecutive 32-bit big-endian unsigned integers.
 */
function wordStream(key: Uint8Array): () => number {
  let block: DataView = new DataView(new ArrayBuffer(0));
  let k = 0;
  let offset = 32;
  const counter = new Uint8Array(8);
  const counterView = new DataView(counter.buffer);
  return () => {
    if (offset === 32) {
      counterView.setUint32(0, Math.floor(k / 0x1_0000_0000));
      counterView.setUint32(4, k >>> 0);
      const bytes = hmacSha256(key, counter);
      block = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      k++;
      offset = 0;
    }
    const word = block.getUint32(offset);
    offset += 4;
    return word;
  };
}

/**
 * The round's deck (fairness.md §3–§5): the canonical deck (2s 2h 2d 2c 3s … Ac, Jk) shuffled by
 * Fisher–Yates from the top (i = 52 down to 1, j uniform in 0‥i by rejection: a word x is discarded
 * when x ≥ floor(2³² / n)·n, n = i + 1, else j = x mod n) over the stream keyed by the seeds.
 * @param serverSeed the round's 32-byte server seed
 * @param roundId the round's id as published
 * @param clientSeeds `clientSeedsString(...)` of the hands dealt (`''` when no seed was given)
 * @returns the 53 cards, index 0 dealt first
 * @throws PaiGowError `fairness/bad-server-seed` unless `serverSeed` is 32 bytes
 */
export function deckFromSeeds(serverSeed: Uint8Array, roundId: string, clientSeeds: string): Card[] {
  checkServerSeed(serverSeed);
  const next = wordStream(shuffleKey(serverSeed, roundId, clientSeeds));
  const deck = newDeck();
  for (let i = DECK_SIZE - 1; i >= 1; i--) {
    const n = i + 1;
    const limit = Math.floor(0x1_0000_0000 / n) * n;
    let x = next();
    while (x >= limit) x = next();
    const j = x % n;
    const card = deck[i];
    deck[i] = deck[j];
    deck[j] = card;
  }
  return deck;
}

/** One hand of a deal: a seat number or `'banker'`, and its seven cards in dealt order. */
export interface DealtHand {
  readonly seat: number | 'banker';
  readonly cards: Hand;
}

/**
 * The deal (fairness.md §6): seven cards at a time from the top of `deck`, to the players with a bet
 * in seat order (lowest first), then the banker (the house or a player banker); the rest is not used.
 * @param playerSeats the seats of the players with a bet (any order; dealt lowest first)
 * @throws RangeError when the deck is too short for the hands or a seat repeats; PaiGowError
 *   `card/duplicate` (or another card error) when a hand dealt is not seven distinct cards
 */
export function dealHands(deck: readonly Card[], playerSeats: readonly number[]): DealtHand[] {
  const seats = [...playerSeats].sort((a, b) => a - b);
  if (new Set(seats).size !== seats.length) throw new RangeError('a seat is dealt one hand');
  if ((seats.length + 1) * HAND_SIZE > deck.length) throw new RangeError(`${deck.length} cards cannot deal ${seats.length + 1} hands`);
  const order: (number | 'banker')[] = [...seats, 'banker'];
  return order.map((seat, index) => ({ seat, cards: unwrap(toHand(deck.slice(index * HAND_SIZE, index * HAND_SIZE + HAND_SIZE))) }));
}
