/**
 * Issue 10 points 3 and 4 over real connections (rules.md §5 "Interruptions", docs/protocol.md): a page
 * reload or a short blip after the deal is not an interruption, and a decision names its round.
 */
import { describe, expect, it } from 'vitest';
import { formatCard, houseWay, parseHand, unwrap } from '@paigow/engine';
import { signIn, serverForSuite, STORE_BACKENDS, TestClient } from '../testing/harness.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`decisions across reconnections and rounds on ${backend.name}`, () => {
    const suite = serverForSuite(backend.name);

    it('a 1-second disconnect after the deal leaves the decision with the player (reconnection grace)', async () => {
      const session = await signIn(suite.server, 'Wes');
      const wes = await TestClient.join(suite.server, 'small', session.token, 'wes'); // default grace: 15 s
      await wes.act('sit', { seat: 2 });
      await wes.act('bet', { spot: 'main', amountCents: 700 });
      const dealt = await wes.act('deal');
      expect(dealt.phase).toBe('setting');
      await wes.leave(false);
      await sleep(1_000);
      const back = await TestClient.join(suite.server, 'small', session.token, 'wes2');
      try {
        expect(back.view.roundId).toBe(dealt.roundId);
        expect(back.view.you).toMatchObject({ cards: dealt.you!.cards, setting: null, deadlineKind: 'decision', deadlineMs: dealt.you!.deadlineMs });
        // Split as the house way would, but by the player's own hand.
        const low = houseWay(unwrap(parseHand(dealt.you!.cards!.join(' ')))).low.map(formatCard);
        const result = await back.act('set', { low });
        const mine = result.lastRound!.players.find((p) => p.you)!;
        expect(mine.setBy).toBe('player');
        expect(back.notices.filter((n) => n.code === 'notice/house-way-set')).toEqual([]);
      } finally {
        await back.act('stand');
        await back.leave();
      }
    });

    it('past the grace the house way sets the hand (notice/house-way-set "disconnect")', async () => {
      const session = await signIn(suite.server, 'Xia');
      const xia = await TestClient.join(suite.server, 'grace', session.token, 'xia'); // grace 3 s
      await xia.act('sit', { seat: 3 });
      await xia.act('bet', { spot: 'main', amountCents: 700 });
      const dealt = await xia.act('deal');
      await xia.leave(false);
      const runner = suite.server.runners.get('grace')!;
      await expect.poll(() => runner.current.lastRound?.roundId, { timeout: 8_000 }).toBe(dealt.roundId);
      expect(runner.current.lastRound!.players[0].setBy).toBe('disconnect');
      const back = await TestClient.join(suite.server, 'grace', session.token, 'xia2');
      try {
        expect((await back.waitForNotice('notice/house-way-set')).params).toEqual({ roundId: dealt.roundId, reason: 'disconnect' });
      } finally {
        await back.act('stand');
        await back.leave();
      }
    });

    it('a player who leaves the table on purpose with a hand to set has it set by the house way at once, not past the grace', async () => {
      const session = await signIn(suite.server, 'Zed');
      const zed = await TestClient.join(suite.server, 'grace', session.token, 'zed'); // grace 3 s
      await zed.act('sit', { seat: 4 });
      await zed.act('bet', { spot: 'main', amountCents: 700 });
      const dealt = await zed.act('deal');
      const leftAt = Date.now();
      await zed.leave(true); // the lobby's Leave: the page promises "the house way sets it and the round is settled without you"
      const runner = suite.server.runners.get('grace')!;
      await expect.poll(() => runner.current.lastRound?.roundId, { timeout: 8_000, interval: 50 }).toBe(dealt.roundId);
      expect(Date.now() - leftAt).toBeLessThan(2_000);
      expect(runner.current.lastRound!.players[0].setBy).toBe('house-way');
      const back = await TestClient.join(suite.server, 'grace', session.token, 'zed2');
      try {
        expect(back.view.lastRound?.roundId).toBe(dealt.roundId);
      } finally {
        await back.act('stand');
        await back.leave();
      }
    });

    it('refuses a House Way for the previous round, or for no round, with action/stale (issue 10 point 4)', async () => {
      const session = await signIn(suite.server, 'Yul');
      const yul = await TestClient.join(suite.server, 'small', session.token, 'yul');
      try {
        await yul.act('sit', { seat: 4 });
        await yul.act('bet', { spot: 'main', amountCents: 500 });
        const first = await yul.act('deal');
        await yul.act('house-way');
        await yul.act('rebet');
        const second = await yul.act('deal');
        expect(second.roundId).not.toBe(first.roundId);

        const late = await yul.refused('house-way', { roundId: first.roundId });
        expect(late.error.code).toBe('action/stale');
        const unnamed = await yul.refused('house-way', { roundId: undefined });
        expect(unnamed.error.code).toBe('action/stale');
        const hint = await yul.refused('hint', { roundId: first.roundId });
        expect(hint.error.code).toBe('action/stale');
        expect(suite.server.runners.get('small')!.current.round?.hands.find((h) => h.playerId === session.player.id)?.setting).toBeNull();

        const done = await yul.act('house-way', { roundId: second.roundId });
        expect(done.lastRound?.roundId).toBe(second.roundId);
      } finally {
        await yul.act('stand');
        await yul.leave();
      }
    });
  });
}
