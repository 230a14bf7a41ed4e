/**
 * The felt's notice for a player short of the table minimum (rules.md §5): Top up when the server grants one; when
 * the money is held as the player's bank cover at another table, that is said instead (tester: Alice, banking at
 * table-3 with her whole balance, read "Your balance ($0)…" at table-2 with a Top up the server refused).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { tableConfig, tableView, youView } from '../testing/table-view.js';
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
