/**
 * The connection's return is said (a screen-reader tester's finding): going offline was read out, but the banner's
 * removal when the table came back was not (screen readers do not read removals). "Connected again" now takes the
 * lost banner's place in the same polite live region, in every language, and only after a loss.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { CATALOGS, createI18n, LANGUAGES } from './i18n/index.js';
import { ConnectionLive, connectionNotice, type ConnectionNotice } from './ConnectionBanner.js';

/** The notices shown along a run of statuses, from a first join. */
function along(statuses: readonly string[]): ConnectionNotice[] {
  let notice: ConnectionNotice = null;
  return statuses.map((s) => (notice = connectionNotice(notice, s)));
}

describe('the connection banner', () => {
  it('says the connection is back once the table is joined again after a loss, and only then', () => {
    expect(along(['connecting', 'open', 'reconnecting', 'reconnecting', 'open', 'open'])).toEqual([null, null, 'lost', 'lost', 'back', 'back']);
    // A loss again while "back" is shown; a connection closed for good is not a return.
    expect(along(['open', 'reconnecting', 'open', 'reconnecting', 'closed'])).toEqual([null, 'lost', 'back', 'lost', null]);
  });

  it.each(LANGUAGES)('puts the return in the polite live region, in words of the catalog (%s)', (lng) => {
    const draw = (notice: ConnectionNotice) => renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(ConnectionLive, { notice })));
    const back = draw('back');
    const said = CATALOGS[lng].table.connectionBack;
    expect(said.length).toBeGreaterThan(5);
    expect(back).toMatch(/^<div class="connection-live" role="status" aria-live="polite"><p[^>]*data-testid="connection-back"/);
    expect(back).toContain(said);
    expect(back).not.toContain('connection-lost');
    expect(draw('lost')).toContain(CATALOGS[lng].table.connectionLost);
    expect(draw(null)).not.toContain('<p');
  });
});
