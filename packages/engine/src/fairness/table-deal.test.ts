import { describe, expect, it } from 'vitest';
import { formatCard } from '../notation/index.js';
import { apply } from '../table/apply.js';
import type { DealMaterial } from '../table/actions.js';
import { must, seatPlayers, testTable } from '../table/test-support.js';
import { viewFor } from '../table/view.js';
import { commitmentOf, deckFromSeeds, toHex } from './scheme.js';
import { NO_CLIENT_SEED } from './table-deal.js';

const serverSeed = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
const material: DealMaterial = { roundId: 'fair-1', serverSeed };

describe('the provably fair deal at the table (fairness.md)', () => {
  it('publishes the commitment before the first bet, locks client seeds at Deal and deals the deck of the seeds in deal order', () => {
    let s = seatPlayers(testTable(), ['a', 'b', 'c']);
    s = must(s, { type: 'sync', playerId: 'a', balanceCents: 100_000, compPoints: 0, nowMs: s.nowMs, deal: material });
    const before = viewFor(s, 'a');
    expect(before.fairness).toEqual({ scheme: 'paigow-shuffle-v1', roundId: 'fair-1', commitment: commitmentOf(serverSeed), clientSeeds: null });
    expect(JSON.stringify(before)).not.toContain(toHex(serverSeed));
    // Seat 1 (b) does not bet; seat 2 (c) sends no seed.
    s = must(s, { type: 'bet', playerId: 'c', spot: 'main', amountCents: 500, nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'deal', playerId: 'c', nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'deal', playerId: 'a', clientSeed: 'my seed 42', nowMs: s.nowMs, deal: material });
    const round = s.round!;
    const clientSeeds = `0:my seed 42|2:${NO_CLIENT_SEED}`;
    expect(round.fairness).toEqual({ scheme: 'paigow-shuffle-v1', commitment: commitmentOf(serverSeed), clientSeeds });
    const deck = deckFromSeeds(serverSeed, 'fair-1', clientSeeds);
    expect(round.deck).toEqual(deck);
    expect(round.hands.map((h) => [h.seat, h.cards])).toEqual([
      [0, deck.slice(0, 7)],
      [2, deck.slice(7, 14)],
    ]);
    expect(round.bankerCards).toEqual(deck.slice(14, 21));
    // The next round's seed arrives with the next action; the view shows the round being played.
    s = must(s, { type: 'round-opened', roundId: 'fair-1', nowMs: s.nowMs, deal: { roundId: 'fair-2', serverSeed: new Uint8Array(32) } });
    expect(s.nextRound).toEqual({ roundId: 'fair-2', commitment: commitmentOf(new Uint8Array(32)) });
    const during = viewFor(s, 'a');
    expect(during.fairness).toEqual({ scheme: 'paigow-shuffle-v1', roundId: 'fair-1', commitment: commitmentOf(serverSeed), clientSeeds });
    expect(during.you?.cards).toEqual(deck.slice(0, 7).map(formatCard));
    expect(JSON.stringify(during)).not.toContain(toHex(serverSeed));
  });

  it('takes a player banker’s seed from its approval as B, last in deal order', () => {
    let s = seatPlayers(testTable({ playerBanking: true, bankMinCompPoints: 0 }), ['bank', 'p'], 1_000_000);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'approve', playerId: 'bank', clientSeed: 'banker!', nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 500, nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'deal', playerId: 'p', clientSeed: 'p1', nowMs: s.nowMs, deal: material });
    expect(s.round!.fairness!.clientSeeds).toBe('1:p1|B:banker!');
    expect(s.round!.bankerCards).toEqual(deckFromSeeds(serverSeed, 'fair-1', '1:p1|B:banker!').slice(7, 14));
  });

  it('locks the banker’s seed by auto-approve for the rounds it approves', () => {
    let s = seatPlayers(testTable({ playerBanking: true, bankMinCompPoints: 0 }), ['bank', 'p'], 1_000_000);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, clientSeed: 'auto', nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 500, nowMs: s.nowMs, deal: material });
    s = must(s, { type: 'deal', playerId: 'p', clientSeed: 'p1', nowMs: s.nowMs, deal: material });
    expect(s.round!.fairness!.clientSeeds).toBe('1:p1|B:auto');
  });

  it.each(['', 'a|b', 'a:b', 'x'.repeat(65), 'ünïcode'])('refuses the client seed %j with fairness/bad-client-seed and changes nothing', (seed) => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs, deal: material });
    const refused = apply(s, { type: 'deal', playerId: 'a', clientSeed: seed, nowMs: s.nowMs, deal: material });
    expect(refused).toMatchObject({ ok: false, error: { code: 'fairness/bad-client-seed' } });
    expect(s.players.a.ready).toBe(false);
    expect(s.round).toBeNull();
  });

  it('has no commitment at a table dealt from given decks (tests)', () => {
    const s = must(seatPlayers(testTable(), ['a']), { type: 'sync', playerId: 'a', balanceCents: 1, compPoints: 0, nowMs: 1, deal: { roundId: 'x', deck: [] } });
    expect(viewFor(s, 'a').fairness).toBeNull();
  });
});
