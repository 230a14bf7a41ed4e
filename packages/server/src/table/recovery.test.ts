import { beforeAll, describe, expect, it } from 'vitest';
import { formatCard, houseWay, isFoul, parseHand, settings, unwrap, type RoundResult } from '@paigow/engine';
import type { HistoryResponse, MeResponse } from '@paigow/protocol';
import { createLedger } from '../ledger/index.js';
import { buildServer, getJson, joinGuests, openStore, serversPerTest, signIn, STORE_BACKENDS, TestClient } from '../testing/harness.js';
import { decodeRoundSecret, encodeRoundSecret } from './recovery.js';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`restart recovery on ${backend.name}`, () => {
    const servers = serversPerTest(backend.name);

    it('settles a round interrupted by a stop: submitted settings kept, unset hands by the house way, once', async () => {
      let server = await servers.start();
      const {
        sessions: [a],
        clients: [jo, kim],
      } = await joinGuests(server, 'small', 'Jo', 'Kim');
      await jo.act('sit', { seat: 0 });
      await kim.act('sit', { seat: 1 });
      await jo.act('bet', { spot: 'main', amountCents: 1_500 });
      await jo.act('bet', { spot: 'fortune', amountCents: 200 });
      await kim.act('bet', { spot: 'main', amountCents: 900 });
      await jo.act('deal');
      await kim.act('deal');
      const dealt = await jo.waitForView((v) => v.phase === 'setting');
      const roundId = dealt.roundId!;
      const hand = unwrap(parseHand(dealt.you!.cards!));
      const way = houseWay(hand);
      const mine = settings(hand).find((s) => !isFoul(s) && !(s.low.includes(way.low[0]) && s.low.includes(way.low[1]))) ?? way;
      await jo.act('set', { low: mine.low.map(formatCard) });
      expect((await server.ledger.openRounds()).map((r) => r.roundId)).toEqual([roundId]);
      const kimCards = server.runners.get('small')!.current.round!.hands[1].cards;
      await server.close(); // Kim never set: the round is open in the ledger

      server = await servers.start();
      expect(server.recovery).toEqual({ settled: [roundId], refunded: [], tableIds: ['small'] });
      expect(await server.ledger.openRounds()).toEqual([]);
      const history = await getJson<HistoryResponse>(server, '/api/history', a.token);
      const item = history.body.items[0];
      expect(item).toMatchObject({ roundId, status: 'settled' });
      const players = item.result!.players;
      expect(players[0]).toMatchObject({ you: true, setBy: 'player', setting: { low: mine.low.map(formatCard) } });
      const kimWay = houseWay(kimCards);
      expect(players[1]).toMatchObject({ you: false, setBy: 'recovery', setting: { high: kimWay.high.map(formatCard), low: kimWay.low.map(formatCard) } });
      const me = await getJson<MeResponse>(server, '/api/me', a.token);
      expect(me.body.player.balanceCents).toBe(100_000 + players[0].netCents);
      expect(me.body.player.compPoints).toBe(17);
      expect(item.netCents).toBe(players[0].netCents);
      expect(await server.ledger.audit()).toEqual([]);
      expect(await server.ledger.sumOfBalances()).toBe(0);
      await server.close();

      server = await servers.start();
      expect(server.recovery).toEqual({ settled: [], refunded: [], tableIds: [] });
      const again = await getJson<MeResponse>(server, '/api/me', a.token);
      expect(again.body.player.balanceCents).toBe(me.body.player.balanceCents);
    });

    it('keeps a hand set with the House Way button as set by the house way, not by a disconnection', async () => {
      let server = await servers.start();
      const {
        sessions: [a],
        clients: [jo, kim],
      } = await joinGuests(server, 'small', 'Jo', 'Kim');
      await jo.act('sit', { seat: 0 });
      await kim.act('sit', { seat: 1 });
      await jo.act('bet', { spot: 'main', amountCents: 500 });
      await kim.act('bet', { spot: 'main', amountCents: 700 });
      await jo.act('deal');
      await kim.act('deal');
      await jo.waitForView((v) => v.phase === 'setting');
      await jo.act('house-way');
      await jo.leave(false);
      await kim.leave(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await server.close(); // Kim never set: the round is open in the ledger

      server = await servers.start();
      const history = await getJson<HistoryResponse>(server, '/api/history', a.token);
      const players = history.body.items[0].result!.players;
      expect(players.map((p) => p.setBy)).toEqual(['house-way', 'recovery']);
      await server.close();
    });

    it('refunds an open round whose private record cannot be read', async () => {
      let server = await servers.start();
      const session = await signIn(server, 'Lu');
      const opened = await server.ledger.openRound({
        roundId: 'broken-round',
        tableId: 'small',
        bankerPlayerId: null,
        holds: [{ playerId: session.player.id, kind: 'main', amountCents: 700 }],
        secret: { version: 99 },
        public: {},
        ownerInstanceId: server.instanceId,
      });
      expect(opened.ok).toBe(true);
      expect((await server.ledger.balance(session.player.id))).toEqual({ ok: true, value: 99_300 });
      await server.close();

      server = await servers.start();
      expect(server.recovery).toEqual({ settled: [], refunded: ['broken-round'], tableIds: ['small'] });
      expect(await server.ledger.balance(session.player.id)).toEqual({ ok: true, value: 100_000 });
      const history = await getJson<HistoryResponse>(server, '/api/history', session.token);
      expect(history.body.items[0]).toMatchObject({ roundId: 'broken-round', status: 'refunded', netCents: 0, result: null });
      expect(await server.ledger.audit()).toEqual([]);
    });
  });
}

