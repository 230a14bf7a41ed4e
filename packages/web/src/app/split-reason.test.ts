import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TableView } from '@paigow/protocol';
import { createI18n } from './i18n/index.js';
import { en } from './i18n/en.js';
import { TableLayout } from './TableScreen.js';
import type { Api } from '../net/http.js';
import { HAND, liveTable, tableView } from '../testing/table-view.js';

const i18n = createI18n('en');

/** Ada dealt her seven cards at a one-seat table, setting her hand. */
function settingView(): TableView {
  const view = tableView(
    { phase: 'setting', roundId: 'r-13' },
    { balanceCents: 97_450, compPoints: 42, bets: { main: 2500, fortune: 0 }, ready: true, cards: [...HAND], deadlineMs: 31_000, deadlineKind: 'decision' },
  );
  return { ...view, seats: view.seats.map((s) => ({ ...s, inRound: true, cardCount: 7, deadlineMs: 31_000 })) };
}

function render(low: string[]): string {
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n },
      createElement(TableLayout, {
        api: {} as Api,
        session: { token: 't', player: { id: 'p1', nickname: 'Ada', balanceCents: 97_450, compPoints: 42, language: null } },
        tableId: 'table-1',
        onLeave: () => undefined,
        onSessionLost: () => undefined,
        onPlayer: () => undefined,
        table: liveTable(settingView()),
        initialLow: low,
      }),
    ),
  );
}

/** The `split-reason` element's opening tag and text. */
function reason(html: string): { tag: string; text: string } | null {
  const m = /(<p[^>]*data-testid="split-reason"[^>]*>)([^<]*)<\/p>/.exec(html);
  return m ? { tag: m[1]!, text: m[2]! } : null;
}

describe('the reason Split is disabled (rules.md §5: the reason is shown)', () => {
  it('tells the two cards still to move as a neutral instruction, not as an error', () => {
    const r = reason(render([]));
    expect(r?.text).toBe(en.splitReason.lowCount.replace('{{count}}', '0'));
    expect(r?.tag).toContain('class="split-hint"');
    expect(r?.tag).toContain('data-kind="hint"');
    expect(r?.tag).not.toContain('foul-reason');
  });

  it('draws a foul as an error, with the foul message', () => {
    const r = reason(render(['As', 'Jk']));
    expect(r?.text).toBe(en.errors['setting/foul']);
    expect(r?.tag).toContain('class="foul-reason"');
    expect(r?.tag).toContain('data-kind="foul"');
  });

  it('shows no reason for a legal setting', () => {
    expect(reason(render(['Kh', 'Td']))).toBeNull();
  });
});
