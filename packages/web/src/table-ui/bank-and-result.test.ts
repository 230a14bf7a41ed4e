import { describe, expect, it } from 'vitest';
import type { RoundResultView, SeatResultView, TableView } from '@paigow/protocol';
import { bankBlocks, bankerOpponents, bankRoom, leaveBankRefused } from './bank-status.js';
import { bankerHandMarks, bankerRow } from './banker-side.js';
import { resultLines } from './result-lines.js';
import { stageOf } from './model.js';

const seatResult = (over: Partial<SeatResultView>): SeatResultView =>
  ({ seat: 1, nickname: 'Pat', you: false, bets: { main: 1000, fortune: 0 }, high: 'lose', low: 'lose', outcome: 'lose', fortune: null, envy: null, netCents: -1000, ...over }) as SeatResultView;

const view = (over: Record<string, unknown>, you: Record<string, unknown> = {}): TableView =>
  ({
    phase: 'betting',
    roundId: null,
    config: { playerBanking: true, bankMinCompPoints: 50, bankMinBalanceCents: 10_150, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } },
    seats: [{ bets: { main: 0, fortune: 0 } }],
    banker: { kind: 'house' },
    you: { seat: 0, role: 'player', canTakeBank: false, compPoints: 0, balanceCents: 0, bets: { main: 0, fortune: 0 }, ...you },
    lastRound: null,
    settlingRoundId: null,
    fairness: null,
    ...over,
  }) as unknown as TableView;

describe('why the bank cannot be taken (issue 10 point 8)', () => {
  it('lists every missing requirement with the numbers, else who banks, bets down or a round under way', () => {
    expect(bankBlocks(view({}, { compPoints: 49, balanceCents: 10_149 }))).toEqual([
      { kind: 'comp-points', needed: 50, have: 49 },
      { kind: 'balance', neededCents: 10_150, haveCents: 10_149 },
    ]);
    expect(bankBlocks(view({}, { compPoints: 50, balanceCents: 10_149 }))).toEqual([{ kind: 'balance', neededCents: 10_150, haveCents: 10_149 }]);
    const able = { compPoints: 50, balanceCents: 20_000 };
    const betDown = { seats: [{ bets: { main: 0, fortune: 0 } }, { bets: { main: 500, fortune: 0 } }] };
    expect(bankBlocks(view({ banker: { kind: 'player', nickname: 'Bea' } }, able))).toEqual([{ kind: 'occupied', nickname: 'Bea' }]);
    expect(bankBlocks(view(betDown, able))).toEqual([{ kind: 'bets-down' }]);
    expect(bankBlocks(view({ phase: 'setting', roundId: 'r' }, able))).toEqual([{ kind: 'between-rounds' }]);
    expect(bankBlocks(view({}, { ...able, seat: null }))).toEqual([{ kind: 'not-seated' }]);
    // A new player while bets are down or a round is played: the moment's reason and what it lacks itself (it read
    // only "Bets are down"); while another player banks, only that.
    expect(bankBlocks(view(betDown, { compPoints: 0, balanceCents: 100_000 }))).toEqual([{ kind: 'bets-down' }, { kind: 'comp-points', needed: 50, have: 0 }]);
    expect(bankBlocks(view({ phase: 'setting', roundId: 'r' }, { compPoints: 10, balanceCents: 100 }))).toEqual([
      { kind: 'between-rounds' },
      { kind: 'comp-points', needed: 50, have: 10 },
      { kind: 'balance', neededCents: 10_150, haveCents: 100 },
    ]);
    expect(bankBlocks(view({ banker: { kind: 'player', nickname: 'Bea' } }))).toEqual([{ kind: 'occupied', nickname: 'Bea' }]);
    expect(bankBlocks(view({}, { canTakeBank: true }))).toEqual([]);
    expect(bankBlocks(view({}, { compPoints: 50, balanceCents: 20_000 }))).toEqual([{ kind: 'unknown' }]);
  });

  it('gives players the room left in the bank, full below the table minimum', () => {
    expect(bankRoom(view({}))).toBeNull();
    expect(bankRoom(view({ banker: { kind: 'player', roomCents: 2_500 } }))).toEqual({ roomCents: 2_500, largestCents: 2_500, full: false });
    expect(bankRoom(view({ banker: { kind: 'player', roomCents: 99 } }))).toEqual({ roomCents: 0, largestCents: 0, full: true });
    expect(bankRoom(view({ banker: { kind: 'player', roomCents: 0 } }, { role: 'banker' }))).toBeNull();
  });

  it("disables the banker's Stop banking while bets are down and no round holds them (bank/bets-down)", () => {
    const betDown = { seats: [{ bets: { main: 0, fortune: 0 } }, { bets: { main: 2_500, fortune: 0 } }] };
    expect(leaveBankRefused(view(betDown, { role: 'banker' }))).toBe(true);
    expect(leaveBankRefused(view({}, { role: 'banker' }))).toBe(false);
    // During a round Stop banking is taken: the bank goes after it.
    expect(leaveBankRefused(view({ ...betDown, phase: 'setting', roundId: 'r' }, { role: 'banker' }))).toBe(false);
    expect(leaveBankRefused(view(betDown))).toBe(false);
  });
});

