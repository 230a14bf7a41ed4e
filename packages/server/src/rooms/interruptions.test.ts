import { describe, expect, it } from 'vitest';
import type { TableConfigInput } from '@paigow/engine';
import type { HistoryResponse, SessionResponse, TableView } from '@paigow/protocol';
import type { ServerHandle } from '../server.js';
import { BLIP_TABLE, betThenDisconnect, getJson, serverForSuite, signIn, TEST_TABLES, TestClient } from '../testing/harness.js';

/**
 * Signs `nickname` in and gives it the comp points banking needs (rules.md §5 "Play as the banker": 50, and a banker
 * loses 1 for every unit wagered against it): one round of `betCents` (50.00 by default: 50 points) against the house
 * at table 'small'. Returns its session.
 */
async function bankEligible(server: ServerHandle, nickname: string, betCents = 5_000): Promise<SessionResponse> {
  const session = await signIn(server, nickname);
  const earn = await TestClient.join(server, 'small', session.token, `${nickname.toLowerCase()}-earn`);
  await earn.act('sit', { seat: 0 });
  await earn.act('bet', { spot: 'main', amountCents: betCents });
  await earn.act('deal');
  const played = await earn.act('house-way');
  expect(played.you?.compPoints).toBe(betCents / 100);
  await earn.act('stand');
  await earn.leave();
  return session;
}

