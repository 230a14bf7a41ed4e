/** The felt's state apart from the chips (felt.ts): the player's selection of low-hand cards and what the felt allows. */
import { describe, expect, it } from 'vitest';
import { HAND, houseRound, seatResult, seatView, tableConfig, tableView } from '../testing/table-view.js';
import { feltOf, lowOf, select, type Selection } from './felt.js';

const NONE = new Set<string>();

describe('the selection of low-hand cards', () => {
  it('moves a clicked card between the hands, keeps two at most, and takes a Hint setting whole', () => {
    let s: Selection = { roundId: 'r-1', low: [] };
    s = select(s, 'r-1', { type: 'card', card: 'Kh' });
    s = select(s, 'r-1', { type: 'card', card: 'Td' });
    expect(lowOf(s, 'r-1')).toEqual(['Kh', 'Td']);
    s = select(s, 'r-1', { type: 'card', card: 'As' });
    expect(lowOf(s, 'r-1')).toEqual(['Td', 'As']);
    s = select(s, 'r-1', { type: 'card', card: 'Td' });
    expect(lowOf(s, 'r-1')).toEqual(['As']);
    expect(lowOf(select(s, 'r-1', { type: 'use', low: ['As', 'Jk'] }), 'r-1')).toEqual(['As', 'Jk']);
  });

  it('starts a new arrangement with each deal', () => {
    const s = select({ roundId: 'r-1', low: [] }, 'r-1', { type: 'card', card: 'Kh' });
    expect(lowOf(s, 'r-2')).toEqual([]);
    expect(lowOf(select(s, 'r-2', { type: 'card', card: 'As' }), 'r-2')).toEqual(['As']);
  });
});

describe('feltOf', () => {
  const dealt = tableView({ phase: 'setting', roundId: 'r-1', serverNowMs: 1_000 }, { cards: [...HAND], deadlineMs: 31_000, deadlineKind: 'decision' });

  it('lets a dealt player set its hand: Split waits for two low cards, then for a legal setting', () => {
    const you = dealt.you!;
    expect(feltOf(dealt, you, ['Kh'], 'open', NONE, 0)).toMatchObject({ dealt: true, setting: true, canBet: false, splitBlock: { kind: 'low-count', count: 1 } });
    expect(feltOf(dealt, you, ['Kh', 'Td'], 'open', NONE, 0).splitBlock).toBeNull();
    expect(feltOf(dealt, you, ['As', 'Jk'], 'open', NONE, 0).splitBlock).toEqual({ kind: 'error', code: 'setting/foul' });
    // Disconnected, or with a setting on its way: no setting now.
    expect(feltOf(dealt, you, ['Kh'], 'reconnecting', NONE, 0)).toMatchObject({ setting: false, splitBlock: null });
    expect(feltOf(dealt, you, ['Kh', 'Td'], 'open', new Set(['house-way']), 0).submitting).toBe(true);
  });

  it("counts down the viewer's own decision, corrected for clock skew", () => {
    expect(feltOf(dealt, dealt.you!, [], 'open', NONE, 5_000).timer).toEqual({ own: 35_000, wait: null, deadline: 35_000, totalMs: 45_000 });
  });

  it('counts down the players the viewer waits for after its Deal, on the bet timer', () => {
    const config = tableConfig({ seats: 2, timers: { ...tableConfig().timers, betMs: 20_000 } });
    const base = tableView({ config }, { ready: true, bets: { main: 500, fortune: 0 } });
    const view = { ...base, seats: [base.seats[0], seatView({ seat: 1, nickname: 'Bo', role: 'player' as const, bets: { main: 500, fortune: 0 }, deadlineMs: 9_000 })] };
    const felt = feltOf(view, view.you!, [], 'open', NONE, 0);
    expect(felt.waiting).toEqual({ kind: 'deal', count: 1, deadlineMs: 9_000 });
    expect(felt.timer).toEqual({ own: null, wait: 9_000, deadline: 9_000, totalMs: 20_000 });
    expect(felt.canBet).toBe(true);
    expect(feltOf(view, view.you!, [], 'reconnecting', NONE, 0).canBet).toBe(false);
    expect(feltOf(view, { ...view.you!, role: 'spectator' }, [], 'open', NONE, 0).canBet).toBe(false);
  });

  it("shows a shared table's last round beside the felt to a newcomer, and to its players only when there were several", () => {
    const config = tableConfig({ seats: 3 });
    const others = houseRound({ players: [seatResult({ seat: 1, nickname: 'Bo', you: false })] });
    expect(feltOf(tableView({ config, lastRound: others }), tableView().you!, [], 'open', NONE, 0).sideRound).toBe(others);
    const alone = houseRound();
    expect(feltOf(tableView({ config, lastRound: alone }), tableView().you!, [], 'open', NONE, 0).sideRound).toBeNull();
    const two = houseRound({ players: [seatResult(), seatResult({ seat: 1, nickname: 'Bo', you: false })] });
    expect(feltOf(tableView({ config, lastRound: two }), tableView().you!, [], 'open', NONE, 0).sideRound).toBe(two);
    // A one-seat table never shows it beside the felt.
    expect(feltOf(tableView({ lastRound: others }), tableView().you!, [], 'open', NONE, 0).sideRound).toBeNull();
  });
});
