import { describe, expect, it } from 'vitest';
import type { SeatView, TableView, YouView } from '@paigow/protocol';
import { seatResult, seatView, tableConfig, tableView } from '../testing/table-view.js';
import { betUnitOf, checkDraft, fortuneChip, mainResultOf, planBet, waitingFor } from './model.js';

const limits = { minCents: 500, maxCents: 50_000 };

describe('building a bet with chips (rules.md §5, the table minimum and the bet unit)', () => {
  it('reads the bet unit from the config, 100 cents when the server does not send it', () => {
    expect(betUnitOf({})).toBe(100);
    expect(betUnitOf({ betUnitCents: 500 })).toBe(500);
    expect(betUnitOf({ betUnitCents: 0 })).toBe(100);
    expect(betUnitOf({ betUnitCents: 2.5 })).toBe(100);
  });

  it('checks a bet against the limits and the unit', () => {
    expect(checkDraft(0, limits, 100)).toBe('empty');
    expect(checkDraft(100, limits, 100)).toBe('under-min');
    expect(checkDraft(500, limits, 100)).toBe('ok');
    expect(checkDraft(600, limits, 500)).toBe('off-unit');
    expect(checkDraft(1000, limits, 500)).toBe('ok');
    expect(checkDraft(50_100, limits, 100)).toBe('over-max');
  });

  it('keeps a bet below the minimum on the felt without sending it (no refusal while building)', () => {
    // $1, then $2 … on a $5 table: nothing is sent until the bet reaches $5.
    expect(planBet(100, 0, limits, 100)).toEqual({ send: null, draft: true });
    expect(planBet(400, 0, limits, 100)).toEqual({ send: null, draft: true });
    expect(planBet(500, 0, limits, 100)).toEqual({ send: 500, draft: false });
    expect(planBet(600, 500, limits, 100)).toEqual({ send: 600, draft: false });
  });

  it('takes a held bet off when chips removed bring it below the minimum, so Deal never deals more than is shown', () => {
    expect(planBet(100, 600, limits, 100)).toEqual({ send: 0, draft: true });
    expect(planBet(0, 100, limits, 100)).toEqual({ send: 0, draft: false });
    expect(planBet(0, 0, limits, 100)).toEqual({ send: null, draft: false });
  });

  it('keeps a bet off the unit as a draft, and sends one over the maximum (the server says why it refuses)', () => {
    expect(planBet(600, 500, limits, 500)).toEqual({ send: 0, draft: true });
    expect(planBet(1000, 0, limits, 500)).toEqual({ send: 1000, draft: false });
    expect(planBet(60_000, 50_000, limits, 100)).toEqual({ send: 60_000, draft: false });
  });

  it('adds the selected chip to the Fortune spot, else the smallest chip of whole units that reaches the Fortune minimum', () => {
    expect(fortuneChip(25, 100)).toBe(25);
    expect(fortuneChip(null, 100)).toBe(1);
    expect(fortuneChip(null, 500)).toBe(5);
    expect(fortuneChip(null, 2500)).toBe(25);
    // Nothing selected at a table whose Fortune minimum is 5: the 5 chip, not a refused 1.
    expect(fortuneChip(null, 100, 500)).toBe(5);
    expect(fortuneChip(null, 100, 100_000)).toBe(100);
  });
});

const seat = seatView;

/** A six-seat table of 5.00–500.00 in `phase` with these seats, its viewer Ada (`you` on `youView`). */
function table(phase: TableView['phase'], seats: SeatView[], you: Partial<YouView> = {}, banker: TableView['banker'] = { kind: 'house' }): TableView {
  const config = tableConfig({ tableId: 't', name: 'T', seats: 6, limits: { main: limits, fortune: null }, playerBanking: banker.kind === 'player' });
  return tableView({ config, phase, roundId: phase === 'setting' ? 'r' : null, seats, banker }, you);
}