describe('timers and interruptions at the table (rules.md §5)', () => {
  const suite = serverForSuite('sqlite');

  it('a decision timeout sets the hand by the house way and the player leaves the table', async () => {
    const session = await signIn(suite.server, 'Mo');
    const mo = await TestClient.join(suite.server, 'quick', session.token, 'mo');
    try {
      await mo.act('sit', { seat: 0 });
      await mo.act('bet', { spot: 'main', amountCents: 400 });
      const dealt = await mo.act('deal');
      // The decision time (600 ms) counted from the deal; the view's clock is when it was made, a moment after.
      const leftMs = (dealt.you?.deadlineMs ?? 0) - dealt.serverNowMs;
      expect(leftMs).toBeLessThanOrEqual(600);
      expect(leftMs).toBeGreaterThan(300);
      const after = await mo.waitForView((v) => v.lastRound !== null, 0, 5_000);
      expect(after.lastRound!.players[0]).toMatchObject({ setBy: 'timeout', you: true });
      expect(after.you).toMatchObject({ seat: null, role: 'spectator' });
      expect(after.seats[0].nickname).toBeNull();
      await mo.waitForNotice('notice/left-table');
      const mine = after.lastRound!.players[0];
      expect(mo.notices.map((n) => [n.code, n.params])).toEqual([
        ['notice/house-way-set', { roundId: dealt.roundId, reason: 'timeout' }],
        ['notice/round-settled', { roundId: dealt.roundId, outcome: mine.outcome, netCents: mine.netCents, setBy: 'timeout' }],
        ['notice/left-table', { reason: 'timeout' }],
      ]);
      // Numbered in the player's inbox, in the order written (docs/server.md "The player inbox").
      expect(mo.notices.map((n) => [n.seq, n.tableId])).toEqual([[1, 'quick'], [2, 'quick'], [3, 'quick']]);
      expect(mo.notices[0].message).toMatch(/house way/);
      expect(mo.unrequestedErrors).toEqual([]);
    } finally {
      await mo.leave();
    }
  });

  it('a bet never dealt is returned when its timer runs out', async () => {
    const session = await signIn(suite.server, 'Ned');
    const ned = await TestClient.join(suite.server, 'quick', session.token, 'ned');
    try {
      await ned.act('sit', { seat: 1 });
      const placed = await ned.act('bet', { spot: 'main', amountCents: 500 });
      expect(placed.you).toMatchObject({ deadlineKind: 'bet', bets: { main: 500, fortune: 0 } });
      const returned = await ned.waitForView((v) => v.you?.bets.main === 0, ned.received.length, 5_000);
      expect(returned.you).toMatchObject({ balanceCents: 100_000, seat: 1, deadlineMs: null });
      expect(await suite.server.ledger.openRounds()).toEqual([]);
      const notice = await ned.waitForNotice('notice/bet-returned');
      expect(notice).toEqual({ code: 'notice/bet-returned', params: { amountCents: 500, reason: 'timeout' }, message: expect.stringContaining('5.00'), seq: 1, tableId: 'quick' });
      expect(ned.unrequestedErrors).toEqual([]);
    } finally {
      await ned.leave();
    }
  });

  it('a disconnection before the deal returns the bet once the reconnection grace is over; the seat waits for the player to come back', async () => {
    const session = await betThenDisconnect(suite.server);
    const runner = suite.server.runners.get(BLIP_TABLE)!;
    await expect.poll(() => runner.current.players[session.player.id]?.connected).toBe(false);
    await expect.poll(() => runner.current.players[session.player.id]?.bets.main).toBe(0); // after the 200 ms grace
    expect(runner.current.players[session.player.id]).toMatchObject({ seat: 5, bets: { main: 0, fortune: 0 } });
    const back = await TestClient.join(suite.server, BLIP_TABLE, session.token, 'oz2');
    try {
      expect(back.view.you).toMatchObject({ seat: 5, balanceCents: 100_000, bets: { main: 0, fortune: 0 } });
      expect(back.view.seats[5]).toMatchObject({ nickname: 'Oz', connected: true });
      // Told on its return, since it had no client when it happened.
      expect((await back.waitForNotice('notice/bet-returned')).params).toEqual({ amountCents: 800, reason: 'disconnect' });
    } finally {
      await back.act('stand');
      await back.leave();
    }
  });

  it('a reload before the deal is no interruption: back within the grace, the bet is where it was (rules.md §5)', async () => {
    const session = await signIn(suite.server, 'Rex');
    const rex = await TestClient.join(suite.server, 'grace', session.token, 'rex'); // reconnection grace 3 s
    await rex.act('sit', { seat: 4 });
    await rex.act('bet', { spot: 'main', amountCents: 700 });
    await rex.leave(false);
    const runner = suite.server.runners.get('grace')!;
    await expect.poll(() => runner.current.players[session.player.id]?.connected).toBe(false);
    const back = await TestClient.join(suite.server, 'grace', session.token, 'rex2');
    try {
      expect(back.view.you).toMatchObject({ seat: 4, bets: { main: 700, fortune: 0 } });
      const dealt = await back.act('deal');
      expect(dealt.phase).toBe('setting');
      await back.act('house-way');
      expect(back.notices.filter((notice) => notice.code === 'notice/bet-returned')).toEqual([]);
    } finally {
      await back.act('stand');
      await back.leave();
    }
  });

  it('a disconnection after the deal, past the reconnection grace, plays the hand by the house way; the missed round is in the history', async () => {
    const [a, b] = await Promise.all([signIn(suite.server, 'Pia'), signIn(suite.server, 'Quin')]);
    const pia = await TestClient.join(suite.server, 'grace', a.token, 'pia'); // reconnection grace 3 s
    const quin = await TestClient.join(suite.server, 'grace', b.token, 'quin');
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

      const history = await getJson<HistoryResponse>(suite.server, '/api/history', a.token);
      expect(history.body.items[0]).toMatchObject({ roundId: dealt.roundId, status: 'settled', netCents: piaResult.netCents });
      const back = await TestClient.join(suite.server, 'grace', a.token, 'pia2');
      expect(back.view.you).toMatchObject({ seat: 0, lastResult: { roundId: dealt.roundId, netCents: piaResult.netCents } });
      expect((await back.waitForNotice('notice/house-way-set')).params).toEqual({ roundId: dealt.roundId, reason: 'disconnect' });
      // The missed round from the inbox ("While you were away" in the web client).
      expect((await back.waitForNotice('notice/round-settled')).params).toEqual({ roundId: dealt.roundId, outcome: piaResult.outcome, netCents: piaResult.netCents, setBy: 'disconnect' });
      // Quin, at the table throughout, is told only of its round's settlement (no interruption).
      const quinResult = revealed.lastRound!.players.find((p) => p.nickname === 'Quin')!;
      expect(quin.notices.map((n) => [n.code, n.params])).toEqual([
        ['notice/round-settled', { roundId: dealt.roundId, outcome: quinResult.outcome, netCents: quinResult.netCents, setBy: 'house-way' }],
      ]);
      await back.act('stand');
      await back.leave();
    } finally {
      await quin.leave();
    }
  });

  it('refuses a join without a valid session token', async () => {
    await expect(TestClient.join(suite.server, 'small', 'f'.repeat(64))).rejects.toThrow(/auth\/invalid-session/);
    await expect(TestClient.join(suite.server, 'small', '')).rejects.toThrow(/auth\/invalid-session/);
  });
});

