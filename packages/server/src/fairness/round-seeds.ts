/**
 * The server seeds of one table's rounds (fairness.md §1): each round gets a fresh 32-byte seed from
 * node:crypto when the previous one is dealt (the first at start), so that its commitment is published
 * before its first bet; the seed goes to the ledger with the dealt round and stays secret until the round
 * is closed. Tests may deal from a given random source instead (`rng`): those rounds have no proof.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { commitmentOf, shuffledDeck, toHex, type DealMaterial, type Rng, type RoundFairness, type TableEffect } from '@paigow/engine';

/** What the ledger stores with a round dealt from seeds (`OpenRoundInput.fairness`). */
export interface StoredFairness {
  readonly commitment: string;
  readonly clientSeeds: string;
  /** 64 lower-case hex digits. */
  readonly serverSeed: string;
}

/** The round a table deals next, and the seeds of rounds dealt but not yet recorded by the ledger. */
export class RoundSeeds {
  private next = RoundSeeds.fresh();
  private readonly dealt = new Map<string, Uint8Array>();

  /** @param rng tests only: deal from decks shuffled by it (no server seed, no proof) */
  constructor(private readonly rng?: Rng) {}

  private static fresh(): { roundId: string; serverSeed: Uint8Array } {
    return { roundId: randomUUID(), serverSeed: new Uint8Array(randomBytes(32)) };
  }

  /** The deal material to pass with the next action (the same round id and seed until that round is dealt). */
  material(): DealMaterial {
    if (this.rng !== undefined) return { roundId: randomUUID(), deck: shuffledDeck(this.rng) };
    return this.next;
  }

  /** After an action was applied: if it dealt the next round (`open-round`), keeps its seed and makes the next one. */
  noteEffects(effects: readonly TableEffect[]): void {
    if (effects.some((effect) => effect.kind === 'open-round' && effect.roundId === this.next.roundId)) {
      this.dealt.set(this.next.roundId, this.next.serverSeed);
      this.next = RoundSeeds.fresh();
    }
  }

  /**
   * What to store with the dealt round `roundId` (its public `fairness` from the reducer plus the server
   * seed), handed over once; `null` for a round not dealt from a seed.
   */
  take(roundId: string, fairness: RoundFairness | null | undefined): StoredFairness | null {
    const seed = this.dealt.get(roundId);
    this.dealt.delete(roundId);
    if (seed === undefined || fairness == null) return null;
    return { commitment: commitmentOf(seed), clientSeeds: fairness.clientSeeds, serverSeed: toHex(seed) };
  }
}