describe('waitingFor (docs/protocol.md "Multi-player Deal rule", "Setting")', () => {
  const me = seat({ seat: 0, nickname: 'Ada', you: true, role: 'player', bets: { main: 500, fortune: 0 }, ready: true });

  it('counts the players with a bet who have not pressed Deal, connected or not, until the latest of their bet timers', () => {
    const v = table(
      'betting',
      [
        me,
        seat({ seat: 1, nickname: 'Bo', role: 'player', bets: { main: 500, fortune: 0 }, deadlineMs: 30_000 }),
        seat({ seat: 2, nickname: 'Cy', role: 'player', bets: { main: 500, fortune: 0 }, deadlineMs: 41_000 }),
        seat({ seat: 3, nickname: 'Di', role: 'player', bets: { main: 500, fortune: 0 }, ready: true }),
        seat({ seat: 4, nickname: 'Ed', role: 'player' }), // no bet: sits the round out
        // Dropped, its bet kept through its reconnection grace: the round waits for it too (a retester read no count).
        seat({ seat: 5, nickname: 'Flo', role: 'player', bets: { main: 500, fortune: 0 }, connected: false, deadlineMs: 35_000 }),
      ],
      { ready: true, bets: { main: 500, fortune: 0 } },
    );
    expect(waitingFor(v)).toEqual({ kind: 'deal', count: 3, deadlineMs: 41_000 });
  });

  it('waits for nobody before pressing Deal, or when everyone else is ready', () => {
    expect(waitingFor(table('betting', [{ ...me, ready: false }, seat({ seat: 1, nickname: 'Bo', role: 'player', bets: { main: 500, fortune: 0 } })]))).toBeNull();
    expect(waitingFor(table('betting', [me], { ready: true }))).toBeNull();
  });

  it('while the betting window is open, counts the seated players without a bet, or tells one of them until when it may bet', () => {
    const seats = [
      me,
      seat({ seat: 1, nickname: 'Bo', role: 'player' }),
      seat({ seat: 2, nickname: 'Cy', role: 'player' }),
      seat({ seat: 3, nickname: 'Di', role: 'player', connected: false }), // not waited for
    ];
    const held = { ...table('betting', seats, { ready: true, bets: { main: 500, fortune: 0 } }), bettingWindowEndsAtMs: 9_000 };
    expect(waitingFor(held)).toEqual({ kind: 'bets', count: 2, deadlineMs: 9_000 });
    const bo = { ...table('betting', [{ ...me, you: false }, { ...seats[1], you: true }], { seat: 1, nickname: 'Bo' }), bettingWindowEndsAtMs: 9_000 };
    expect(waitingFor(bo)).toEqual({ kind: 'closing', count: 1, deadlineMs: 9_000 });
    // Someone with a bet has still to press Deal: that is whom the ready player waits for.
    const betting = [me, { ...seats[1], bets: { main: 500, fortune: 0 }, deadlineMs: 40_000 }, seats[2]];
    expect(waitingFor({ ...table('betting', betting, { ready: true, bets: { main: 500, fortune: 0 } }), bettingWindowEndsAtMs: 9_000 })).toEqual({ kind: 'deal', count: 1, deadlineMs: 40_000 });
  });

  // A tester's: a player with a bet down and Deal not pressed read only "Place your bet, then Deal", and was dealt out.
  it('tells a player with a bet down who has not pressed Deal how many wait for it, until its bet timer', () => {
    const others = [{ ...me, you: false }, seat({ seat: 1, nickname: 'Bo', role: 'player', bets: { main: 500, fortune: 0 }, ready: true })];
    const bo = table('betting', [...others, seat({ seat: 2, nickname: 'Cy', you: true, role: 'player', bets: { main: 100, fortune: 0 }, deadlineMs: 38_000 })], {
      seat: 2,
      nickname: 'Cy',
      bets: { main: 100, fortune: 0 },
      deadlineMs: 38_000,
    });
    expect(waitingFor(bo)).toEqual({ kind: 'yours', count: 2, deadlineMs: 38_000 });
    // Nobody has pressed Deal: nobody waits for it.
    expect(waitingFor(table('betting', [{ ...others[1], ready: false, you: true }], { seat: 1, nickname: 'Bo', bets: { main: 500, fortune: 0 } }))).toBeNull();
  });

  it('after setting its hand, waits for the dealt players who have not set', () => {
    const v = table(
      'setting',
      [
        { ...me, inRound: true, hasSet: true },
        seat({ seat: 1, nickname: 'Bo', role: 'player', inRound: true, deadlineMs: 44_000 }),
        seat({ seat: 2, nickname: 'Cy', role: 'player', inRound: true, hasSet: true, deadlineMs: null }),
      ],
      { cards: ['As', 'Kh', 'Jk', '7d', '7c', '3s', 'Td'], setting: { high: ['As', 'Jk', '7d', '7c', '3s'], low: ['Kh', 'Td'] } },
    );
    expect(waitingFor(v)).toEqual({ kind: 'set', count: 1, deadlineMs: 44_000 });
    // Still setting its own hand: its own timer runs, nobody to wait for yet.
    const setting = table('setting', [{ ...me, inRound: true, hasSet: false }, seat({ seat: 1, nickname: 'Bo', role: 'player', inRound: true })]);
    expect(waitingFor(setting)).toBeNull();
  });

  it('at a player-banked table, never counts the banker, whose hand the house way sets (tester at table-3: "2 players" for 1)', () => {
    const banker: TableView['banker'] = { kind: 'player', seat: 2, nickname: 'Dave', autoApprove: false, approved: true, leaving: false, roomCents: 0 };
    // The banker's seat as the view sends it in a dealt round: in the round, no hand of its own to set.
    const dave = seat({ seat: 2, nickname: 'Dave', role: 'banker', inRound: true, hasSet: false, deadlineMs: null });
    const bo = seat({ seat: 1, nickname: 'Bo', role: 'player', inRound: true, deadlineMs: 44_000 });
    const v = table('setting', [{ ...me, inRound: true, hasSet: true }, bo, dave], {}, banker);
    expect(waitingFor(v)).toEqual({ kind: 'set', count: 1, deadlineMs: 44_000 });
    // Once Bo has set, nobody is left to wait for.
    expect(waitingFor(table('setting', [{ ...me, inRound: true, hasSet: true }, { ...bo, hasSet: true }, dave], {}, banker))).toBeNull();
    // The banker's own screen counts the same players.
    const bankerSeats = [{ ...me, you: false, inRound: true, hasSet: true }, bo, { ...dave, you: true }];
    expect(waitingFor(table('setting', bankerSeats, { role: 'banker', seat: 2 }, banker))).toEqual({ kind: 'set', count: 1, deadlineMs: 44_000 });
  });

  it("shows the players the banker's approval and its timer; the banker itself waits for nobody then", () => {
    const banker: TableView['banker'] = { kind: 'player', seat: 1, nickname: 'Bea', autoApprove: false, approved: false, leaving: false, roomCents: 0 };
    const seats = [me, seat({ seat: 1, nickname: 'Bea', role: 'banker', deadlineMs: 35_000 })];
    expect(waitingFor(table('approval', seats, {}, banker))).toEqual({ kind: 'approval', count: 0, deadlineMs: 35_000 });
    expect(waitingFor(table('approval', seats, { role: 'banker' }, banker))).toBeNull();
    expect(waitingFor(table('approval', seats, { role: 'spectator', seat: null }, banker))).toBeNull();
  });
});

describe("a player's result from the banking side (rules.md §3.1, §4)", () => {
  const base = seatResult({ seat: 1, nickname: 'Punter Pat', you: false, high: 'lose', low: 'lose', outcome: 'lose', commissionCents: 0, netCents: -1000 });

  it('turns a player who lost $10 into +$10 for the banker', () => {
    expect(mainResultOf(base)).toEqual({ playerMainCents: -1000, bankerCents: 1000 });
    expect(mainResultOf({ ...base, outcome: 'win', netCents: 1000 })).toEqual({ playerMainCents: 1000, bankerCents: -1000 });
    expect(mainResultOf({ ...base, outcome: 'push', netCents: 0 })).toEqual({ playerMainCents: 0, bankerCents: 0 });
  });

  it('leaves the Fortune bet and the envy bonus out: the house settles them, not the banker', () => {
    const lucky = {
      ...base,
      bets: { main: 1000, fortune: 500 },
      fortune: { line: 'flush', netCents: 2000 },
      envy: { amountCents: 500, hands: [] },
      netCents: -1000 + 2000 + 500,
    };
    expect(mainResultOf(lucky)).toEqual({ playerMainCents: -1000, bankerCents: 1000 });
  });
});
