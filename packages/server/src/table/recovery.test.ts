import { afterEach, describe, expect, it } from 'vitest';
import { formatCard, houseWay, isFoul, parseCards, settings, unwrap, type HistoryResponse, type MeResponse } from '@paigow/engine';
import type { ServerHandle } from '../server.js';
import { createStore, getJson, signIn, startTestServer, STORE_BACKENDS, TestClient, type TestStore } from '../rooms/test-harness.js';
import { decodeRoundSecret, encodeRoundSecret } from './recovery.js';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`restart recovery on ${backend.name}`, () => {
    let store: TestStore | undefined;
    let server: ServerHandle | undefined;
    afterEach(async () => {
      await server?.close();
      await store?.dispose();
      server = undefined;
      store = undefined;
    });

    it('settles a round interrupted by a stop: submitted settings kept, unset hands by the house way, once', async () => {
      store = createStore(backend.name);
      server = await startTestServer(store);
      const [a, b] = await Promise.all([signIn(server, 'Jo'), signIn(server, 'Kim')]);
      const jo = await TestClient.join(server, 'small', a.token, 'jo');
      const kim = await TestClient.join(server, 'small', b.token, 'kim');
      await jo.act('sit', { seat: 0 });
      await kim.act('sit', { seat: 1 });
      await jo.act('bet', { spot: 'main', amountCents: 1_500 });
      await jo.act('bet', { spot: 'fortune', amountCents: 200 });
      await kim.act('bet', { spot: 'main', amountCents: 900 });
      await jo.act('deal');
      await kim.act('deal');
      const dealt = await jo.waitForView((v) => v.phase === 'setting');
      const roundId = dealt.roundId!;
      const hand = unwrap(parseCards([...dealt.you!.cards!], 7));
      const way = houseWay(hand);
      const mine = settings(hand).find((s) => !isFoul(s) && !(s.low.includes(way.low[0]) && s.low.includes(way.low[1]))) ?? way;
      await jo.act('set', { low: mine.low.map(formatCard) });
      expect((await server.ledger.openRounds()).map((r) => r.roundId)).toEqual([roundId]);
      const kimCards = server.runners.get('small')!.current.round!.hands[1].cards;
      await server.close(); // Kim never set: the round is open in the ledger

      server = await startTestServer(store);
      expect(server.recovery).toEqual({ settled: [roundId], refunded: [] });
      expect(await server.ledger.openRounds()).toEqual([]);
      const history = await getJson<HistoryResponse>(server, '/api/history', a.token);
      const item = history.body.items[0];
      expect(item).toMatchObject({ roundId, status: 'settled' });
      const players = item.result!.players;
      expect(players[0]).toMatchObject({ you: true, setBy: 'player', setting: { low: mine.low.map(formatCard) } });
      const kimWay = houseWay(kimCards);
      expect(players[1]).toMatchObject({ you: false, setBy: 'disconnect', setting: { high: kimWay.high.map(formatCard), low: kimWay.low.map(formatCard) } });
      const me = await getJson<MeResponse>(server, '/api/me', a.token);
      expect(me.body.player.balanceCents).toBe(100_000 + players[0].netCents);
      expect(me.body.player.compPoints).toBe(17);
      expect(item.netCents).toBe(players[0].netCents);
      expect(await server.ledger.audit()).toEqual([]);
      expect(await server.ledger.sumOfBalances()).toBe(0);
      await server.close();

      server = await startTestServer(store);
      expect(server.recovery).toEqual({ settled: [], refunded: [] });
      const again = await getJson<MeResponse>(server, '/api/me', a.token);
      expect(again.body.player.balanceCents).toBe(me.body.player.balanceCents);
    });

    it('refunds an open round whose private record cannot be read', async () => {
      store = createStore(backend.name);
      server = await startTestServer(store);
      const session = await signIn(server, 'Lu');
      const opened = await server.ledger.openRound({
        roundId: 'broken-round',
        tableId: 'small',
        bankerPlayerId: null,
        holds: [{ playerId: session.player.id, kind: 'main', amountCents: 700 }],
        secret: { version: 99 },
        public: {},
      });
      expect(opened.ok).toBe(true);
      expect((await server.ledger.balance(session.player.id))).toEqual({ ok: true, value: 99_300 });
      await server.close();

      server = await startTestServer(store);
      expect(server.recovery).toEqual({ settled: [], refunded: ['broken-round'] });
      expect(await server.ledger.balance(session.player.id)).toEqual({ ok: true, value: 100_000 });
      const history = await getJson<HistoryResponse>(server, '/api/history', session.token);
      expect(history.body.items[0]).toMatchObject({ roundId: 'broken-round', status: 'refunded', netCents: 0, result: null });
      expect(await server.ledger.audit()).toEqual([]);
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