describe("the banker's side of a round (issue 10 points 7, 9)", () => {
  it('mirrors the players\' marks, and says mixed when the hand won against one and lost against another', () => {
    const round = { players: [seatResult({ high: 'lose', low: 'copy' })] } as unknown as RoundResultView;
    expect(bankerHandMarks(round)).toEqual({ high: 'win', low: 'copy' });
    const two = { players: [seatResult({ high: 'lose', low: 'win' }), seatResult({ high: 'win', low: 'win' })] } as unknown as RoundResultView;
    expect(bankerHandMarks(two)).toEqual({ high: 'mixed', low: 'lose' });
    expect(bankerHandMarks({ players: [] } as unknown as RoundResultView)).toBeNull();
  });

  it("reads a player's row as the banker: its outcome and its money on the main bet", () => {
    expect(bankerRow(seatResult({ fortune: { line: null, netCents: -500 }, netCents: -1500 }))).toEqual({
      outcome: 'win',
      bankerCents: 1000,
      playerMainCents: -1000,
    });
  });

  it('knows whether the viewer banked the round it shows, whatever its role now', () => {
    const round = { roundId: 'r', banker: { kind: 'house' }, players: [seatResult({ you: true })] } as unknown as RoundResultView;
    const asPlayer = stageOf(view({ lastRound: round }, { role: 'banker' }));
    expect(asPlayer).toMatchObject({ kind: 'revealed', asBanker: false });
    const banked = { ...round, banker: { kind: 'player', seat: 0, nickname: 'Ada', you: true }, players: [seatResult({})] } as RoundResultView;
    expect(stageOf(view({ lastRound: banked }, { role: 'player' }))).toMatchObject({ kind: 'revealed', asBanker: true });
  });
});

describe('the result banner lines (issue 10 point 12)', () => {
  it('leads with the net over every bet, then its parts: the main bet with its commission, the Fortune bet', () => {
    const lines = resultLines({ roundId: 'r', outcome: 'win', netCents: 2450, commissionCents: 50, fortune: { line: 'flush', netCents: 1500 }, envy: null, asBanker: false });
    expect(lines).toEqual([
      { kind: 'net', cents: 2450, push: false, asBanker: false },
      { kind: 'main', outcome: 'win', cents: 950, commissionCents: 50, asBanker: false },
      { kind: 'fortune', line: 'flush', cents: 1500 },
    ]);
    // A player's: a $3 main bet won beside a $5 Fortune bet lost read "Main bet: you win $2.85 … Net −$2.15".
    expect(resultLines({ roundId: 'r', outcome: 'win', netCents: -215, commissionCents: 15, fortune: { line: null, netCents: -500 }, envy: null, asBanker: false })).toEqual([
      { kind: 'net', cents: -215, push: false, asBanker: false },
      { kind: 'main', outcome: 'win', cents: 285, commissionCents: 15, asBanker: false },
      { kind: 'fortune', line: null, cents: -500 },
    ]);
  });

  it('says a main bet alone once, as the net, with its commission beside it; a push alone is a push', () => {
    expect(resultLines({ roundId: 'r', outcome: 'lose', netCents: -1000, commissionCents: 0, fortune: null, envy: null, asBanker: false })).toEqual([
      { kind: 'net', cents: -1000, push: false, asBanker: false },
    ]);
    expect(resultLines({ roundId: 'r', outcome: 'win', netCents: 950, commissionCents: 50, fortune: null, envy: null, asBanker: false })).toEqual([
      { kind: 'net', cents: 950, push: false, asBanker: false },
      { kind: 'commission', cents: 50, asBanker: false },
    ]);
    expect(resultLines({ roundId: 'r', outcome: 'push', netCents: 0, commissionCents: 0, fortune: null, envy: null, asBanker: false })).toEqual([
      { kind: 'net', cents: 0, push: true, asBanker: false },
    ]);
    // A main bet pushed beside a Fortune bet that paid: no push overall.
    expect(resultLines({ roundId: 'r', outcome: 'push', netCents: 300, commissionCents: 0, fortune: { line: 'three_of_a_kind', netCents: 300 }, envy: null, asBanker: false })[0]).toEqual({
      kind: 'net',
      cents: 300,
      push: false,
      asBanker: false,
    });
  });

  it("leads a banking player's with its net, then the bank's result before its fee and the fee (a push less the fee is not \"you lose\" on the bets)", () => {
    expect(resultLines({ roundId: 'r', outcome: 'lose', netCents: -8, commissionCents: 8, fortune: null, envy: null, asBanker: true })).toEqual([
      { kind: 'net', cents: -8, push: false, asBanker: true },
      { kind: 'main', outcome: 'push', cents: 0, commissionCents: 0, asBanker: true },
      { kind: 'commission', cents: 8, asBanker: true },
    ]);
  });
});

describe("the banker's opponents (tester: 'Opponent' listed players away with nothing on the felt)", () => {
  const seat = (over: Record<string, unknown>) => ({ nickname: null, you: false, role: null, connected: true, bets: { main: 0, fortune: 0 }, inRound: false, ...over });
  it('names the seated players at the table, with bets down or in the round; not one away with nothing on the felt', () => {
    const seats = [
      seat({ nickname: 'Bea', you: true, role: 'banker' }),
      seat({ nickname: 'Pat', role: 'player' }),
      seat({ nickname: 'Gone', role: 'player', connected: false }),
      seat({ nickname: 'Bet', role: 'player', connected: false, bets: { main: 500, fortune: 0 } }),
      seat({ nickname: 'Dealt', role: 'player', connected: false, inRound: true }),
      seat({}),
    ];
    expect(bankerOpponents(view({ seats }, { role: 'banker' }))).toEqual(['Pat', 'Bet', 'Dealt']);
  });
});
