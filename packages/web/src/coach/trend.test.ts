/** The Coach page's trend (issue 17): bars once there are two blocks to compare, nothing before (a player saw one block as an empty box). */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createI18n, formatMoney } from '../app/i18n/index.js';
import { Trend } from './CoachPage.js';

const i18n = createI18n('en');
const draw = (trend: { hands: number; per100Cents: number; until: number }[]) =>
  renderToStaticMarkup(createElement(Trend, { tax: { trend }, money: (cents: number) => formatMoney('en', cents), t: i18n.t.bind(i18n) }));

describe('the strategy tax trend', () => {
  it('is not drawn for one block, and is one bar a block from two', () => {
    expect(draw([])).toBe('');
    expect(draw([{ hands: 20, per100Cents: 0, until: 1 }])).toBe('');
    const two = draw([
      { hands: 20, per100Cents: 300, until: 1 },
      { hands: 20, per100Cents: 150, until: 2 },
    ]);
    expect(two).toContain('data-testid="strategy-tax-trend"');
    expect(two.match(/<li /g)).toHaveLength(2);
  });
});
