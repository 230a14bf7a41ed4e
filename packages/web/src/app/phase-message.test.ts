/**
 * The phase line above the bet spots (rules.md §5; a player's trial of the betting window): after a round, a player
 * with a bet down who has not pressed Deal (or whose change of bet took its Deal back) is asked to Deal, not told
 * the round is over; a seated player without a bet while the betting window runs reads how many pressed Deal and
 * until when it may bet, in every language.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TableView, YouView } from '@paigow/protocol';
import { houseRound, seatView, tableConfig, tableView } from '../testing/table-view.js';
import { waitingFor, type Stage } from '../table-ui/model.js';
import { createI18n, LANGUAGES } from './i18n/index.js';
import { PhaseMessage } from './PhaseMessage.js';

const revealed: Stage = { kind: 'revealed', round: houseRound(), mine: null, asBanker: false };

function draw(lng: string, view: TableView): { shown: string; t: (k: string, o?: Record<string, unknown>) => string } {
  const i18n = createI18n(lng);
  const you = view.you as YouView;
  const html = renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(PhaseMessage, { view, you, stage: revealed, status: 'open', waiting: waitingFor(view), waitDeadline: null })),
  );
  return { shown: html.replace(/<[^>]+>/g, ''), t: (k, o) => i18n.t(k, o ?? {}) };
}

describe('the phase line after a round', () => {
  it.each(LANGUAGES)('asks a player with a bet down to Deal, and tells one without a bet the round is over (%s)', (lng) => {
    const betDown = draw(lng, tableView({}, { bets: { main: 500, fortune: 0 } }));
    expect(betDown.shown).toBe(betDown.t('phase.betting'));
    const none = draw(lng, tableView());
    expect(none.shown).toBe(none.t('phase.settled'));
  });

  it.each(LANGUAGES)('tells a seated player without a bet how many pressed Deal while the betting window runs (%s)', (lng) => {
    const base = tableView({ config: tableConfig({ seats: 3 }) });
    const seats = base.seats.map((s) => (s.seat === 1 ? seatView({ seat: 1, nickname: 'Bo', role: 'player', bets: { main: 500, fortune: 0 }, ready: true }) : s));
    const drawn = draw(lng, { ...base, seats, bettingWindowEndsAtMs: 9_000 });
    expect(drawn.shown).toBe(drawn.t('waiting.closing', { count: 1 }) + drawn.t('waiting.none'));
  });

  it.each(LANGUAGES)('tells a player with a bet down and Deal not pressed that others wait for it (%s)', (lng) => {
    const base = tableView({ config: tableConfig({ seats: 3 }) }, { bets: { main: 500, fortune: 0 } });
    const seats = base.seats.map((s) => (s.seat === 1 ? seatView({ seat: 1, nickname: 'Bo', role: 'player', bets: { main: 500, fortune: 0 }, ready: true }) : s));
    const drawn = draw(lng, { ...base, seats });
    expect(drawn.shown).toBe(drawn.t('waiting.yours', { count: 1 }) + drawn.t('waiting.none'));
    expect(drawn.shown).not.toBe(drawn.t('phase.betting'));
  });

  // An operator's: during a database outage a table revealed a player's own setting, and the round was later paid by
  // the house way; now the result waits for the ledger, and the phase line says why the hands left the felt.
  it.each(LANGUAGES)('says the last round is being recorded while its settlement waits for the ledger (%s)', (lng) => {
    const drawn = draw(lng, { ...tableView(), settlingRoundId: 'r-9' });
    expect(drawn.shown).toBe(drawn.t('phase.settling'));
    expect(drawn.shown).not.toBe('phase.settling');
  });
});
