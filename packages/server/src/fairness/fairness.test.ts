/**
 * Provably fair rounds through the server (issue 15, fairness.md): the commitment in the view before the
 * first bet, client seeds sent with Deal, `GET /api/rounds/<id>/fairness` (404 unknown, 409 while open: from the
 * round's announcement in the views, before its deal; the proof once closed), the proof verified by the CLI's verify logic, an altered proof refused, and a
 * recovered or refunded round still revealing its seed.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { clientSeedsString, commitmentOf, deckFromSeeds, formatCard, fromHex, type FairnessProof } from '@paigow/engine';
import type { TableView } from '@paigow/protocol';
import { fetchProof, verifyOrRefuse } from '../../../cli/src/commands/verify.js';
import { getJson, joinGuests, serversPerTest, signIn, STORE_BACKENDS, TestClient } from '../testing/harness.js';

const fairnessOf = (view: TableView) => view.fairness!;

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`provably fair rounds on ${backend.name}`, () => {
    const servers = serversPerTest(backend.name);

    it('commits before the first bet, deals from the seeds, reveals the seed with the result; the CLI verifies the proof', async () => {
      const server = await servers.start();
      const [ada, bo] = (await joinGuests(server, 'small', 'Ada', 'Bo')).clients;
      try {
        const first = fairnessOf(ada.view);
        expect(first).toMatchObject({ scheme: 'paigow-shuffle-v1', clientSeeds: null });
        expect(first.commitment).toMatch(/^[0-9a-f]{64}$/);
        // Announced and not dealt yet: open (fairness.md §1), its commitment and no seed, as a dealt open round answers
        // below; a round nobody announced is unknown. Before the fix: 404, until the deal.
        const announced = await getJson<{ serverSeed?: string }>(server, `/api/rounds/${first.roundId}/fairness`);
        expect(announced.status).toBe(409);
        expect(announced.body).toEqual({ scheme: 'paigow-shuffle-v1', roundId: first.roundId, commitment: first.commitment, error: { code: 'action/out-of-phase', message: expect.any(String) } });
        await expect(fetchProof(server.url, first.roundId)).rejects.toThrow(/still open/);
        expect((await getJson(server, `/api/rounds/${randomUUID()}/fairness`)).status).toBe(404);
        await ada.act('sit', { seat: 1 });
        await bo.act('sit', { seat: 4 });
        await ada.act('bet', { spot: 'main', amountCents: 1_000 });
        await bo.act('bet', { spot: 'main', amountCents: 500 });
        expect(fairnessOf(bo.view)).toEqual(first); // the same commitment all along the betting
        expect((await ada.refused('deal', { clientSeed: 'bad|seed' })).error.code).toBe('fairness/bad-client-seed');
        // `none` is what a hand without a seed shows: no player may choose it (an auditor's).
        expect((await ada.refused('deal', { clientSeed: 'none' })).error.code).toBe('fairness/bad-client-seed');
        await ada.act('deal', { clientSeed: 'Ada’s seed'.replace('’', "'") });
        await bo.act('deal'); // no seed sent: the hand contributes 'none'
        const dealt = await ada.waitForView((v) => v.phase === 'setting');
        const clientSeeds = "1:Ada's seed|4:none";
        expect(fairnessOf(dealt)).toEqual({ ...first, clientSeeds });
        expect(fairnessOf(dealt).roundId).toBe(dealt.roundId);

        const open = await getJson<{ commitment: string; serverSeed?: string; error: { code: string } }>(server, `/api/rounds/${dealt.roundId}/fairness`);
        expect(open.status).toBe(409);
        expect(open.body).toMatchObject({ scheme: 'paigow-shuffle-v1', roundId: dealt.roundId, commitment: first.commitment, error: { code: 'action/out-of-phase' } });
        expect(open.body.serverSeed).toBeUndefined();
        expect(open.body).toEqual(announced.body);
        await expect(fetchProof(server.url, dealt.roundId!)).rejects.toThrow(/still open/);

        await ada.act('house-way');
        await bo.act('house-way');
        const settled = await ada.waitForView((v) => v.lastRound?.roundId === dealt.roundId);
        expect(fairnessOf(settled).roundId).not.toBe(dealt.roundId); // the next round is committed already
        expect(fairnessOf(settled).commitment).not.toBe(first.commitment);
        const next = await getJson(server, `/api/rounds/${fairnessOf(settled).roundId}/fairness`);
        expect(next).toMatchObject({ status: 409, body: { roundId: fairnessOf(settled).roundId, commitment: fairnessOf(settled).commitment } });

        const proof = (await fetchProof(server.url, dealt.roundId!)) as FairnessProof;
        expect(Object.keys(proof)).toEqual(['scheme', 'roundId', 'commitment', 'serverSeed', 'clientSeeds', 'deck', 'hands', 'houseWay', 'settings', 'outcomes']);
        const seed = fromHex(proof.serverSeed, 32);
        if (!seed.ok) throw new Error('bad seed');
        expect(commitmentOf(seed.value)).toBe(first.commitment);
        expect(proof.clientSeeds).toBe(clientSeedsString([{ seat: 1, seed: "Ada's seed" }, { seat: 4, seed: 'none' }]));
        expect(proof.hands.map((h) => h.seat)).toEqual([1, 4, 'banker']);
        expect(proof.hands[0].cards).toEqual(dealt.you!.cards);
        expect(proof.hands[2].cards).toEqual(settled.lastRound!.bankerHand.cards);
        expect(proof.deck).toEqual(deckFromSeeds(seed.value, dealt.roundId!, clientSeeds).map(formatCard));
        expect(proof.outcomes!.map((o) => o.outcome)).toEqual(settled.lastRound!.players.map((p) => p.outcome));
        expect(verifyOrRefuse(proof)).toEqual({ roundId: dealt.roundId, verified: true, refunded: false, results: 'given', differences: [] });

        // One byte changed anywhere that matters: refused.
        const flipped = proof.serverSeed.slice(0, 10) + (proof.serverSeed[10] === '0' ? '1' : '0') + proof.serverSeed.slice(11);
        const altered = verifyOrRefuse({ ...proof, serverSeed: flipped });
        expect(altered.verified).toBe(false);
        expect(altered.differences[0]).toMatch(/^commitment: published [0-9a-f]{64}, SHA-256 of the server seed is [0-9a-f]{64}$/);
        const seeds = verifyOrRefuse({ ...proof, clientSeeds: proof.clientSeeds.replace("Ada's", "Ada`s") });
        expect(seeds.verified).toBe(false);
        expect(seeds.differences.some((d) => d.startsWith('deck position'))).toBe(true);
      } finally {
        await ada.leave();
        await bo.leave();
      }
    });

    it('reveals the seed of a round recovered after a stop, and of a refunded one; 404 for an unknown round', async () => {
      let server = await servers.start();
      const session = await signIn(server, 'Cy');
      const cy = await TestClient.join(server, 'small', session.token, 'cy');
      await cy.act('sit', { seat: 0 });
      await cy.act('bet', { spot: 'main', amountCents: 800 });
      const dealt = await cy.act('deal', { clientSeed: 'cy' });
      const roundId = dealt.roundId!;
      const commitment = dealt.fairness!.commitment;
      await cy.leave(false); // a lost connection (a leave on purpose would set the hand by the house way at once)
      await server.close(); // the round is open in the ledger
      server = await servers.start();
      expect(server.recovery.settled).toEqual([roundId]);
      const recovered = verifyOrRefuse(await fetchProof(server.url, roundId));
      expect(recovered).toEqual({ roundId, verified: true, refunded: false, results: 'given', differences: [] });
      const proof = (await fetchProof(server.url, roundId)) as FairnessProof;
      expect(proof).toMatchObject({ commitment, clientSeeds: '0:cy', settings: [{ seat: 0, setBy: 'recovery' }, { seat: 'banker', setBy: 'house-way' }] });

      // A round whose private record is unreadable is refunded: its hands come from the seeds.
      const serverSeed = new Uint8Array(32).fill(7);
      const opened = await server.ledger.openRound({
        roundId: 'refunded-fair',
        tableId: 'small',
        bankerPlayerId: null,
        holds: [{ playerId: session.player.id, kind: 'main', amountCents: 700 }],
        secret: { version: 99 },
        public: { players: [{ seat: 3, nickname: 'Cy', bets: { main: 700, fortune: 0 } }] },
        fairness: { commitment: commitmentOf(serverSeed), clientSeeds: '3:x', serverSeed: '07'.repeat(32) },
      });
      expect(opened.ok).toBe(true);
      expect((await getJson(server, '/api/rounds/refunded-fair/fairness')).status).toBe(409);
      await server.close();
      server = await servers.start();
      expect(server.recovery.refunded).toEqual(['refunded-fair']);
      const refunded = (await fetchProof(server.url, 'refunded-fair')) as FairnessProof;
      expect(refunded).toMatchObject({ serverSeed: '07'.repeat(32), settings: null, outcomes: null });
      expect(refunded.hands.map((h) => h.seat)).toEqual([3, 'banker']);
      expect(verifyOrRefuse(refunded)).toMatchObject({ verified: true, refunded: true, results: 'refunded' });
      expect((await getJson(server, '/api/rounds/no-such-round/fairness')).status).toBe(404);
    });
  });
}
