/**
 * The table's facts (TableFacts.tsx): a table's limits at the end of its name are kept on one line (a player's
 * finding: in Spanish at 1366×768 table-4's name broke as "Reglas de la casa de Foxwoods (1–" / "100)").
 */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n/index.js';
import { nameAndLimits, TableFacts } from './TableFacts.js';
import { tableConfig, tableView } from '../testing/table-view.js';

describe("the table's name in its facts", () => {
  it('splits the limits in brackets off the end of a name', () => {
    expect(nameAndLimits('Reglas de la casa de Foxwoods (1–100)')).toEqual(['Reglas de la casa de Foxwoods ', '(1–100)']);
    expect(nameAndLimits('Dragon Room')).toEqual(['Dragon Room', '']);
  });

  it('draws the limits of table-4 in Spanish in a span that does not wrap', () => {
    const view = tableView({ tableId: 'table-4', config: tableConfig({ tableId: 'table-4', name: 'Foxwoods house way (1–100)', houseWay: 'foxwoods' }) });
    const html = renderToStaticMarkup(
      createElement(I18nextProvider, { i18n: createI18n('es') }, createElement(TableFacts, { view, money: (c: number) => `${c / 100} $` })),
    );
    expect(html).toContain('<span class="table-limits">(1–100)</span>');
    expect(readFileSync(new URL('./styles.css', import.meta.url), 'utf8')).toContain('.table-limits { white-space: nowrap; }');
  });
});
