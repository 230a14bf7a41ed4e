import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryResponse } from '@paigow/engine';
import type { ServerHandle } from '../server.js';
import { createStore, getJson, signIn, startTestServer, TestClient, type TestStore } from './test-harness.js';

describe('timers and interruptions at the table (rules.md §5)', () => {
  let store: TestStore;
  let server: ServerHandle;
  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store);
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('a decision timeout sets the hand by the house way and the player leaves the table', async () => {
    const session = await signIn(server, 'Mo');
    const mo = await TestClient.join(server, 'quick', session.token, 'mo');
    try {
      await mo.act('sit', { seat: 0 });
      await mo.act('bet', { spot: 'main', amountCents: 400 });
      const dealt = await mo.act('deal');
      expect(dealt.you?.deadlineMs).toBe(dealt.serverNowMs + 600);
      const after = await mo.waitForView((v) => v.lastRound !== null, 0, 5_000);
      expect(after.lastRound!.players[0]).toMatchObject({ setBy: 'timeout', you: true });
      expect(after.you).toMatchObject({ seat: null, role: 'spectator' });
      expect(after.seats[0].nickname).toBeNull();
    } finally {
      await mo.leave();
    }
  });

  it('a bet never dealt is returned when its timer runs out', async () => {
    const session = await signIn(server, 'Ned');
    const ned = await TestClient.join(server, 'quick', session.token, 'ned');
    try {
      await ned.act('sit', { seat: 1 });
      const placed = await ned.act('bet', { spot: 'main', amountCents: 500 });
      expect(placed.you).toMatchObject({ deadlineKind: 'bet', bets: { main: 500, fortune: 0 } });
      const returned = await ned.waitForView((v) => v.you?.bets.main === 0, ned.received.length, 5_000);
      expect(returned.you).toMatchObject({ balanceCents: 100_000, seat: 1, deadlineMs: null });
      expect(await server.ledger.openRounds()).toEqual([]);
    } finally {
      await ned.leave();
    }
  });

  it('a disconnection before the deal returns the bet; the seat waits for the player to come back', async () => {
    const session = await signIn(server, 'Oz');
    const oz = await TestClient.join(server, 'small', session.token, 'oz');
    await oz.act('sit', { seat: 5 });
    await oz.act('bet', { spot: 'main', amountCents: 800 });
    await oz.leave(false);
    const runner = server.runners.get('small')!;
    await expect.poll(() => runner.current.players[session.player.id]?.connected).toBe(false);
    expect(runner.current.players[session.player.id]).toMatchObject({ seat: 5, bets: { main: 0, fortune: 0 } });
    const back = await TestClient.join(server, 'small', session.token, 'oz2');
    try {
      expect(back.view.you).toMatchObject({ seat: 5, balanceCents: 100_000, bets: { main: 0, fortune: 0 } });
      expect(back.view.seats[5]).toMatchObject({ nickname: 'Oz', connected: true });
    } finally {
      await back.act('stand');
      await back.leave();
    }
  });

  it('a disconnection after the deal plays the hand by the house way; the missed round is in the history', async () => {
    const [a, b] = await Promise.all([signIn(server, 'Pia'), signIn(server, 'Quin')]);
    const pia = await TestClient.join(server, 'small', a.token, 'pia');
    const quin = await TestClient.join(server, 'small', b.token, 'quin');
    try {
      await pia.act('sit', { seat: 0 });
      await quin.act('sit', { seat: 1 });
      await pia.act('bet', { spot: 'main', amountCents: 600 });
      await quin.act('bet', { spot: 'main', amountCents: 600 });
      await pia.act('deal');
      await quin.act('deal');
      const dealt = await pia.waitForView((v) => v.phase === 'setting');
      await pia.leave(false);
      const seen = await quin.waitForView((v) => v.seats[0].hasSet && !v.seats[0].connected);
      expect(seen.phase).toBe('setting');
      const revealed = await quin.act('house-way');
      const piaResult = revealed.lastRound!.players.find((p) => p.nickname === 'Pia')!;
      expect(piaResult).toMatchObject({ setBy: 'disconnect', cards: dealt.you!.cards });

      const history = await getJson<HistoryResponse>(server, '/api/history', a.token);
      expect(history.body.items[0]).toMatchObject({ roundId: dealt.roundId, status: 'settled', netCents: piaResult.netCents });
      const back = await TestClient.join(server, 'small', a.token, 'pia2');
      expect(back.view.you).toMatchObject({ seat: 0, lastResult: { roundId: dealt.roundId, netCents: piaResult.netCents } });
      await back.act('stand');
      await back.leave();
    } finally {
      await quin.leave();
    }
  });

  it('refuses a join without a valid session token', async () => {
    await expect(TestClient.join(server, 'small', 'f'.repeat(64))).rejects.toThrow(/auth\/invalid-session/);
    await expect(TestClient.join(server, 'small', '')).rejects.toThrow(/auth\/invalid-session/);
  });
});

describe('a player at two tables', () => {
  let store: TestStore;
  let server: ServerHandle;
  beforeAll(async () => {
    store = createStore('sqlite');
    server = await startTestServer(store);
  });
  afterAll(async () => {
    await server?.close();
    await store?.dispose();
  });

  it('sees at one table the balance changed by a round at the other', async () => {
    const session = await signIn(server, 'Ray');
    const atSmall = await TestClient.join(server, 'small', session.token, 'ray1');
    const atWide = await TestClient.join(server, 'wide', session.token, 'ray2');
    try {
      await atSmall.act('sit', { seat: 0 });
      await atSmall.act('bet', { spot: 'main', amountCents: 3_000 });
      const dealt = await atSmall.act('deal');
      await atWide.waitForView((v) => v.you?.balanceCents === 97_000);
      const settled = await atSmall.act('house-way');
      const net = settled.lastRound!.players[0].netCents;
      const wide = await atWide.waitForView((v) => v.you?.balanceCents === 100_000 + net && v.you?.compPoints === 30);
      expect(wide.you?.balanceCents).toBe(settled.you?.balanceCents);
      expect(dealt.roundId).toBe(settled.lastRound!.roundId);
    } finally {
      await atSmall.leave();
      await atWide.leave();
    }
  });
});
