import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { ENVY_BONUS_TABLE, FORTUNE_LINES, FORTUNE_PAY_TABLE } from '@paigow/engine';
import { createI18n, formatMoney } from '../app/i18n/index.js';
import { en } from '../app/i18n/en.js';
import { FortunePayTable, type FortunePayTableProps } from './FortunePayTable.js';

const i18n = createI18n('en');
const money = (cents: number) => formatMoney('en', cents);

/** Renders the panel to HTML and parses it (Node has no DOM: a small reader of the rows' attributes and text). */
function render(props: Partial<FortunePayTableProps> = {}): string {
  const element = createElement(FortunePayTable, {
    payTable: { ...FORTUNE_PAY_TABLE },
    limits: { minCents: 100, maxCents: 2_500 },
    envy: null,
    money,
    ...props,
  });
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, element));
}

/** The rows with `data-testid="<testid>"`: their data attributes and their cells' text. */
function rows(html: string, testid: string): { attrs: Record<string, string>; cells: string[] }[] {
  const out: { attrs: Record<string, string>; cells: string[] }[] = [];
  for (const match of html.matchAll(new RegExp(`<tr ([^>]*data-testid="${testid}"[^>]*)>(.*?)</tr>`, 'g'))) {
    const attrs = Object.fromEntries([...match[1].matchAll(/data-([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const cells = [...match[2].matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((m) => m[1]);
    out.push({ attrs, cells });
  }
  return out;
}

describe('the Fortune pay table at the table (rules.md §4)', () => {
  it('lists every line, highest first, with its "to 1" pay and its translated name', () => {
    const lines = rows(render(), 'fortune-line');
    expect(lines.map((r) => r.attrs.line)).toEqual([...FORTUNE_LINES]);
    expect(lines.map((r) => Number(r.attrs.pays))).toEqual(FORTUNE_LINES.map((line) => FORTUNE_PAY_TABLE[line]));
    expect(lines[0].cells).toEqual([en.fortuneLine.seven_card_straight_flush_natural, '8,000 to 1']);
    expect(lines.at(-1)!.cells).toEqual(['Straight', '2 to 1']);
    for (const row of lines) expect(row.cells[0]).not.toMatch(/_/); // names, not keys
  });

  it("draws the table's own pay table (operators change it)", () => {
    const lines = rows(render({ payTable: { ...FORTUNE_PAY_TABLE, flush: 3, straight: 1 } }), 'fortune-line');
    expect(lines.find((r) => r.attrs.line === 'flush')?.cells[1]).toBe('3 to 1');
    expect(lines.find((r) => r.attrs.line === 'straight')?.cells[1]).toBe('1 to 1');
  });

  it("shows the Fortune bet's own limits", () => {
    const html = render({ limits: { minCents: 500, maxCents: 10_000 } });
    expect(html).toMatch(/data-testid="fortune-limits" data-min-cents="500" data-max-cents="10000">Fortune bet \$5 – \$100</);
  });

  it('shows the envy bonus amounts and threshold only when the table has it on', () => {
    expect(render()).not.toContain('envy-table');
    const html = render({ envy: { minFortuneBetCents: 500, amountsCents: { ...ENVY_BONUS_TABLE } } });
    expect(html).toContain('With a Fortune bet of $5 or more');
    const envy = rows(html, 'envy-line');
    expect(envy.map((r) => r.attrs.line)).toEqual(Object.keys(ENVY_BONUS_TABLE));
    expect(envy.find((r) => r.attrs.line === 'four_of_a_kind')?.cells).toEqual(['Four of a kind', '$5']);
    expect(envy[0].cells).toEqual([en.fortuneLine.seven_card_straight_flush_natural, '$5,000']);
  });
});
