/**
 * The phone's side sheet ("History & info", "Protokoll & Info", "Historique et infos") is a dialog as the help panel is
 * (tester: it had no dialog role nor aria-modal, ignored Escape and left focus on its toggle): named by its
 * toggle's words, and Escape closes it while Tab stays inside. Moving focus needs a browser
 * (e2e/phone-viewport.test.ts); the markup and the key handling are checked here.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n/index.js';
import { sheetKey, SideSheet } from './SideSheet.js';

function render(lng: string, compact: boolean, open: boolean): string {
  const sheet = createElement(SideSheet, { compact, open, onClose: () => undefined, children: createElement('p', null, 'History') });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: createI18n(lng) }, sheet));
}

/** The opening tag of the element with `data-testid="side-sheet"`. */
const sheetTag = (html: string) => /<div[^>]*data-testid="side-sheet"[^>]*>/.exec(html)?.[0] ?? '';

describe('the open sheet is a dialog named as its toggle', () => {
  it.each([
    ['en', 'History & info'],
    ['de', 'Protokoll & Info'],
    ['fr', 'Historique et infos'],
    ['ru', 'История и инфо'],
    ['es', 'Historial e info'],
  ])('%s: %s', (lng, name) => {
    const tag = sheetTag(render(lng, true, true));
    expect(tag).toContain('role="dialog"');
    expect(tag).toContain('aria-modal="true"');
    expect(tag).toContain(`aria-label="${name.replaceAll('&', '&amp;')}"`);
    expect(tag).not.toContain('hidden');
  });

  it('is hidden and not modal while closed; on a larger screen the column is no dialog', () => {
    const closed = sheetTag(render('en', true, false));
    expect(closed).toContain('hidden');
    expect(closed).toContain('aria-modal="false"');
    const wide = render('en', false, false);
    expect(wide).not.toContain('role="dialog"');
    expect(wide).not.toContain('side-close');
  });
});

describe('keys inside the open sheet (sheetKey)', () => {
  const [close, sound, history] = ['close', 'sound', 'history'];
  const all = [close, sound, history];

  it('closes it on Escape, wherever focus is in it', () => {
    expect(sheetKey({ key: 'Escape', shiftKey: false }, all, sound)).toEqual({ close: true, focus: null });
    expect(sheetKey({ key: 'Escape', shiftKey: false }, all, close)).toEqual({ close: true, focus: null });
  });

  it('keeps Tab inside: from the last element to the first, Shift+Tab from the first to the last', () => {
    expect(sheetKey({ key: 'Tab', shiftKey: false }, all, history)).toEqual({ close: false, focus: close });
    expect(sheetKey({ key: 'Tab', shiftKey: true }, all, close)).toEqual({ close: false, focus: history });
    expect(sheetKey({ key: 'Tab', shiftKey: false }, all, 'outside')).toEqual({ close: false, focus: close });
  });

  it('leaves Tab between inner elements and other keys to the browser', () => {
    expect(sheetKey({ key: 'Tab', shiftKey: false }, all, close)).toEqual({ close: false, focus: null });
    expect(sheetKey({ key: 'Tab', shiftKey: true }, all, history)).toEqual({ close: false, focus: null });
    expect(sheetKey({ key: 'Enter', shiftKey: false }, all, sound)).toEqual({ close: false, focus: null });
  });
});