const SHORT_LEASE = { leaseMs: 1_500, heartbeatMs: 150 };

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`several processes on one ${backend.name} store (docs/server.md "Processes, leases and recovery")`, () => {
    const servers = serversPerTest(backend.name);
    beforeAll(buildServer, 120_000);

    it('a second server leaves the first one\'s live round alone; when the first dies, the second recovers it once', async () => {
      const store = servers.store;
      const server = await servers.start({ lease: SHORT_LEASE });
      const session = await signIn(server, 'Jo');
      const jo = await TestClient.join(server, 'small', session.token, 'jo');
      await jo.act('sit', { seat: 0 });
      await jo.act('bet', { spot: 'main', amountCents: 1_000 });
      const first = await jo.act('deal');
      expect((await server.ledger.openRounds()).map((r) => [r.roundId, r.ownerInstanceId])).toEqual([[first.roundId, server.instanceId]]);

      // A second process on the same database while Jo is still deciding on the first.
      const other = await servers.spawn({ lease: SHORT_LEASE });
      expect(other.recovery).toEqual({ settled: [], refunded: [], tableIds: [] });
      await new Promise((resolve) => setTimeout(resolve, 2 * SHORT_LEASE.leaseMs)); // many of its sweeps
      expect((await server.ledger.openRounds()).map((r) => r.roundId)).toEqual([first.roundId]);
      const settled = await jo.act('house-way');
      const mine = settled.lastRound!.players[0];
      expect(mine).toMatchObject({ setBy: 'house-way', you: true });
      const history = await getJson<HistoryResponse>(server, '/api/history', session.token);
      expect(history.body.items[0]).toMatchObject({ roundId: first.roundId, status: 'settled', netCents: mine.netCents });
      expect(history.body.items[0].result!.players[0].setBy).toBe('house-way'); // the screen and the ledger agree

      // A second round; then the first process dies without a clean stop.
      await jo.act('bet', { spot: 'main', amountCents: 2_000 });
      const second = await jo.act('deal');
      const crashedAt = Date.now();
      await server.close({ releaseLease: false });

      const database = openStore(store);
      try {
        const ledger = createLedger(database);
        await expect.poll(async () => (await ledger.openRounds()).length, { timeout: 10_000, interval: 100 }).toBe(0);
        const items = await ledger.history(session.player.id);
        const recovered = items.find((item) => item.roundId === second.roundId)!;
        expect(recovered).toMatchObject({ status: 'settled' });
        expect((recovered.result as RoundResult).players[0].setBy).toBe('recovery');
        // Not before the first process's lease ran out (its last renewal was at most one heartbeat before the crash).
        expect(recovered.closedAt!).toBeGreaterThanOrEqual(crashedAt + SHORT_LEASE.leaseMs - SHORT_LEASE.heartbeatMs - 50);
        const round = await database.db.selectFrom('rounds').select('owner_instance_id').where('id', '=', second.roundId!).executeTakeFirstOrThrow();
        expect(round.owner_instance_id).toBe(other.instanceId);
        // Exactly once: every round counted once in the balance, and the ledger is sound.
        expect(items.filter((item) => item.roundId === second.roundId)).toHaveLength(1);
        expect(await ledger.balance(session.player.id)).toEqual({ ok: true, value: 100_000 + mine.netCents + recovered.netCents });
        expect(await ledger.audit()).toEqual([]);
        expect(await ledger.sumOfBalances()).toBe(0);
      } finally {
        await database.db.destroy();
      }
    });

    it('a restart after a crash recovers the crashed process\'s round once its lease expires, and tells the player', async () => {
      const lease = { leaseMs: 2_500, heartbeatMs: 100 };
      let server = await servers.start({ lease });
      const session = await signIn(server, 'Kai');
      const kai = await TestClient.join(server, 'small', session.token, 'kai');
      await kai.act('sit', { seat: 0 });
      await kai.act('bet', { spot: 'main', amountCents: 700 });
      const dealt = await kai.act('deal');
      await server.close({ releaseLease: false }); // as a kill -9 would leave it
      // The crashed process's lease runs out `leaseMs` after its last renewal (renewed off the main thread).
      const lastRenewal = server.lease.renewedAtMs;

      server = await servers.start({ lease });
      const back = await TestClient.join(server, 'small', session.token, 'kai2');
      try {
        const notice = await back.waitForNotice('notice/round-recovered', 0, 10_000);
        expect(lastRenewal).toBeGreaterThan(0);
        expect(Date.now()).toBeGreaterThanOrEqual(lastRenewal + lease.leaseMs);
        const history = await getJson<HistoryResponse>(server, '/api/history', session.token);
        const item = history.body.items[0];
        expect(item).toMatchObject({ roundId: dealt.roundId, status: 'settled' });
        expect(item.result!.players[0].setBy).toBe('recovery'); // the server stopped, not Kai's connection
        expect(notice.params).toEqual({ roundId: dealt.roundId, outcome: item.result!.players[0].outcome, netCents: item.netCents, setBy: 'recovery' });
        // Comp points change whatever the outcome (a lost stake leaves the balance as it was at the deal).
        const view = await back.waitForView((v) => v.you?.compPoints === 7);
        expect(view.you?.balanceCents).toBe(100_000 + item.netCents);
        await new Promise((resolve) => setTimeout(resolve, 5 * lease.heartbeatMs));
        expect(back.notices.filter((n) => n.code === 'notice/round-recovered')).toHaveLength(1);
        expect(await server.ledger.audit()).toEqual([]);
      } finally {
        await back.leave();
      }
    });

    it('a player connected to one process is told of its round that another process recovered, and sees the right balance', async () => {
      const store = servers.store;
      let server = await servers.start({ lease: SHORT_LEASE });
      const session = await signIn(server, 'Max');
      const max = await TestClient.join(server, 'small', session.token, 'max');
      await max.act('sit', { seat: 0 });
      await max.act('bet', { spot: 'main', amountCents: 1_200 });
      const dealt = await max.act('deal');
      const other = await servers.spawn({ lease: SHORT_LEASE });
      await server.close({ releaseLease: false }); // a crash: the child recovers the round once the lease runs out

      // The restarted process judges leases so long that it never recovers the round itself.
      server = await servers.start({ lease: { leaseMs: 600_000, heartbeatMs: 150 } });
      const back = await TestClient.join(server, 'small', session.token, 'max2');
      try {
        const notice = await back.waitForNotice('notice/round-recovered', 0, 10_000);
        const round = await server.ledger.openRounds();
        expect(round).toEqual([]);
        const history = await getJson<HistoryResponse>(server, '/api/history', session.token);
        const item = history.body.items[0];
        expect(item).toMatchObject({ roundId: dealt.roundId, status: 'settled' });
        expect(notice.params).toEqual({ roundId: dealt.roundId, outcome: item.result!.players[0].outcome, netCents: item.netCents, setBy: 'recovery' });
        const view = await back.waitForView((v) => v.you?.compPoints === 12);
        expect(view.you?.balanceCents).toBe(100_000 + item.netCents);
        const database = openStore(store);
        try {
          const owner = await database.db.selectFrom('rounds').select('owner_instance_id').where('id', '=', dealt.roundId!).executeTakeFirstOrThrow();
          expect(owner.owner_instance_id).toBe(other.instanceId);
        } finally {
          await database.db.destroy();
        }
        await new Promise((resolve) => setTimeout(resolve, 5 * 150));
        expect(back.notices.filter((n) => n.code === 'notice/round-recovered')).toHaveLength(1);
      } finally {
        await back.leave();
      }
    });

    it('after a clean stop, the restart recovers at once and tells the player when it comes back', async () => {
      let server = await servers.start();
      const session = await signIn(server, 'Lee');
      const lee = await TestClient.join(server, 'small', session.token, 'lee');
      await lee.act('sit', { seat: 0 });
      await lee.act('bet', { spot: 'main', amountCents: 300 });
      const dealt = await lee.act('deal');
      await server.close();

      server = await servers.start();
      expect(server.recovery).toEqual({ settled: [dealt.roundId], refunded: [], tableIds: ['small'] });
      const back = await TestClient.join(server, 'small', session.token, 'lee2');
      try {
        const notice = await back.waitForNotice('notice/round-recovered');
        expect(notice).toMatchObject({ code: 'notice/round-recovered', params: { roundId: dealt.roundId } });
        expect(notice.message).toMatch(/could not finish normally was settled/);
      } finally {
        await back.leave();
      }
    });
  });
}

