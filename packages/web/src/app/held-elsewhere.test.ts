/**
 * A player-banker tester's: banking at table-3 with $999.92 and $507.50 held as the bank's cover, at table-1 the top
 * bar's balance read $492.42 with no word of the hold, while table-3 and /api/me showed $999.92 (the view's
 * `you.balanceCents` leaves out what `heldElsewhereCents` holds, docs/protocol.md); the felt said it only to a player
 * short of the table minimum (`bets.brokeHeld`). Beside the balance the top bar now says how much is held, at any
 * balance, in every language, with the whole explanation in its title.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TableView } from '@paigow/protocol';
import { tableView } from '../testing/table-view.js';
import { createI18n, formatMoney, LANGUAGES } from './i18n/index.js';
import { TableTopBar } from './TableTopBar.js';

/** Table-1 with its viewer, $492.42 to play here and `heldElsewhereCents` held by its bank at another table. */
const table = (heldElsewhereCents: number): TableView => tableView({}, { balanceCents: 49_242, heldElsewhereCents });

function draw(lng: string, view: TableView): string {
  const money = (cents: number) => formatMoney(lng, cents);
  const bar = createElement(TableTopBar, { view, you: view.you!, lastRound: null, tableNames: new Map(), money, onLeave: () => undefined, onTopUp: () => undefined });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, bar));
}

const unescape = (html: string) => html.replace(/&#x27;/g, "'").replace(/&amp;/g, '&');

describe.each(LANGUAGES)('the balance held by the bank at another table (%s)', (lng) => {
  it('is said beside the balance, with the whole explanation in its title', () => {
    const t = createI18n(lng).t;
    const amount = formatMoney(lng, 50_750);
    const html = unescape(draw(lng, table(50_750)));
    const note = /<span[^>]*data-testid="balance-held-elsewhere"[^>]*>([^<]*)<\/span>/.exec(html);
    expect(note?.[0]).toContain('data-cents="50750"');
    expect(note?.[1]).toBe(t('bank.heldElsewhere', { amount }));
    expect(note?.[1]).toContain(amount);
    expect(note?.[0]).toContain(`title="${t('bets.brokeHeld', { held: amount })}"`);
  });

  it('is not said when nothing is held elsewhere', () => {
    expect(draw(lng, table(0))).not.toContain('balance-held-elsewhere');
  });
});
