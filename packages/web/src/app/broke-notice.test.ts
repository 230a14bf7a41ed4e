/**
 * The felt's notice for a player short of the table minimum (rules.md §5): Top up when the server grants one; when
 * the money is held as the player's bank cover at another table, that is said instead (tester: Alice, banking at
 * table-3 with her whole balance, read "Your balance ($0)…" at table-2 with a Top up the server refused).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { houseRound, seatResult, tableConfig, tableView, youView } from '../testing/table-view.js';
import { renderTableLayout } from '../testing/table-layout.js';
import { BrokeNotice } from './BrokeNotice.js';
import { createI18n, formatMoney, LANGUAGES } from './i18n/index.js';

const config = tableConfig({ limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: null } });

function draw(lng: string, heldElsewhereCents: number): string {
  const i18n = createI18n(lng);
  const you = youView({ balanceCents: 0, heldElsewhereCents });
  const money = (cents: number) => formatMoney(lng, cents);
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n }, createElement(BrokeNotice, { view: tableView({ config }, you), you, money, onTopUp: () => undefined, busy: false })),
  );
}

describe('the broke notice', () => {
  it.each(LANGUAGES)('in %s: offers no Top up and names the money held as bank cover elsewhere', (lng) => {
    const i18n = createI18n(lng);
    const html = draw(lng, 38_810);
    expect(html).not.toContain('broke-top-up');
    const shown = html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
    expect(shown).toContain(i18n.t('bets.brokeHeld', { held: formatMoney(lng, 38_810) }));
    expect(shown).not.toContain(i18n.t('bets.brokeTopUp'));
    // A player broke for good is still offered Top up.
    expect(draw(lng, 0)).toContain('data-testid="broke-top-up"');
  });
});

// A tester's (ru at 360×740): after the round that took the last of the balance, the broke notice with its Top up, the
// phase line "Round over. Rebet or build a new one." (four lines beside the spots) and Rebet's "You need $75 and have $0"
// under the buttons made the page 752 px tall. The notice says it once: the phase line and the buttons' reasons give way.
describe('the felt of a broke player after its last round', () => {
  const lost = houseRound({ players: [seatResult({ bets: { main: 7500, fortune: 0 }, high: 'lose', low: 'lose', outcome: 'lose', commissionCents: 0, netCents: -7500 })], bankerNetCents: 7500 });
  const broke = (balanceCents: number) =>
    tableView({ config, lastRound: lost }, { balanceCents, lastBets: { main: 7500, fortune: 0 }, lastResult: { roundId: 'r-1', outcome: 'lose', netCents: -7500 } });
  it.each(LANGUAGES)('in %s: the notice alone says why, no phase line and no reason under Rebet', (lng) => {
    const html = renderTableLayout(broke(0), lng);
    expect(html).toContain('data-testid="broke-top-up"');
    expect(html).toContain('data-testid="result"');
    expect(html).toMatch(/<p class="message" data-testid="message"><\/p>/);
    expect(html).not.toContain('data-testid="rebet-reason"');
    expect(html).not.toContain('data-testid="double-reason"');
    // Rebet's reason is still its title.
    expect(html).toMatch(/data-testid="rebet"[^>]*title="[^"]+"/);
  });
  it('says the phase and the reasons again to a player who can bet', () => {
    const html = renderTableLayout(broke(5_000));
    expect(html).not.toContain('data-testid="broke"');
    expect(html).toMatch(/<p class="message" data-testid="message">[^<]+<\/p>/);
    expect(html).toContain('data-testid="rebet-reason"');
  });
});
