/**
 * `RoundSeeds` (fairness.md §1): the runner tells it of each `open-round` effect; only the round it committed
 * to next moves it on, and the dealt round's seed is handed over once, matching its commitment.
 */
import { describe, expect, it } from 'vitest';
import { commitmentOf, fromHex, unwrap, type RoundFairness } from '@paigow/engine';
import { RoundSeeds } from './round-seeds.js';

const fairness = (commitment: string): RoundFairness => ({ scheme: 'paigow-shuffle-v1', commitment, clientSeeds: '1:none' });

describe('RoundSeeds', () => {
  it('moves on only when the next round is dealt, and hands its seed over once', () => {
    const seeds = new RoundSeeds();
    const first = seeds.nextRound!;
    const { deal, next } = seeds.deal();
    expect(deal.roundId).toBe(first.roundId);
    seeds.noteDealt('another-round'); // not the committed round: nothing moves
    expect(seeds.nextRound).toEqual(first);
    expect(seeds.take(first.roundId, fairness(first.commitment))).toBeNull(); // not dealt yet: no seed to hand over

    seeds.noteDealt(first.roundId);
    expect(seeds.nextRound).toEqual(next); // the round after it, committed with the deal
    const stored = seeds.take(first.roundId, fairness(first.commitment))!;
    expect(stored).toMatchObject({ commitment: first.commitment, clientSeeds: '1:none' });
    expect(commitmentOf(unwrap(fromHex(stored.serverSeed, 32)))).toBe(first.commitment);
    expect(seeds.take(first.roundId, fairness(first.commitment))).toBeNull(); // once
  });

  it('deals a round the ledger refused for a shortfall again: the same id and seed, then the round after it as committed', () => {
    const seeds = new RoundSeeds();
    const first = seeds.nextRound!;
    const { deal, next } = seeds.deal();
    seeds.noteDealt(first.roundId);
    const stored = seeds.take(first.roundId, fairness(first.commitment))!;
    expect(seeds.dealAgain('another-round')).toBe(false); // not the round handed over: nothing moves
    expect(seeds.nextRound).toEqual(next);
    expect(seeds.dealAgain(first.roundId)).toBe(true);
    expect(seeds.nextRound).toEqual(first);
    const again = seeds.deal();
    expect(again).toEqual({ deal, next });
    seeds.noteDealt(first.roundId);
    expect(seeds.take(first.roundId, fairness(first.commitment))).toEqual(stored);
    expect(seeds.nextRound).toEqual(next);
    expect(seeds.dealAgain('another-round')).toBe(false);
  });
});
