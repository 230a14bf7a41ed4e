/**
 * The provably fair shuffle (fairness.md, scheme `paigow-shuffle-v1`) recomputed in the browser with
 * WebCrypto, independently of the engine's own SHA-256: the commitment `hex(SHA-256(serverSeed))` and the
 * deck (HMAC-SHA256 key and stream, Fisher–Yates from the top with rejection sampling). The engine's
 * `verifyProof` then checks the rest (hands, settings, outcomes) against what this computed.
 */
import { fromHex, parseProof, toHex, verifyProof, type Card, type Recomputed, type Result, type Verification } from '@paigow/engine';

const subtle = (): SubtleCrypto => {
  if (globalThis.crypto?.subtle === undefined) throw new Error('WebCrypto is not available (the page needs https or localhost)');
  return globalThis.crypto.subtle;
};

async function hmac(key: Uint8Array, message: Uint8Array): Promise<Uint8Array> {
  const imported = await subtle().importKey('raw', key as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', imported, message as BufferSource));
}

/**
 * The commitment and the deck of fairness.md §1, §3–§5 computed with WebCrypto.
 * @param serverSeedHex the revealed server seed, 64 hex digits
 * @returns card integers (the engine's `Card`: rank × 4 + suit, 52 = joker), index 0 dealt first
 * @throws Error when the seed is not 64 hex digits or WebCrypto is missing
 */
export async function recomputeWithWebCrypto(serverSeedHex: string, roundId: string, clientSeeds: string): Promise<Recomputed> {
  const seed = fromHex(serverSeedHex, 32);
  if (!seed.ok) throw new Error(seed.error.message);
  const commitment = toHex(new Uint8Array(await subtle().digest('SHA-256', seed.value as BufferSource)));
  const key = await hmac(seed.value, new TextEncoder().encode(`paigow-shuffle-v1|${roundId}|${clientSeeds}`));
  const words: number[] = [];
  let k = 0;
  const next = async (): Promise<number> => {
    if (words.length === 0) {
      const counter = new Uint8Array(8);
      new DataView(counter.buffer).setBigUint64(0, BigInt(k++));
      const block = new DataView((await hmac(key, counter)).buffer);
      for (let i = 0; i < 32; i += 4) words.push(block.getUint32(i));
    }
    return words.shift() as number;
  };
  // The canonical deck: 2s 2h 2d 2c 3s … Ac, then the joker (index = card integer).
  const deck: Card[] = Array.from({ length: 53 }, (_, i) => i);
  for (let i = 52; i >= 1; i--) {
    const n = i + 1;
    const limit = Math.floor(2 ** 32 / n) * n;
    let x = await next();
    while (x >= limit) x = await next();
    const j = x % n;
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return { commitment, deck };
}

/**
 * Verifies a proof in the browser: the commitment and the deck by WebCrypto, the rest by the engine.
 * @returns the verdict; `fairness/bad-proof` when the JSON is not a proof
 */
export async function verifyInBrowser(proof: unknown): Promise<Result<Verification>> {
  const parsed = parseProof(proof);
  if (!parsed.ok) return parsed;
  const { serverSeed, roundId, clientSeeds } = parsed.value;
  return verifyProof(proof, await recomputeWithWebCrypto(serverSeed, roundId, clientSeeds));
}
