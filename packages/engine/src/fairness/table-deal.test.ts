import { describe, expect, it } from 'vitest';
import { unwrap } from '../errors/index.js';
import { formatCard } from '../notation/index.js';
import { apply } from '../table/apply.js';
import type { DealMaterial } from '../table/actions.js';
import { bettingWindowTick, must, seatPlayers, testTable } from '../testing/table.js';
import { viewFor } from '@paigow/protocol';
import { commitmentOf, deckFromSeeds, toHex } from './scheme.js';
import { NO_CLIENT_SEED } from './scheme.js';

const serverSeed = Uint8Array.from({ length: 32 }, (_, i) => 200 - i);
const material: DealMaterial = { roundId: 'fair-1', serverSeed };
/** The table's first round, committed to at its creation (fairness.md §1). */
const FIRST = { roundId: 'fair-1', commitment: commitmentOf(serverSeed) };
const SECOND = { roundId: 'fair-2', commitment: commitmentOf(new Uint8Array(32)) };

describe('the provably fair deal at the table (fairness.md)', () => {
  it('publishes the commitment before the first bet, locks client seeds at Deal and deals the deck of the seeds in deal order', () => {
    let s = seatPlayers(testTable({}, 1_000_000, FIRST), ['a', 'b', 'c']);
    const before = viewFor(s, 'a');
    expect(before.fairness).toEqual({ scheme: 'paigow-shuffle-v1', roundId: 'fair-1', commitment: commitmentOf(serverSeed), clientSeeds: null });
    expect(JSON.stringify(before)).not.toContain(toHex(serverSeed));
    // Seat 1 (b) does not bet; seat 2 (c) sends no seed.
    s = must(s, { type: 'bet', playerId: 'c', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'c', nowMs: s.nowMs });
    // The next round's commitment comes with the deal of this one.
    s = must(s, { type: 'ready', playerId: 'a', clientSeed: 'my seed 42', nowMs: s.nowMs });
    s = must(s, bettingWindowTick(s), material, SECOND); // b has no bet: the betting window holds the deal
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
    expect(s.nextRound).toEqual(SECOND);
    // The view shows the round being played.
    s = must(s, { type: 'round-opened', roundId: 'fair-1', nowMs: s.nowMs });
    const during = viewFor(s, 'a');
    expect(during.fairness).toEqual({ scheme: 'paigow-shuffle-v1', roundId: 'fair-1', commitment: commitmentOf(serverSeed), clientSeeds });
    expect(during.you?.cards).toEqual(deck.slice(0, 7).map(formatCard));
    expect(JSON.stringify(during)).not.toContain(toHex(serverSeed));
  });

  it('takes a player banker’s seed from its approval as B, last in deal order', () => {
    let s = seatPlayers(testTable({ playerBanking: true, bankMinCompPoints: 0 }, 1_000_000, FIRST), ['bank', 'p'], 1_000_000);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', clientSeed: 'banker!', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', clientSeed: 'p1', nowMs: s.nowMs }, material);
    expect(s.round!.fairness!.clientSeeds).toBe('1:p1|B:banker!');
    expect(s.round!.bankerCards).toEqual(deckFromSeeds(serverSeed, 'fair-1', '1:p1|B:banker!').slice(7, 14));
  });

  it('locks the banker’s seed by auto-approve for the rounds it approves', () => {
    let s = seatPlayers(testTable({ playerBanking: true, bankMinCompPoints: 0 }, 1_000_000, FIRST), ['bank', 'p'], 1_000_000);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, clientSeed: 'auto', nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'p', clientSeed: 'p1', nowMs: s.nowMs }, material);
    expect(s.round!.fairness!.clientSeeds).toBe('1:p1|B:auto');
  });

  it('keeps the banker’s seed locked from its approval to the deal: a new seed by auto-approve is refused with fairness/seed-locked', () => {
    let s = seatPlayers(testTable({ playerBanking: true, bankMinCompPoints: 0 }, 1_000_000, FIRST), ['bank', 'p'], 1_000_000);
    s = must(s, { type: 'take-bank', playerId: 'bank', nowMs: s.nowMs });
    s = must(s, { type: 'approve', playerId: 'bank', clientSeed: 'first', nowMs: s.nowMs });
    // Approved: auto-approve on with another seed is refused, and the approved seed stays.
    const refused = apply(s, { type: 'auto-approve', playerId: 'bank', on: true, clientSeed: 'second', nowMs: s.nowMs });
    expect(refused).toMatchObject({ ok: false, error: { code: 'fairness/seed-locked' } });
    s = must(s, { type: 'bet', playerId: 'p', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    expect(apply(s, { type: 'auto-approve', playerId: 'bank', on: true, clientSeed: 'third', nowMs: s.nowMs })).toMatchObject({ ok: false, error: { code: 'fairness/seed-locked' } });
    // The same seed, or none, turns auto-approve on and keeps the locked seed.
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, clientSeed: 'first', nowMs: s.nowMs });
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: false, nowMs: s.nowMs });
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, nowMs: s.nowMs });
    expect(s.banker).toMatchObject({ autoApprove: true, clientSeed: 'first' });
    s = must(s, { type: 'ready', playerId: 'p', clientSeed: 'p1', nowMs: s.nowMs }, material, SECOND);
    expect(s.round!.fairness!.clientSeeds).toBe('1:p1|B:first');
    // Once dealt, a new seed is for the rounds auto-approve approves next.
    s = must(s, { type: 'auto-approve', playerId: 'bank', on: true, clientSeed: 'next', nowMs: s.nowMs });
    expect(s.banker!.clientSeed).toBe('next');
  });

  it.each(['', 'a|b', 'a:b', 'x'.repeat(65), 'ünïcode', 'none'])('refuses the client seed %j with fairness/bad-client-seed and changes nothing', (seed) => {
    let s = seatPlayers(testTable(), ['a']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    const refused = apply(s, { type: 'ready', playerId: 'a', clientSeed: seed, nowMs: s.nowMs });
    expect(refused).toMatchObject({ ok: false, error: { code: 'fairness/bad-client-seed' } });
    expect(s.players.a.ready).toBe(false);
    expect(s.round).toBeNull();
  });

  it('has no commitment at a table dealt from given decks (tests)', () => {
    const s = must(seatPlayers(testTable(), ['a']), { type: 'sync', playerId: 'a', balanceCents: 1, compPoints: 0, nowMs: 1 });
    expect(viewFor(s, 'a').fairness).toBeNull();
  });

  it('asks for the deal material only when a round is due, and deals only the round it committed to (issue 12)', () => {
    let s = seatPlayers(testTable({}, 1_000_000, FIRST), ['a', 'b']);
    for (const id of ['a', 'b']) {
      const bet = unwrap(apply(s, { type: 'bet', playerId: id, spot: 'main', amountCents: 500, nowMs: s.nowMs }));
      expect(bet.effects).toEqual([]);
      s = bet.state;
    }
    const first = unwrap(apply(s, { type: 'ready', playerId: 'a', nowMs: s.nowMs }));
    expect(first.effects).toEqual([]);
    const last = unwrap(apply(first.state, { type: 'ready', playerId: 'b', nowMs: s.nowMs }));
    expect(last.effects).toEqual([{ kind: 'deal-due' }]);
    expect(last.state.round).toBeNull();
    // Not due before every bettor is ready; never another round than the one committed to.
    expect(apply(first.state, { type: 'deal', deal: material, next: SECOND, nowMs: s.nowMs })).toMatchObject({ ok: false, error: { code: 'action/stale' } });
    expect(() => apply(last.state, { type: 'deal', deal: { roundId: 'fair-9', serverSeed }, next: SECOND, nowMs: s.nowMs })).toThrow(/committed/);
    const dealt = unwrap(apply(last.state, { type: 'deal', deal: material, next: SECOND, nowMs: s.nowMs }));
    expect(dealt.state.round?.roundId).toBe('fair-1');
    expect(dealt.state.nextRound).toEqual(SECOND);
    expect(dealt.effects.map((effect) => effect.kind)).toEqual(['open-round']);
  });

  it('deals a round refused for one player’s shortfall again under the id and commitment the views showed, from the same server seed (fairness.md §1)', () => {
    let s = seatPlayers(testTable({}, 1_000_000, FIRST), ['a', 'b']);
    s = must(s, { type: 'bet', playerId: 'a', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'bet', playerId: 'b', spot: 'main', amountCents: 500, nowMs: s.nowMs });
    s = must(s, { type: 'ready', playerId: 'a', clientSeed: 'seed-a', nowMs: s.nowMs });
    const shown = viewFor(s, 'a').fairness;
    expect(shown).toMatchObject({ roundId: FIRST.roundId, commitment: FIRST.commitment });
    s = must(s, { type: 'ready', playerId: 'b', clientSeed: 'seed-b', nowMs: s.nowMs }, material, SECOND);
    expect(s.round!.fairness!.clientSeeds).toBe('0:seed-a|1:seed-b');
    // The ledger finds b short: the round is dealt again at once for a, and it is the round a was shown.
    const short = unwrap(apply(s, { type: 'round-short', roundId: 'fair-1', playerIds: ['b'], nowMs: s.nowMs }));
    expect(short.effects.map((effect) => effect.kind)).toContain('deal-due');
    expect(short.state.nextRound).toEqual(FIRST);
    expect(viewFor(short.state, 'a').fairness).toEqual(shown);
    // Before the fix: a deal of the round after it (never shown) went through. Another round or another seed is refused.
    expect(() => apply(short.state, { type: 'deal', deal: { roundId: 'fair-2', serverSeed: new Uint8Array(32) }, next: null, nowMs: s.nowMs })).toThrow(/committed/);
    expect(() => apply(short.state, { type: 'deal', deal: { roundId: 'fair-1', serverSeed: new Uint8Array(32) }, next: null, nowMs: s.nowMs })).toThrow(/committed/);
    const again = unwrap(apply(short.state, { type: 'deal', deal: material, next: SECOND, nowMs: s.nowMs })).state;
    expect(again.round).toMatchObject({ roundId: 'fair-1', fairness: { commitment: FIRST.commitment, clientSeeds: '0:seed-a' } });
    expect(again.round!.deck).toEqual(deckFromSeeds(serverSeed, 'fair-1', '0:seed-a'));
    expect(again.round!.hands.map((hand) => hand.playerId)).toEqual(['a']);
    expect(again.nextRound).toEqual(SECOND);
  });
});
