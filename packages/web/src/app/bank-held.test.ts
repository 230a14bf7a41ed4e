/**
 * A player-banker tester's fault 10: while a round is dealt, the banker's balance drops by the bets it covers plus its
 * fee ($1,113.95 → $1,077.41 while players set, $1,124.41 after the reveal) with nothing on screen saying that money is
 * only held for the round. Beside the balance, for a banker in a dealt round only, the top bar says how much is held,
 * in every language.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { BankerView, TableView } from '@paigow/protocol';
import { seatView, tableConfig, tableView } from '../testing/table-view.js';
import { createI18n, LANGUAGES } from './i18n/index.js';
import { TableTopBar } from './TableTopBar.js';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const config = tableConfig({ seats: 3, playerBanking: true, bankerFeeBps: 500, limits: { main: { minCents: 100, maxCents: 10_000 }, fortune: null } });
const bea: BankerView = { kind: 'player', seat: 0, nickname: 'Bea', autoApprove: true, approved: true, leaving: false, roomCents: 0 };

/** Bea banks; Ada (seat 1, $20) and Cy (seat 2, $14.80) are dealt in, unless the phase is another; `role` is the viewer's. */
function table(phase: TableView['phase'], role: 'banker' | 'player'): TableView {
  const dealt = phase === 'dealing' || phase === 'setting';
  const seats = [
    seatView({ seat: 0, nickname: 'Bea', you: role === 'banker', role: 'banker', inRound: dealt }),
    seatView({ seat: 1, nickname: 'Ada', you: role === 'player', role: 'player', bets: { main: 2000, fortune: 500 }, inRound: dealt }),
    seatView({ seat: 2, nickname: 'Cy', role: 'player', bets: { main: 1480, fortune: 0 }, inRound: dealt }),
  ];
  return tableView({ config, phase, roundId: dealt ? 'r-7' : null, banker: bea, seats }, { role, seat: role === 'banker' ? 0 : 1, nickname: role === 'banker' ? 'Bea' : 'Ada', balanceCents: 107_741 });
}

function draw(lng: string, view: TableView): string {
  const bar = createElement(TableTopBar, { view, you: view.you!, lastRound: null, tableNames: new Map(), money, onLeave: () => undefined, onTopUp: () => undefined });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, bar));
}

describe.each(LANGUAGES)('the money a banker has held for the round (%s)', (lng) => {
  it('is said beside the balance while the round is dealt: the bets it covers and its fee', () => {
    const words = createI18n(lng).t('bank.heldForRound', { amount: '$36.54' });
    for (const phase of ['dealing', 'setting'] as const) {
      const html = draw(lng, table(phase, 'banker'));
      // $20.00 + $14.80 covered, and its 5% fee of $1.74.
      expect(html).toMatch(/data-testid="balance-held" data-cents="3654"/);
      expect(html.replace(/<[^>]+>/g, '')).toContain(words.replace(/'/g, '&#x27;'));
    }
  });

  it('is not said between rounds, nor to a player of the round', () => {
    for (const phase of ['betting', 'approval'] as const) expect(draw(lng, table(phase, 'banker'))).not.toContain('balance-held');
    expect(draw(lng, table('setting', 'player'))).not.toContain('balance-held');
  });
});
