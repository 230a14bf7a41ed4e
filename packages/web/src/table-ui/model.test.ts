import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TableView } from '@paigow/protocol';
import { houseRound, seatResult, tableView } from '../testing/table-view.js';
import { arrange, bankerMark, betChips, chipsFor, idleWaitMinutes, localDeadline, resultOf, sortForDisplay, stageOf, toggleLow } from './model.js';

const HAND = ['As', 'Kh', 'Jk', '7d', '7c', '3s', 'Td'];

describe('arrange', () => {
  it('sorts cards highest first, the joker on top', () => {
    expect(sortForDisplay(['3s', 'As', 'Jk', 'Td', 'Ac'])).toEqual(['Jk', 'As', 'Ac', 'Td', '3s']);
  });

  it('shows the hands highest first and blocks Split until the low hand holds two cards', () => {
    const a = arrange(HAND, ['Kh']);
    expect(a.high).toEqual(['Jk', 'As', 'Td', '7d', '7c', '3s']);
    expect(a.low).toEqual(['Kh']);
    expect(a.block).toEqual({ kind: 'low-count', count: 1 });
    expect(arrange(HAND, []).block).toEqual({ kind: 'low-count', count: 0 });
  });

  it('refuses a foul with the engine code (a pair of aces in front of one pair of sevens is fine, not of no pair)', () => {
    // Ace and joker in front = a pair of aces; high hand K 7 7 T 3 = a pair of sevens: foul.
    const foul = arrange(HAND, ['As', 'Jk']);
    expect(foul.block).toEqual({ kind: 'error', code: 'setting/foul' });
    expect(foul.lowCategory).toBe('one_pair');
    const ok = arrange(HAND, ['Kh', 'Td']);
    expect(ok.block).toBeNull();
    expect(ok.highCategory).toBe('two_pair');
    expect(ok.lowCategory).toBe('high_card');
  });

  it('ignores cards that are not in the hand', () => {
    expect(arrange(HAND, ['2c', 'Kh']).low).toEqual(['Kh']);
  });
});

describe('toggleLow', () => {
  it('moves a card in and out and never holds more than two', () => {
    expect(toggleLow([], 'As')).toEqual(['As']);
    expect(toggleLow(['As'], 'As')).toEqual([]);
    expect(toggleLow(['As', 'Kh'], '7d')).toEqual(['Kh', '7d']);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...HAND), { maxLength: 30 }), (clicks) => {
        let low: string[] = [];
        for (const c of clicks) low = toggleLow(low, c);
        return low.length <= 2 && new Set(low).size === low.length;
      }),
    );
  });
});

describe('chips', () => {
  it('splits cents into the fewest chips, largest first', () => {
    expect(chipsFor(13_100)).toEqual([100, 25, 5, 1]);
    expect(chipsFor(0)).toEqual([]);
    expect(chipsFor(3099)).toEqual([25, 5]);
  });

  it('keeps the clicked chips when they add up to the bet, else redraws', () => {
    expect(betChips(700, [1, 5, 1])).toEqual([1, 5, 1]);
    expect(betChips(600, [1, 5, 1])).toEqual([5, 1]);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), (units) => betChips(units * 100, []).reduce((a, b) => a + b, 0) === units));
  });
});

describe('banker marks and deadlines', () => {
  it('mirrors hand results (a copy stays a copy)', () => {
    expect(bankerMark('win')).toBe('lose');
    expect(bankerMark('lose')).toBe('win');
    expect(bankerMark('copy')).toBe('copy');
  });

  it('corrects a deadline for clock skew', () => {
    expect(localDeadline(10_000, 4_000, 104_000)).toBe(110_000);
    expect(localDeadline(null, 4_000, 104_000)).toBeNull();
  });
});

const round = houseRound({ roundId: 'r1', tableId: 't1', players: [seatResult({ setting: { high: ['As', 'Jk', '7d', '7c', '3s'], low: ['Kh', 'Td'] } })] });

/** A one-seat table in betting (no seats drawn), its viewer Ada; `over` replaces any field. */
function view(over: Partial<TableView>): TableView {
  return tableView({ seats: [], ...over });
}

describe('stageOf and resultOf', () => {
  it('shows an empty felt before the first round', () => {
    expect(stageOf(view({})).kind).toBe('empty');
    expect(resultOf(view({}))).toBeNull();
  });

  it("shows the viewer's cards while setting, and the reveal afterwards", () => {
    const v = view({ phase: 'setting', roundId: 'r2' });
    const dealt = { ...v, you: { ...v.you!, cards: HAND } };
    expect(stageOf(dealt)).toEqual({ kind: 'setting', cards: HAND, submitted: null });
    expect(stageOf(view({ phase: 'setting', roundId: 'r2' })).kind).toBe('watching');
    const revealed = stageOf(view({ lastRound: round }));
    expect(revealed.kind).toBe('revealed');
    expect(resultOf(view({ lastRound: round }))).toMatchObject({ roundId: 'r1', outcome: 'win', netCents: 950, commissionCents: 50 });
  });

  it('carries the Fortune result and the envy bonus into the result', () => {
    const envy = { amountCents: 500, hands: [{ seat: 1, nickname: 'Bo', line: 'four_of_a_kind' as const, amountCents: 500 }] };
    const withEnvy = { ...round, players: [{ ...round.players[0], fortune: { line: 'flush', netCents: 2_000 }, envy, netCents: 3_450 }] };
    expect(resultOf(view({ lastRound: withEnvy }))).toMatchObject({ netCents: 3_450, fortune: { line: 'flush', netCents: 2_000 }, envy });
    // A result stored before the envy bonus existed has no `envy` field: none.
    const { envy: _, ...older } = round.players[0];
    expect(resultOf(view({ lastRound: { ...round, players: [older as typeof round.players[0]] } }))?.envy).toBeNull();
  });

  it("does not show another player's round as the viewer's", () => {
    const other = { ...round, players: [{ ...round.players[0], you: false }] };
    expect(stageOf(view({ lastRound: other })).kind).toBe('empty');
    expect(resultOf(view({ lastRound: other }))).toBeNull();
  });
});

// A tester stood up for idling waited most of the 5 min, pressed Sit down and was told "5 min after you left your seat".
describe('idleWaitMinutes', () => {
  // The view came when the player was stood up (server time 0, browser time 1,000,000): a refused sit brings none.
  const stoodUp = (idleWaitUntilMs: number | null) => tableView({ serverNowMs: 0 }, { seat: null, role: 'spectator', idleWaitUntilMs });
  const received = 1_000_000;
  it('counts the whole minutes left on the browser clock since the view came, at least 1', () => {
    expect(idleWaitMinutes(stoodUp(300_000), received, received)).toBe(5);
    expect(idleWaitMinutes(stoodUp(300_000), received, received + 20_000)).toBe(5);
    expect(idleWaitMinutes(stoodUp(300_000), received, received + 239_000)).toBe(2);
    expect(idleWaitMinutes(stoodUp(300_000), received, received + 280_000)).toBe(1);
    expect(idleWaitMinutes(stoodUp(300_000), received, received + 299_999)).toBe(1);
  });
  it("falls back to the table's idle-seat time without a wait in the view", () => {
    expect(idleWaitMinutes(stoodUp(null), received, received + 60_000)).toBe(5);
  });
});
