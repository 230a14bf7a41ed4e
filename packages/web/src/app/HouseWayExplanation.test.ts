/**
 * The house-way explanation on the felt is the one the server sent (issue 12 point 3): the round result
 * carries the engine's explanation (key, params, English text) of the banker's hand and of each hand the
 * house set, and the browser translates it; it never re-runs the house way. Drawn without a browser.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { ExplanationView, SeatResultView, TableView } from '@paigow/protocol';
import { stageOf } from '../table-ui/model.js';
import { HAND, HAND_EXPLANATION, houseRound, seatResult, tableView } from '../testing/table-view.js';
import { createI18n } from './i18n/index.js';
import { Explanation, explanationOf } from './HouseWayExplanation.js';

const i18n = createI18n('en');
/** The text shown (what a screen reader reads instead, visually hidden, left out). */
const text = (html: string) =>
  html.replace(/<span class="visually-hidden">[^<]*<\/span>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const draw = (view: TableView, who: 'you' | 'banker') =>
  renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(Explanation, { view, stage: stageOf(view), who })));

/**
 * An explanation that no house way gives for the cards beside it (three pairs, for a hand of two pairs):
 * what is drawn can only have come from the view.
 */
const SENT: ExplanationView = { key: 'houseWay.7.three-pairs', params: { rank: 'Q', low: 'Qs Qd' }, text: 'Three pairs: the highest pair (queens) goes to the low hand.' };

/** A table whose last round is `round` with Ada's wager `mine` in it. */
const revealed = (mine: Partial<SeatResultView>, round = houseRound()): TableView => tableView({ lastRound: { ...round, players: [seatResult(mine)] } });

describe('the house-way explanation comes from the round result', () => {
  it("draws the banker's explanation that the result carries, translated, whatever the cards", () => {
    const view = revealed({}, houseRound({ bankerHand: { ...houseRound().bankerHand, cards: [], explanation: SENT } }));
    expect(text(draw(view, 'banker'))).toBe('Banker (house way): Three pairs: the highest pair (queens) goes to the low hand.');
    expect(draw(view, 'banker')).toContain('data-testid="banker-explanation"');
  });

  it("draws the viewer's explanation when the house set its hand, saying why (timeout, disconnection, recovery)", () => {
    const timeout = revealed({ cards: [...HAND], setBy: 'timeout', houseWayRule: '7.three-pairs', houseWayExplanation: SENT });
    expect(explanationOf(timeout, stageOf(timeout), 'you')).toEqual({ key: 'table.houseWayRuleTimeout', explanation: SENT });
    expect(text(draw(timeout, 'you'))).toContain('Time ran out, so the house set your hand. House way: Three pairs: the highest pair (queens) goes to the low hand.');
    const disconnect = revealed({ setBy: 'disconnect', houseWayRule: '8.split-aces', houseWayExplanation: HAND_EXPLANATION });
    expect(text(draw(disconnect, 'you'))).toContain('You were disconnected, so the house set your hand. House way: Two pairs with aces: split, the lower pair (7♦ 7♣) goes to the low hand.');
    // Recovery after a server crash: the server stopped, not the player's connection.
    const recovery = revealed({ setBy: 'recovery', houseWayRule: '8.split-aces', houseWayExplanation: HAND_EXPLANATION });
    expect(text(draw(recovery, 'you'))).toContain('The server stopped during the round, so the house set your hand. House way: Two pairs with aces');
    expect(text(draw(recovery, 'you'))).not.toContain('disconnected');
    const button = revealed({ setBy: 'house-way', houseWayRule: '8.split-aces', houseWayExplanation: HAND_EXPLANATION });
    expect(explanationOf(button, stageOf(button), 'you')?.key).toBe('table.houseWayRule');
  });

  it('draws nothing for a hand the player set, and nothing for a result of version 1, which carries no explanation', () => {
    expect(draw(revealed({ setBy: 'player' }), 'you')).toBe('');
    const v1 = revealed({ setBy: 'timeout', houseWayRule: '8.split-aces', houseWayExplanation: null }, houseRound({ version: 1, bankerHand: { ...houseRound().bankerHand, explanation: null } }));
    expect(draw(v1, 'you')).toBe('');
    expect(draw(v1, 'banker')).toBe('');
  });

  it("while the round is set, draws the viewer's explanation from the view (`you.houseWay`)", () => {
    const view = tableView({ phase: 'setting', roundId: 'r-2' }, { cards: [...HAND], houseWay: { rule: '8.split-aces', explanation: HAND_EXPLANATION } });
    expect(explanationOf(view, stageOf(view), 'you')).toEqual({ key: 'table.houseWayRule', explanation: HAND_EXPLANATION });
    expect(draw(view, 'you')).toContain('data-testid="house-way-explanation"');
    expect(draw(view, 'banker')).toBe('');
  });
});
