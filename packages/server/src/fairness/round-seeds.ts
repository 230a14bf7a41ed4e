/**
 * The server seeds of one table's rounds (fairness.md §1): each round gets a fresh 32-byte seed from
 * node:crypto a round ahead (the first two at start): its commitment is fixed at the deal of the round before
 * it and shown in the views once that round is over, before its own first bet; the seed goes to the ledger with the dealt round and
 * stays secret until the round is closed. Tests may deal from a given random source instead (`rng`): those rounds have no proof.
 */
import { randomBytes } from 'node:crypto';
import { timeOrderedId } from '../storage/time-ordered-ids.js';
import { commitmentOf, shuffledDeck, toHex, type DealMaterial, type NextRound, type Rng, type RoundFairness } from '@paigow/engine';

/** What the ledger stores with a round dealt from seeds (`OpenRoundInput.fairness`). */
export interface StoredFairness {
  readonly commitment: string;
  readonly clientSeeds: string;
  /** 64 lower-case hex digits. */
  readonly serverSeed: string;
}

/** The round a table deals next, the one after it, and the seeds of rounds dealt but not yet recorded by the ledger. */
export class RoundSeeds {
  private next = RoundSeeds.fresh();
  private after = RoundSeeds.fresh();
  private readonly dealt = new Map<string, Uint8Array>();
  /** The round `take` handed over last, which `dealAgain` may make the next round again. */
  private taken: { roundId: string; serverSeed: Uint8Array } | null = null;

  /** @param rng tests only: deal from decks shuffled by it (no server seed, no proof) */
  constructor(private readonly rng?: Rng) {}

  /**
   * A new round: its id a time-ordered UUID (version 7: the time in ms, then 74 random bits), so that the
   * ledger's rows keyed by round (the round, its players, its transfers' keys) are written at the end of
   * their indexes, a few pages a commit rather than one page per row (docs/server.md "The ledger's accounts").
   */
  private static fresh(): { roundId: string; serverSeed: Uint8Array } {
    return { roundId: timeOrderedId(), serverSeed: new Uint8Array(randomBytes(32)) };
  }

  private static committed(seeds: { roundId: string; serverSeed: Uint8Array }): NextRound {
    return { roundId: seeds.roundId, commitment: commitmentOf(seeds.serverSeed) };
  }

  /** The round the table deals next and its commitment (`createTable`'s `nextRound`); `null` with a test `rng`. */
  get nextRound(): NextRound | null {
    return this.rng === undefined ? RoundSeeds.committed(this.next) : null;
  }

  /**
   * What the reducer's `deal-due` asks for: the material of the next round (the same round id and seed until
   * that round is dealt) and the commitment of the round after it (`DealAction.next`).
   */
  deal(): { readonly deal: DealMaterial; readonly next: NextRound | null } {
    if (this.rng !== undefined) return { deal: { roundId: timeOrderedId(), deck: shuffledDeck(this.rng) }, next: null };
    return { deal: this.next, next: RoundSeeds.committed(this.after) };
  }

  /**
   * The reducer dealt `roundId` (the runner's `open-round` effect): if it is the next round, keeps its seed (for
   * `take`) and moves on to the round after it; any other round id (a test `rng`'s) changes nothing.
   */
  noteDealt(roundId: string): void {
    if (roundId === this.next.roundId) {
      this.dealt.set(this.next.roundId, this.next.serverSeed);
      this.next = this.after;
      this.after = RoundSeeds.fresh();
    }
  }

  /**
   * What to store with the dealt round `roundId` (its public `fairness` from the reducer plus the server
   * seed), handed over once; `null` for a round not dealt from a seed.
   */
  take(roundId: string, fairness: RoundFairness | null | undefined): StoredFairness | null {
    const seed = this.dealt.get(roundId);
    this.dealt.delete(roundId);
    this.taken = seed === undefined ? null : { roundId, serverSeed: seed };
    if (seed === undefined || fairness == null) return null;
    return { commitment: commitmentOf(seed), clientSeeds: fairness.clientSeeds, serverSeed: toHex(seed) };
  }

  /**
   * The ledger refused the deal of `roundId` and recorded nothing of it (one player's shortfall, docs/server.md): the
   * table deals that round again (the reducer's `round-short` makes it its `nextRound` again), with the same id and
   * server seed, whose commitment the players were shown before they locked their client seeds (fairness.md §1). It is
   * the next round again, and the round after it the one committed to with its deal.
   * @returns true; false, changing nothing, unless `roundId` is the round `take` handed over last
   */
  dealAgain(roundId: string): boolean {
    const taken = this.taken;
    if (taken === null || taken.roundId !== roundId) return false;
    this.taken = null;
    this.after = this.next;
    this.next = taken;
    return true;
  }
}
