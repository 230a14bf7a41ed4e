/**
 * axe on a tester's pages: Help (`#/help/*`, every language) had two banners (`landmark-no-duplicate-banner`,
 * `landmark-unique` on `.topbar`): the panel's head was a `<header>` beside the page's top bar; the trainer after a
 * hand was graded broke `heading-order`: the settings' h3s came straight after the page's h1. The panel's head is
 * no landmark, and the grade has an h2 of its own.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { CoachSetting } from '@paigow/protocol';
import { createI18n, LANGUAGES } from '../app/i18n/index.js';
import { GradePanel } from '../coach/GradePanel.js';
import { HelpPanel } from './HelpPanel.js';
import { HELP_SECTIONS } from './route.js';

describe('the help panel over a page with its top bar', () => {
  it.each(LANGUAGES)('is no second banner in any section (%s)', (lng) => {
    for (const section of HELP_SECTIONS) {
      const html = renderToStaticMarkup(
        createElement(I18nextProvider, { i18n: createI18n(lng) }, createElement(HelpPanel, { location: { base: '#', section }, config: null, onClose: () => undefined })),
      );
      expect(html, section).not.toMatch(/<header[\s>]|role="banner"/);
      expect(html, section).toMatch(/<h1 id="help-title">/);
    }
  });
});

describe('the graded trainer\'s headings', () => {
  const setting = (ev: number): CoachSetting => ({ high: ['Ah', 'Kd', '9c', '7h', '5s'], low: ['Jk', '3s'], ev, legal: true, win: 0.4, push: 0.3, loss: 0.3 });
  it.each(LANGUAGES)('go h2 then h3s under the grade, no level skipped (%s)', (lng) => {
    const i18n = createI18n(lng);
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(GradePanel, { testid: 'trainer-grade', grade: { playedEv: -0.3, bestEv: 0.02, houseWayEv: 0.02, evLost: 0.32 }, settings: { played: setting(-0.3), best: setting(0.02), houseWay: setting(0.02) } }),
      ),
    );
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels).toEqual([2, 3, 3, 3]);
    expect(html).toContain(`>${i18n.t('coach.grade.heading')}</h2>`);
  });
});
