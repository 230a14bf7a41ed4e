import { describe, expect, it } from 'vitest';
import { formatCard, HINT_SAMPLES, houseWay, isFoul, parseCards, parseHand, settings, unwrap } from '@paigow/engine';
import type { HintReply, HistoryResponse, MeResponse } from '@paigow/protocol';
import { getJson, signIn, serverForSuite, STORE_BACKENDS, TestClient } from '../testing/harness.js';

const CARD_TEXT = /^(?:[2-9TJQKA][shdc]|Jk)$/;

/** A legal setting of the seven cards that is not the house way: the low hand's two card texts. */
function legalLowOtherThanHouseWay(cards: readonly string[]): [string, string] {
  const hand = unwrap(parseHand(cards));
  const way = houseWay(hand);
  const wayLow = new Set(way.low);
  const other = settings(hand).find((s) => !isFoul(s) && !(wayLow.has(s.low[0]) && wayLow.has(s.low[1])));
  const chosen = other ?? way;
  return [formatCard(chosen.low[0]), formatCard(chosen.low[1])];
}

function cardsIn(value: unknown, out: string[] = [], skipLastRound = true): string[] {
  if (typeof value === 'string') {
    if (CARD_TEXT.test(value)) out.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) cardsIn(item, out, skipLastRound);
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) if (!(skipLastRound && key === 'lastRound')) cardsIn(item, out, skipLastRound);
  }
  return out;
}