describe('round secrets', () => {
  it('decodes only well-formed records', () => {
    expect(decodeRoundSecret(null)).toBeNull();
    expect(decodeRoundSecret({ version: 1 })).toBeNull();
    expect(decodeRoundSecret({ version: 1, round: { roundId: 'r', tableId: 't', bankerCards: [1, 2, 3], hands: [] } })).toBeNull();
    const round = {
      roundId: 'r',
      tableId: 't',
      dealtAtMs: 0,
      deck: [],
      banker: null,
      bankerCards: [0, 1, 2, 3, 4, 5, 6],
      hands: [{ playerId: 'p', seat: 0, nickname: 'p', cards: [7, 8, 9, 10, 11, 12, 13], bets: { main: 100, fortune: 0 }, setting: null, setBy: null, houseWay: null, deadlineMs: null }],
      rules: { commissionBps: 500, bankerFeeBps: 150, fortunePayTable: {} },
    };
    expect(decodeRoundSecret(JSON.parse(JSON.stringify(encodeRoundSecret(round as never))))).toEqual(round);
    const stolen = { ...round, hands: [{ ...round.hands[0], setting: { high: [0, 8, 9, 10, 11], low: [12, 13] } }] };
    expect(decodeRoundSecret(encodeRoundSecret(stolen as never))).toBeNull();
  });
});