describe('a player at two tables', () => {
  const suite = serverForSuite('sqlite');

  it('sees at one table the balance changed by a round at the other', async () => {
    const session = await signIn(suite.server, 'Ray');
    const atSmall = await TestClient.join(suite.server, 'small', session.token, 'ray1');
    const atWide = await TestClient.join(suite.server, 'wide', session.token, 'ray2');
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

  it('has its bets at one table returned (notice, reason "balance") when a deal at the other leaves too little', async () => {
    const session = await signIn(suite.server, 'Sol');
    const atWide = await TestClient.join(suite.server, 'wide', session.token, 'sol1');
    const atSmall = await TestClient.join(suite.server, 'small', session.token, 'sol2');
    try {
      await atWide.act('sit', { seat: null });
      await atWide.act('bet', { spot: 'main', amountCents: 95_000 });
      await atSmall.act('sit', { seat: null });
      await atSmall.act('bet', { spot: 'main', amountCents: 10_000 });
      await atSmall.act('deal');
      const notice = await atWide.waitForNotice('notice/bet-returned');
      expect(notice.params).toEqual({ amountCents: 95_000, reason: 'balance' });
      expect(atWide.view.you?.bets).toEqual({ main: 0, fortune: 0 });
      expect(atSmall.notices).toEqual([]);
      expect([...atWide.unrequestedErrors, ...atSmall.unrequestedErrors]).toEqual([]);
      await atSmall.act('house-way');
    } finally {
      await atSmall.leave();
      await atWide.leave();
    }
  });
});

describe('notices for the banker and for a void deal', () => {
  const suite = serverForSuite('sqlite');

  it('a banker who does not approve in time leaves the bank: notice/left-bank "approval-timeout"', async () => {
    const session = await bankEligible(suite.server, 'Ula');
    const ula = await TestClient.join(suite.server, 'bank', session.token, 'ula');
    const wes = await TestClient.join(suite.server, 'bank', (await signIn(suite.server, 'Wes')).token, 'wes');
    try {
      await ula.act('sit', { seat: 0 });
      // Alone at the table, the bank waits for a player with no clock (a player's finding: it ran out before anyone came).
      const alone = await ula.act('take-bank');
      expect(alone.phase).toBe('approval');
      expect(alone.you?.deadlineKind).toBeNull();
      // A player sits down: the banker's approval clock starts.
      await wes.act('sit', { seat: 1 });
      const banking = await ula.waitForView((view) => view.you?.deadlineKind === 'approval');
      expect(banking.you?.deadlineKind).toBe('approval');
      const notice = await ula.waitForNotice('notice/left-bank', 0, 5_000);
      expect(notice.params).toEqual({ reason: 'approval-timeout' });
      expect(ula.view.banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'approval-timeout' }); // the house banks the next round
      expect(ula.unrequestedErrors).toEqual([]);
    } finally {
      await ula.act('stand');
      await ula.leave();
      await wes.leave();
    }
  });

  it('a deal the ledger finds short of the stake returns the bet: notice/bet-returned "balance", not an error', async () => {
    const session = await signIn(suite.server, 'Vic');
    const vic = await TestClient.join(suite.server, 'small', session.token, 'vic');
    try {
      await vic.act('sit', { seat: 1 });
      // The bet is checked against the ledger when placed; the wallet is emptied behind the table's back
      // (a round recorded straight in the ledger) between the bet and the deal.
      await vic.act('bet', { spot: 'main', amountCents: 500 });
      const drained = await suite.server.ledger.openRound({
        roundId: 'drain-vic',
        tableId: 'elsewhere',
        bankerPlayerId: null,
        holds: [{ playerId: session.player.id, kind: 'main', amountCents: 99_900 }],
        secret: {},
        public: {},
        ownerInstanceId: suite.server.instanceId,
      });
      expect(drained.ok).toBe(true);
      await vic.act('deal');
      const notice = await vic.waitForNotice('notice/bet-returned');
      expect(notice.params).toEqual({ amountCents: 500, reason: 'balance' });
      const view = await vic.waitForView((v) => v.phase === 'betting' && v.you?.balanceCents === 100);
      expect(view.you?.bets.main).toBe(0); // 5.00 no longer fits the balance of 1.00
      expect(vic.notices.map((n) => n.code)).not.toContain('notice/round-void');
      expect(vic.unrequestedErrors).toEqual([]);
      expect((await suite.server.ledger.refundRound('drain-vic', 'test over')).ok).toBe(true);
    } finally {
      await vic.leave();
    }
  });
});

describe('auto-approve and a banker whose connection is lost (rules.md §5 "Interruptions", "Timers")', () => {
  // A tester at table-3: its banker's connection was lost and for 46 s, its seat held, rounds were auto-approved and
  // dealt under its bank. Past the reconnection grace (300 ms here) auto-approve approves no new round.
  const away = (tableId: string): TableConfigInput => ({
    tableId,
    playerBanking: true,
    limits: { main: { minCents: 100, maxCents: 10_000 } },
    timers: { reconnectGraceMs: 300, approvalMs: 2_000 },
  });
  const suite = serverForSuite('sqlite', { tables: [...TEST_TABLES, away('away'), away('back')] });

  /**
   * `banker` (100 comp points) banks at `tableId` with auto-approve on against `player`, who bets 10.00 and is dealt
   * (the banker keeps 90 points, enough to bank on); the banker's
   * connection is then lost (no goodbye) and the reconnection grace passes; `player` sets its hand, and the round is
   * revealed under the bank. Returns the player's view once the round is settled and the next one approved or asked for.
   */
  async function bankerAwayAfterRound(tableId: string, banker: TestClient, player: TestClient): Promise<TableView> {
    await banker.act('sit', { seat: 0 });
    await banker.act('take-bank');
    await banker.act('auto-approve', { on: true });
    await player.act('sit', { seat: 1 });
    await player.act('bet', { spot: 'main', amountCents: 1_000 });
    await player.act('deal');
    const runner = suite.server.runners.get(tableId)!;
    const bankerId = runner.current.banker!.playerId;
    await banker.leave(false);
    await expect.poll(() => runner.current.players[bankerId].connected).toBe(false);
    const graceEndsAtMs = runner.current.players[bankerId].disconnectedAtMs! + runner.current.config.timers.reconnectGraceMs;
    await expect.poll(() => Date.now() > graceEndsAtMs).toBe(true);
    const from = player.received.length;
    const revealed = await player.act('house-way');
    expect(revealed.lastRound?.banker).toMatchObject({ kind: 'player', seat: 0 });
    // Settled, the next round is approved (betting), or waits for the approval with its clock running (not the wait for
    // the ledger's balances, which has none).
    return player.waitForView((view) => view.phase === 'betting' || (view.phase === 'approval' && view.seats[0].deadlineMs !== null), from);
  }

  it('past the grace no round is approved: the table waits for the approval and the banker leaves the bank at its timer', async () => {
    const uma = await bankEligible(suite.server, 'Uma', 10_000);
    const wim = await TestClient.join(suite.server, 'away', (await signIn(suite.server, 'Wim')).token, 'wim');
    try {
      const asked = await bankerAwayAfterRound('away', await TestClient.join(suite.server, 'away', uma.token, 'uma'), wim);
      const since = wim.received.length;
      expect(asked.phase).toBe('approval');
      expect(asked.banker).toMatchObject({ kind: 'player', seat: 0, autoApprove: true, approved: false });
      expect(asked.seats[0]).toMatchObject({ connected: false, deadlineMs: expect.any(Number) });
      expect((await wim.refused('bet', { spot: 'main', amountCents: 1_000 })).error.code).toBe('action/out-of-phase');
      const house = await wim.waitForView((view) => view.banker.kind === 'house', since, 5_000);
      expect(house.banker).toEqual({ kind: 'house', houseBanksNext: true, ended: 'approval-timeout' });
      // Back, the banker finds its seat and learns from its inbox why it no longer banks.
      const back = await TestClient.join(suite.server, 'away', uma.token, 'uma2');
      expect(back.view.you).toMatchObject({ seat: 0, role: 'player' });
      expect((await back.waitForNotice('notice/left-bank')).params).toEqual({ reason: 'approval-timeout' });
      await back.act('stand');
      await back.leave();
    } finally {
      await wim.leave();
    }
  });

  it('a banker back within the approval time has the waiting round approved at once, and it is dealt under its bank', async () => {
    const xia = await bankEligible(suite.server, 'Xia', 10_000);
    const yul = await TestClient.join(suite.server, 'back', (await signIn(suite.server, 'Yul')).token, 'yul');
    try {
      const asked = await bankerAwayAfterRound('back', await TestClient.join(suite.server, 'back', xia.token, 'xia'), yul);
      expect(asked.phase).toBe('approval');
      const back = await TestClient.join(suite.server, 'back', xia.token, 'xia2');
      const approved = await back.waitForView((view) => view.phase === 'betting');
      expect(approved.banker).toMatchObject({ kind: 'player', seat: 0, autoApprove: true, approved: true });
      expect(approved.you).toMatchObject({ role: 'banker', deadlineKind: null });
      await yul.act('bet', { spot: 'main', amountCents: 1_000 });
      const dealt = await yul.act('deal');
      expect(dealt.phase).toBe('setting');
      expect(dealt.banker).toMatchObject({ kind: 'player', seat: 0 });
      await yul.act('house-way');
      expect(back.notices.map((notice) => notice.code)).not.toContain('notice/left-bank');
      await back.leave();
    } finally {
      await yul.leave();
    }
  });
});
