/**
 * Faults a tester found at the table after ~300 hands: a result wiped when another player deals, Undo left
 * enabled after the bet timer returned the bets, leaving mid-round without a word, the two maximums told
 * differently, and chips, bet spots and the client seed named poorly for a screen reader.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { houseRound, seatResult, tableConfig, tableView } from '../testing/table-view.js';
import { createI18n } from '../app/i18n/index.js';
import { FairnessPanel } from '../fairness/FairnessPanel.js';
import { applyBet, canUndo, NO_BETS, type BetContext, type BetDraft } from './bet-draft.js';
import { feltOf, leaveWarningOf } from './felt.js';
import { keptRoundOf, resultOf, stageOf } from './model.js';
import { BetSpot, ChipRack } from './parts.js';

const config = tableConfig({ seats: 2 });
const bo = seatResult({ seat: 1, nickname: 'Bo', you: false });
/** The round Ada and Bo both played (Ada won 9.50). */
const both = houseRound({ roundId: 'r-1', players: [seatResult(), bo] });
/** The next round, Bo's alone. */
const bosOwn = houseRound({ roundId: 'r-2', players: [bo] });

describe("a player not dealt into another player's round keeps its own last result (rules.md §5)", () => {
  it('while Bo plays the next round, Ada still sees her round revealed, not face-down cards of a round she is not in', () => {
    const view = tableView({ config, phase: 'setting', roundId: 'r-2', lastRound: both });
    const stage = stageOf(view);
    expect(stage).toMatchObject({ kind: 'revealed', round: { roundId: 'r-1' }, mine: { nickname: 'Ada' } });
    expect(resultOf(view)).toMatchObject({ roundId: 'r-1', outcome: 'win', netCents: 950 });
    // A dealt player sets its hand as before.
    expect(stageOf(tableView({ config, phase: 'setting', lastRound: both }, { cards: [...both.players[0]!.cards] })).kind).toBe('setting');
  });

  it("after Bo's round settles, the screen keeps Ada's round until she places a chip or is dealt in", () => {
    const settled = tableView({ config, lastRound: bosOwn });
    const kept = keptRoundOf(both, settled, false);
    expect(kept).toBe(both);
    expect(stageOf(settled, kept)).toMatchObject({ kind: 'revealed', round: { roundId: 'r-1' } });
    expect(feltOf(settled, settled.you!, [], 'open', new Set(), 0, kept).result).toMatchObject({ roundId: 'r-1', netCents: 950 });
    // A chip placed (a draft or a held bet), or dealt in: her next round begins.
    expect(keptRoundOf(both, settled, true)).toBeNull();
    expect(keptRoundOf(both, tableView({ config, lastRound: bosOwn }, { bets: { main: 500, fortune: 0 } }), false)).toBeNull();
    expect(keptRoundOf(both, tableView({ config, phase: 'setting', lastRound: bosOwn }, { cards: [...bo.cards] }), false)).toBeNull();
    // Her own newer round replaces it.
    const next = houseRound({ roundId: 'r-3' });
    expect(keptRoundOf(both, tableView({ config, lastRound: next }), false)).toBe(next);
  });
});

// An operator's: a round's result now waits for the ledger during a database fault (settlingRoundId); the round before,
// left on the felt, would be read as this one's result.
describe('while a round waits for the ledger', () => {
  it('shows no earlier round on the felt nor its result, and shows them again once it is recorded', () => {
    const settling = tableView({ config, lastRound: both, settlingRoundId: 'r-2' });
    expect(stageOf(settling, both)).toEqual({ kind: 'empty' });
    expect(resultOf(settling, both)).toBeNull();
    const recorded = tableView({ config, lastRound: both });
    expect(stageOf(recorded)).toMatchObject({ kind: 'revealed', round: { roundId: 'r-1' } });
  });
});

describe('Undo follows the bets actually on the felt', () => {
  const ctx = (main: number, over: Partial<BetContext> = {}): BetContext => ({
    canBet: true,
    betPending: false,
    you: { bets: { main, fortune: 0 }, lastBets: null, balanceCents: 100_000 },
    table: { main: { minCents: 500, maxCents: 50_000 }, fortune: { minCents: 100, maxCents: 2_500 }, unitCents: 100 },
    roomCents: null,
    phase: 'betting',
    ready: false,
    roundId: null,
    ...over,
  });
  const step = (s: BetDraft, action: Parameters<typeof applyBet>[1], c: BetContext) => applyBet(s, action, c).state;

  it('is disabled once the bet timer has returned the bet', () => {
    let s = step(NO_BETS, { type: 'sync' }, ctx(0));
    s = step(s, { type: 'chip', value: 25 }, ctx(0));
    s = step(s, { type: 'sync' }, ctx(2_500));
    expect(canUndo(s, ctx(2_500))).toBe(true);
    // The server gives the 25.00 back (no request of the player's).
    s = step(s, { type: 'sync' }, ctx(0));
    expect(canUndo(s, ctx(0))).toBe(false);
  });

  it('still takes back the player’s own Clear', () => {
    let s = step(NO_BETS, { type: 'sync' }, ctx(0));
    s = step(s, { type: 'chip', value: 25 }, ctx(0));
    s = step(s, { type: 'sync' }, ctx(2_500));
    s = step(s, { type: 'clear' }, ctx(2_500));
    s = step(s, { type: 'sync' }, ctx(0));
    expect(canUndo(s, ctx(0))).toBe(true);
  });

  it('says the table maximum at once, as for the Fortune maximum, sending nothing', () => {
    let s = step(NO_BETS, { type: 'sync' }, ctx(0));
    s = step(s, { type: 'chip', value: 100 }, ctx(0));
    const over = applyBet(s, { type: 'chip', value: 100 }, ctx(49_000));
    expect(over.effects).toEqual([{ kind: 'say', message: { key: 'bets.mainOverMax', cents: { max: 50_000, amount: 59_000 } } }]);
  });
});