/** True when the msgpack encoding of card text `card` (fixstr of length 2) occurs in `frame`. */
function frameHasCard(frame: Uint8Array, card: string): boolean {
  const a = card.charCodeAt(0);
  const b = card.charCodeAt(1);
  for (let i = 0; i + 2 < frame.length; i++) if (frame[i] === 0xa2 && frame[i + 1] === a && frame[i + 2] === b) return true;
  return false;
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.enabled)(`table rooms on ${backend.name}`, () => {
    const suite = serverForSuite(backend.name);

    it('plays a full round: bet, deal, set, reveal, settle; balance, comp points and history follow', async () => {
      const session = await signIn(suite.server, 'Ada');
      const ada = await TestClient.join(suite.server, 'small', session.token, 'ada');
      try {
        const seated = await ada.act('sit', { seat: 2 });
        expect(seated.you).toMatchObject({ seat: 2, role: 'player', balanceCents: 100_000, compPoints: 0 });
        expect(seated.seats[2]).toMatchObject({ nickname: 'Ada', you: true });
        await ada.act('bet', { spot: 'main', amountCents: 2_500 });
        const dealt = await ada.act('deal');
        expect(dealt.phase).toBe('setting');
        expect(dealt.you?.cards).toHaveLength(7);
        expect(dealt.you?.balanceCents).toBe(97_500);
        expect(dealt.you?.deadlineKind).toBe('decision');
        const low = legalLowOtherThanHouseWay(dealt.you!.cards!);
        const settled = await ada.act('set', { low });
        expect(settled.phase).toBe('betting');
        const mine = settled.lastRound!.players[0];
        expect(mine).toMatchObject({ you: true, setBy: 'player', bets: { main: 2_500, fortune: 0 }, compPointsDelta: 25 });
        expect(mine.setting.low).toEqual(expect.arrayContaining(low));
        expect(settled.lastRound!.bankerHand.cards).toHaveLength(7);
        const expectedNet = { win: 2_500 - 125, push: 0, lose: -2_500 }[mine.outcome];
        expect(mine.netCents).toBe(expectedNet);
        expect(settled.you).toMatchObject({ balanceCents: 100_000 + expectedNet, compPoints: 25, lastResult: { outcome: mine.outcome, netCents: expectedNet } });

        const me = await getJson<MeResponse>(suite.server, '/api/me', session.token);
        expect(me.body.player).toMatchObject({ balanceCents: 100_000 + expectedNet, compPoints: 25 });
        const history = await getJson<HistoryResponse>(suite.server, '/api/history', session.token);
        expect(history.body.items).toHaveLength(1);
        expect(history.body.items[0]).toMatchObject({ tableId: 'small', status: 'settled', netCents: expectedNet, compPointsDelta: 25, role: 'player' });
        expect(history.body.items[0].result?.players[0]).toMatchObject({ you: true, outcome: mine.outcome });
        expect(await suite.server.ledger.audit()).toEqual([]);
        expect(await suite.server.ledger.sumOfBalances()).toBe(0);
      } finally {
        await ada.leave();
      }
    });

    it('House Way sets and submits the hand; the explanation shows while the round runs', async () => {
      const [a, b] = await Promise.all([signIn(suite.server, 'Bea'), signIn(suite.server, 'Cy')]);
      const bea = await TestClient.join(suite.server, 'small', a.token, 'bea');
      const cy = await TestClient.join(suite.server, 'small', b.token, 'cy');
      try {
        await bea.act('sit', { seat: 0 });
        await cy.act('sit', { seat: 1 });
        await bea.act('bet', { spot: 'main', amountCents: 500 });
        await cy.act('bet', { spot: 'main', amountCents: 700 });
        const waiting = await bea.act('deal');
        expect(waiting.phase).toBe('betting');
        expect(waiting.seats[0].ready).toBe(true);
        await cy.act('deal');
        const beaDealt = await bea.waitForView((v) => v.phase === 'setting');
        const afterHouseWay = await bea.act('house-way');
        expect(afterHouseWay.phase).toBe('setting');
        expect(afterHouseWay.you?.houseWay?.rule).toEqual(expect.any(String));
        expect(afterHouseWay.you?.houseWay?.explanation.text.length).toBeGreaterThan(0);
        const way = houseWay(unwrap(parseHand(beaDealt.you!.cards!)));
        expect(afterHouseWay.you?.setting).toEqual({ high: way.high.map(formatCard), low: way.low.map(formatCard) });
        expect(afterHouseWay.seats[0].hasSet).toBe(true);
        const cyView = await cy.waitForView((v) => v.seats[0].hasSet);
        expect(cyView.you?.houseWay).toBeNull();
        await cy.act('house-way');
        const revealed = await bea.waitForView((v) => v.lastRound !== null && v.lastRound.players.length === 2);
        expect(revealed.lastRound!.players.map((p) => p.setBy)).toEqual(['house-way', 'house-way']);
        expect(revealed.lastRound!.players.find((p) => p.you)?.nickname).toBe('Bea');
      } finally {
        await bea.leave();
        await cy.leave();
      }
    });

    it('answers every refused message with an error carrying its code and requestId, and changes nothing', async () => {
      const [a, b] = await Promise.all([signIn(suite.server, 'Dee'), signIn(suite.server, 'Eve')]);
      const dee = await TestClient.join(suite.server, 'wide', a.token, 'dee');
      const eve = await TestClient.join(suite.server, 'wide', b.token, 'eve');
      const runner = suite.server.runners.get('wide')!;
      const expectRefused = async (client: TestClient, type: string, payload: unknown, code: string): Promise<void> => {
        await runner.idle();
        const before = JSON.stringify(runner.current);
        const { error, between } = await client.refused(type, payload);
        expect(error.code, `${type} ${JSON.stringify(payload)}`).toBe(code);
        if (typeof payload === 'object' && payload !== null && !('requestId' in payload)) expect(error.requestId).toMatch(/^(dee|eve)-\d+$/);
        // Views of other players' changes may arrive meanwhile; none acknowledges the refused message.
        expect(between.some((r) => r.kind === 'view' && r.view.ack !== null && r.view.ack === error.requestId)).toBe(false);
        expect(JSON.stringify(runner.current)).toBe(before);
      };
      try {
        await expectRefused(dee, 'bet', { spot: 'main', amountCents: 500 }, 'action/not-seated');
        await expectRefused(dee, 'dance', {}, 'action/unknown');
        // The attacker's: an empty type was answered action/invalid 'could not be decoded' and the connection closed.
        await expectRefused(dee, '', {}, 'action/unknown');
        await expectRefused(dee, 'bet', { spot: 'main', amountCents: '5' }, 'action/invalid');
        const noId = await dee.refused('deal', { requestId: 42 });
        expect(noId.error).toMatchObject({ code: 'action/invalid', requestId: null });
        await dee.act('sit', { seat: 0 });
        await expectRefused(eve, 'sit', { seat: 0 }, 'action/seat-taken');
        await eve.act('sit', { seat: 1 });
        await expectRefused(dee, 'bet', { spot: 'main', amountCents: 99 }, 'bet/invalid-amount'); // chips of 1.00
        await expectRefused(dee, 'bet', { spot: 'main', amountCents: 550 }, 'bet/invalid-amount');
        await expectRefused(dee, 'bet', { spot: 'main', amountCents: 500_100 }, 'bet/over-limit');
        await expectRefused(dee, 'bet', { spot: 'main', amountCents: 100_100 }, 'ledger/insufficient-funds');
        await expectRefused(dee, 'bet', { spot: 'fortune', amountCents: 100 }, 'action/unavailable'); // no Fortune bet at this table
        await expectRefused(dee, 'deal', {}, 'bet/none');
        await expectRefused(dee, 'set', { low: ['As', 'Kd'] }, 'action/stale'); // no round to name yet
        await expectRefused(dee, 'take-bank', {}, 'bank/not-eligible');
        await expectRefused(dee, 'approve', {}, 'action/not-your-turn');
        await expectRefused(dee, 'hint', {}, 'action/stale'); // no cards yet: no round to name
        await expectRefused(dee, 'top-up', {}, 'ledger/not-broke');
        await dee.act('bet', { spot: 'main', amountCents: 1_000 });
        await eve.act('bet', { spot: 'main', amountCents: 1_000 });
        await dee.act('deal');
        await expectRefused(dee, 'deal', {}, 'action/duplicate');
        await eve.act('deal');
        const view = await dee.waitForView((v) => v.phase === 'setting');
        const cards = view.you!.cards!;
        await expectRefused(dee, 'bet', { spot: 'main', amountCents: 2_000 }, 'bet/closed');
        await expectRefused(dee, 'deal', {}, 'action/out-of-phase');
        const hand = unwrap(parseHand(cards));
        const foul = settings(hand).find((s) => isFoul(s));
        if (foul !== undefined) {
          await expectRefused(dee, 'set', { low: foul.low.map(formatCard) }, 'setting/foul');
        }
        const stranger = ['As', 'Ks', 'Qs', 'Js', 'Ts', '9s', '8s', 'Jk'].find((c) => !cards.includes(c))!;
        await expectRefused(dee, 'set', { low: [cards[0], stranger] }, 'setting/not-your-cards');
        await expectRefused(dee, 'set', { low: [cards[0], 'Zz'] }, 'card/malformed');
        await dee.act('house-way');
        await expectRefused(dee, 'house-way', {}, 'action/duplicate');
        await expectRefused(dee, 'hint', {}, 'action/duplicate'); // the hand is set
        await expectRefused(dee, 'set', { low: [cards[0], cards[1]] }, 'action/duplicate');
        await eve.act('house-way');
      } finally {
        await dee.leave();
        await eve.leave();
      }
    });

    it('sends no card of the deck, the banker or another player to a client before the reveal', async () => {
      const [a, b] = await Promise.all([signIn(suite.server, 'Fay'), signIn(suite.server, 'Gus')]);
      // A table that has never dealt: nothing revealed before, so no card may appear at all before the reveal.
      const fay = await TestClient.join(suite.server, 'fresh', a.token, 'fay');
      const gus = await TestClient.join(suite.server, 'fresh', b.token, 'gus');
      const runner = suite.server.runners.get('fresh')!;
      expect(runner.current.lastRound).toBeNull();
      try {
        await fay.act('sit', { seat: 3 });
        await gus.act('sit', { seat: 4 });
        const committed = fay.view.fairness?.commitment; // before the first bet of the round
        await fay.act('bet', { spot: 'main', amountCents: 300 });
        await gus.act('bet', { spot: 'main', amountCents: 400 });
        const marks = { fay: fay.received.length, gus: gus.received.length, fayFrames: fay.frames.length, gusFrames: gus.frames.length };
        await fay.act('deal');
        await gus.act('deal');
        await fay.waitForView((v) => v.phase === 'setting');
        await gus.waitForView((v) => v.phase === 'setting');
        await runner.idle();
        const round = runner.current.round!;
        const handOf = (nickname: string): string[] => round.hands.find((h) => h.nickname === nickname)!.cards.map(formatCard);
        const deck = round.deck.map(formatCard);
        // A hint carries only the asker's own cards (and goes to the asker only).
        const { hint } = await fay.hint();
        for (const card of [...hint.best.high, ...hint.best.low, ...hint.houseWay.high, ...hint.houseWay.low]) {
          expect(handOf('Fay')).toContain(card);
        }
        await fay.act('house-way');
        await new Promise((resolve) => setTimeout(resolve, 150)); // let state patches flush
        const revealMark = { fay: fay.received.length, gus: gus.received.length, fayFrames: fay.frames.length, gusFrames: gus.frames.length };
        await gus.act('house-way');
        const revealed = await fay.waitForView((v) => v.lastRound?.roundId === round.roundId);
        expect(revealed.lastRound!.bankerHand.cards).toEqual(round.bankerCards.map(formatCard));

        for (const [client, nickname, from, to, fromFrame, toFrame] of [
          [fay, 'Fay', marks.fay, revealMark.fay, marks.fayFrames, revealMark.fayFrames],
          [gus, 'Gus', marks.gus, revealMark.gus, marks.gusFrames, revealMark.gusFrames],
        ] as const) {
          const own = new Set(handOf(nickname));
          const secret = deck.filter((card) => !own.has(card));
          const before = client.received.slice(from, to);
          expect(before.some((r) => r.kind === 'view' && r.view.you?.cards !== null)).toBe(true);
          for (const item of before) {
            if (item.kind === 'view') expect(item.view.lastRound).toBeNull();
            for (const card of cardsIn(item, [], false)) expect(own.has(card), `${nickname} received ${card} (${item.kind})`).toBe(true);
            expect(JSON.stringify(item)).not.toMatch(/deck/i);
          }
          // The raw frames are really scanned: the reveal's frames do carry the banker's cards.
          await client.waitForView((v) => v.lastRound?.roundId === round.roundId);
          const bankerCards = round.bankerCards.map(formatCard);
          expect(client.frames.slice(toFrame).some((frame) => bankerCards.every((card) => frameHasCard(frame, card)))).toBe(true);
          expect(client.frames.slice(fromFrame, toFrame).length).toBeGreaterThanOrEqual(to - from);
          for (const frame of client.frames.slice(fromFrame, toFrame)) {
            for (const card of secret) expect(frameHasCard(frame, card), `${nickname}'s frame carries ${card}`).toBe(false);
          }
        }
        // fairness.md: the commitment was public before the first bet; the server seed never left the server
        // before the round closed (not in a message, a decoded state or a raw frame, as hex or as bytes).
        const proof = await getJson<{ commitment: string; serverSeed: string }>(suite.server, `/api/rounds/${round.roundId}/fairness`);
        expect(proof.status).toBe(200);
        expect(committed).toBe(proof.body.commitment);
        const seedHex = proof.body.serverSeed;
        const seedBytes = Buffer.from(seedHex, 'hex');
        for (const [client, to, toFrame] of [
          [fay, revealMark.fay, revealMark.fayFrames],
          [gus, revealMark.gus, revealMark.gusFrames],
        ] as const) {
          for (const item of client.received.slice(0, to)) expect(JSON.stringify(item).toLowerCase()).not.toContain(seedHex);
          for (const frame of client.frames.slice(0, toFrame)) {
            const bytes = Buffer.from(frame);
            expect(bytes.toString('latin1').toLowerCase()).not.toContain(seedHex);
            expect(bytes.includes(seedBytes)).toBe(false);
          }
        }
      } finally {
        await fay.leave();
        await gus.leave();
      }
    });

    it('answers a Hint after the deal with the best setting and the house way, to the asking client only', async () => {
      const [a, b] = await Promise.all([signIn(suite.server, 'Jo'), signIn(suite.server, 'Kit')]);
      const jo = await TestClient.join(suite.server, 'small', a.token, 'jo');
      const kit = await TestClient.join(suite.server, 'small', b.token, 'kit');
      const runner = suite.server.runners.get('small')!;
      try {
        await jo.act('sit', { seat: 4 });
        expect((await jo.refused('hint', {})).error.code).toBe('action/stale'); // before the deal: no round to name
        await jo.act('bet', { spot: 'main', amountCents: 1_000 });
        const dealt = await jo.act('deal');
        expect(dealt.phase).toBe('setting');
        const cards = dealt.you!.cards!;
        // Kit sits once the round is dealt (seated before it, without a bet, the betting window would hold the deal).
        await kit.act('sit', { seat: 5 });
        await runner.idle();
        await new Promise((resolve) => setTimeout(resolve, 150)); // let state patches flush
        const before = JSON.stringify(runner.current);
        const kitMark = kit.received.length;
        const joMark = jo.received.length;

        // Two hints at once: the second is refused while the first is computed.
        const started = performance.now();
        const first = jo.send('hint');
        expect((await jo.refused('hint', {})).error.code).toBe('action/duplicate');
        const answered = await jo.waitFor((r) => r.kind === 'hint' && r.hint.requestId === first, joMark, 20_000);
        expect(performance.now() - started).toBeLessThan(15_000);
        const hint = (answered as { hint: HintReply }).hint;
        expect(hint.samples).toBe(HINT_SAMPLES);
        // The house way is the engine's; the best setting is made of the player's cards and no worse.
        const hand = unwrap(parseHand(cards));
        const way = houseWay(hand);
        expect(hint.houseWay).toMatchObject({ high: way.high.map(formatCard), low: way.low.map(formatCard), rule: way.rule });
        expect([...hint.best.high, ...hint.best.low].sort()).toEqual([...cards].sort());
        expect(isFoul({ high: unwrap(parseCards([...hint.best.high], 5)), low: unwrap(parseCards([...hint.best.low], 2)) })).toBe(false);
        expect(hint.best.ev).toBeGreaterThanOrEqual(hint.houseWay.ev - hint.best.evMargin - hint.houseWay.evMargin);
        expect(hint.best.evMargin).toBeGreaterThan(0);
        expect(hint.best.evMargin).toBeLessThan(0.0075);
        expect(hint.best.win + hint.best.push + hint.best.loss).toBeCloseTo(1, 9);
        // Nothing changed and nothing was announced: no view after the hint, and Kit got nothing at all.
        expect(JSON.stringify(runner.current)).toBe(before);
        expect(jo.received.slice(joMark).filter((r) => r.kind === 'view')).toEqual([]);
        expect(kit.received.slice(kitMark)).toEqual([]);
        // Kit, seated but not dealt in, may not ask.
        expect((await kit.refused('hint', {})).error.code).toBe('action/not-your-turn');
        // Asked again in this round: the same hint, not computed again.
        const again = await jo.hint();
        expect(again.hint).toEqual({ ...hint, requestId: again.hint.requestId });

        await jo.act('set', { low: hint.best.low });
        const settled = await jo.waitForView((v) => v.lastRound?.roundId === dealt.roundId);
        expect([...settled.lastRound!.players.find((p) => p.you)!.setting.low].sort()).toEqual([...hint.best.low].sort());
        expect((await jo.refused('hint', {})).error.code).toBe('action/stale'); // the round is over
      } finally {
        await jo.leave();
        await kit.leave();
      }
    });

    it('after a round, holds a Deal taken at once for the betting window: a seated player who bets within it is dealt in too', async () => {
      // An operator's bot bet and dealt the instant betting opened, and every other player's bet came too late (bet/closed).
      const [a, b] = await Promise.all([signIn(suite.server, 'Lu'), signIn(suite.server, 'Mo')]);
      const lu = await TestClient.join(suite.server, 'envy', a.token, 'lu');
      const mo = await TestClient.join(suite.server, 'envy', b.token, 'mo');
      try {
        await lu.act('sit', { seat: 2 });
        await mo.act('sit', { seat: 3 });
        for (const player of [lu, mo]) await player.act('bet', { spot: 'main', amountCents: 100 });
        for (const player of [lu, mo]) await player.act('deal');
        await lu.waitForView((v) => v.phase === 'setting');
        await lu.act('house-way');
        const settled = await mo.act('house-way');
        expect(settled.phase).toBe('betting');
        // Betting opened with the reveal: Lu's Deal a moment later waits for Mo.
        await lu.act('rebet');
        const held = await lu.act('deal');
        expect(held.phase).toBe('betting');
        expect(held.bettingWindowEndsAtMs).toBeGreaterThan(held.serverNowMs);
        expect(held.config.timers.bettingWindowMs).toBe(10_000);
        expect((await mo.waitForView((v) => v.bettingWindowEndsAtMs !== null)).bettingWindowEndsAtMs).toBe(held.bettingWindowEndsAtMs);
        await mo.act('bet', { spot: 'main', amountCents: 200 });
        await mo.act('deal');
        const dealt = await lu.waitForView((v) => v.phase === 'setting');
        expect(dealt.seats.filter((seat) => seat.inRound).map((seat) => seat.seat)).toEqual([2, 3]);
      } finally {
        await lu.leave();
        await mo.leave();
      }
    });

    it('lets a player with 50 comp points bank: approval, no commission, the 1.5% fee', async () => {
      const [a, b] = await Promise.all([signIn(suite.server, 'Hal'), signIn(suite.server, 'Ivy')]);
      const hal = await TestClient.join(suite.server, 'bank', a.token, 'hal');
      const ivy = await TestClient.join(suite.server, 'bank', b.token, 'ivy');
      try {
        await hal.act('sit', { seat: 0 });
        const { error } = await hal.refused('take-bank', {});
        expect(error.code).toBe('bank/not-eligible'); // no comp points yet
        await hal.act('bet', { spot: 'main', amountCents: 5_000 });
        await hal.act('deal');
        await hal.act('house-way');
        await ivy.act('sit', { seat: 1 });
        const eligible = await hal.waitForView((v) => v.you?.compPoints === 50);
        expect(eligible.you?.canTakeBank).toBe(true);
        const banking = await hal.act('take-bank');
        expect(banking.phase).toBe('approval');
        expect(banking.you).toMatchObject({ role: 'banker', deadlineKind: 'approval' });
        expect((await ivy.refused('bet', { spot: 'main', amountCents: 100 })).error.code).toBe('action/out-of-phase');
        const approved = await hal.act('approve');
        expect(approved.phase).toBe('betting');
        const balanceBefore = approved.you!.balanceCents;
        await ivy.act('bet', { spot: 'main', amountCents: 2_000 });
        await ivy.act('deal');
        await ivy.act('house-way');
        // The view that shows the settlement: under load a settlement may be retried, and meanwhile the result is shown
        // with the balance the ledger still has (docs/server.md "Database faults").
        const result = await hal.waitForView((v) => v.lastRound?.banker.kind === 'player' && v.you?.balanceCents === balanceBefore + v.lastRound.bankerNetCents);
        expect(result.lastRound).toMatchObject({ bankerFeeCents: 30, bankerCompPointsDelta: -20, banker: { kind: 'player', you: true } });
        expect(result.lastRound!.players[0].commissionCents).toBe(0);
        expect(result.you?.balanceCents).toBe(balanceBefore + result.lastRound!.bankerNetCents);
        expect(result.you?.lastResult?.outcome).toBe('bank');
        // 50 − 20 = 30 comp points: less than banking needs, so Hal leaves the bank after the round, told why
        // (rules.md §5; the approval timeout is interruptions.test.ts's), and the house banks again.
        const notice = await hal.waitForNotice('notice/left-bank', 0, 5_000);
        expect(notice.params).toEqual({ reason: 'comp-points' });
        const left = await hal.waitForView((v) => v.you?.compPoints === 30, 0, 5_000);
        expect(left.banker).toEqual({ kind: 'house', ended: 'comp-points' });
        expect(left.you?.role).toBe('player');
        const house = await ivy.waitForView((v) => v.banker.kind === 'house' && v.banker.ended !== undefined, 0, 5_000);
        expect(house.banker).toEqual({ kind: 'house', ended: 'comp-points' });
        expect(house.phase).toBe('betting');
        expect(await suite.server.ledger.audit()).toEqual([]);
      } finally {
        await hal.leave();
        await ivy.leave();
      }
    });
  });
}