describe('leaving the table mid-round asks first (rules.md §5)', () => {
  it('names a dealt hand, a set hand and bets not dealt; nothing in play leaves at once', () => {
    const cards = [...both.players[0]!.cards];
    expect(leaveWarningOf(tableView({ phase: 'setting' }, { cards }), tableView({ phase: 'setting' }, { cards }).you!)).toEqual({ kind: 'dealt' });
    const set = tableView({ phase: 'setting' }, { cards, setting: { high: cards.slice(0, 5), low: cards.slice(5) } });
    expect(leaveWarningOf(set, set.you!)).toEqual({ kind: 'set' });
    const bets = tableView({}, { bets: { main: 500, fortune: 100 } });
    expect(leaveWarningOf(bets, bets.you!)).toEqual({ kind: 'bets', amountCents: 600 });
    expect(leaveWarningOf(tableView(), tableView().you!)).toBeNull();
    const banker = tableView({}, { role: 'banker' });
    expect(leaveWarningOf(banker, banker.you!)).toBeNull();
  });

  it("warns a banker that its bank ends: with bets against it, or with a round dealt under it (a tester's banker left unwarned)", () => {
    const banker = tableView({ config }, { role: 'banker' });
    const betAgainst = { ...banker, seats: banker.seats.map((seat) => (seat.you ? seat : { ...seat, nickname: 'Bo', bets: { main: 1_000, fortune: 0 } })) };
    expect(leaveWarningOf(betAgainst, betAgainst.you!)).toEqual({ kind: 'bank', dealt: false });
    const dealt = { ...banker, phase: 'setting' as const, seats: banker.seats.map((seat) => (seat.you ? { ...seat, inRound: true } : seat)) };
    expect(leaveWarningOf(dealt, dealt.you!)).toEqual({ kind: 'bank', dealt: true });
  });
});

describe('screen readers', () => {
  const i18n = createI18n('en');
  const render = (el: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(I18nextProvider, { i18n }, el));

  it('name each chip by what it does, and say "no bet" on an empty spot', () => {
    const rack = render(createElement(ChipRack, { name: 'Chips', selected: null, onChip: () => undefined, disabled: false, label: (v: number) => `Add a $${v} chip to the bet` }));
    expect(rack).toContain('aria-label="Add a $5 chip to the bet"');
    expect(rack).toMatch(/role="toolbar" aria-label="Chips"/);
    const spot = render(
      createElement(BetSpot, { kind: 'main', label: 'Bet', amount: null, empty: 'no bet', chips: [], title: '', onClick: () => undefined, disabled: false, testid: 'bet-stack', cents: 0 }),
    );
    expect(spot).toContain('aria-label="Bet: no bet"');
    const short = render(
      createElement(BetSpot, { kind: 'main', label: 'Bet', amount: '$1', empty: 'no bet', chips: [1], title: '', onClick: () => undefined, disabled: false, testid: 'bet-stack', cents: 0, note: 'Min $5', warn: true }),
    );
    expect(short).toContain('aria-label="Bet: $1 · Min $5"');
    // The minimum shown in the empty ring is read in its place (axe's label-content-name-mismatch: "Bet: no bet"
    // left out the visible "Min $5", a serious violation on a phone at a 5.00 table after a round).
    const empty = render(
      createElement(BetSpot, { kind: 'main', label: 'Bet', amount: null, empty: 'no bet', chips: [], title: '', onClick: () => undefined, disabled: false, testid: 'bet-stack', cents: 0, note: 'Min $5' }),
    );
    expect(empty).toContain('aria-label="Bet Min $5: no bet"');
  });

  it('mark a refused client seed invalid and point to the message', () => {
    const fairness = { roundId: 'r-1', commitment: 'abc', clientSeeds: null } as unknown as Parameters<typeof FairnessPanel>[0]['fairness'];
    const bad = { seed: 'x'.repeat(70), error: 'fairness/bad-client-seed', edit: () => undefined, payload: () => ({}) };
    const html = render(createElement(FairnessPanel, { fairness, clientSeed: bad, locked: false }));
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="client-seed-error"');
    expect(html).toMatch(/id="client-seed-error"/);
    const ok = render(createElement(FairnessPanel, { fairness, clientSeed: { ...bad, seed: 'abc', error: null }, locked: false }));
    expect(ok).toContain('aria-invalid="false"');
  });
});
