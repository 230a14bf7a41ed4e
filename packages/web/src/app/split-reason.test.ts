import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TableView, YouView } from '@paigow/engine';
import { createI18n } from './i18n/index.js';
import { en } from './i18n/en.js';
import { TableLayout } from './TableScreen.js';
import type { TableState } from './useTable.js';
import type { Api } from '../net/http.js';

const i18n = createI18n('en');
const cards = ['As', 'Kh', 'Jk', '7d', '7c', '3s', 'Td'];

function settingView(): TableView {
  const you = {
    playerId: 'p1',
    nickname: 'Ada',
    seat: 0,
    role: 'player',
    balanceCents: 97_450,
    compPoints: 42,
    bets: { main: 2500, fortune: 0 },
    lastBets: null,
    ready: true,
    cards,
    setting: null,
    houseWay: null,
    deadlineMs: 31_000,
    deadlineKind: 'decision',
    canTakeBank: false,
    lastResult: null,
  } satisfies YouView;
  return {
    protocolVersion: 1,
    tableId: 'table-1',
    config: {
      tableId: 'table-1',
      name: 'Jade Room',
      seats: 1,
      limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: null },
      betUnitCents: 100,
      commissionBps: 500,
      bankerFeeBps: 150,
      playerBanking: false,
      bankMinCompPoints: 50,
      bankMinBalanceCents: 50_750,
      houseWay: 'seeds',
      fortunePayTable: null,
      envyBonus: null,
      timers: { betMs: 45_000, decisionMs: 45_000, approvalMs: 35_000, reconnectMs: 60_000, reconnectGraceMs: 15_000 },
    },
    phase: 'setting',
    roundId: 'r-13',
    serverNowMs: 0,
    seats: [
      { seat: 0, nickname: 'Ada', you: true, role: 'player', connected: true, bets: { main: 2500, fortune: 0 }, ready: true, inRound: true, cardCount: 7, hasSet: false, deadlineMs: 31_000 },
    ],
    banker: { kind: 'house' },
    you,
    lastRound: null,
    fairness: null,
    ack: null,
  } as TableView;
}

function render(low: string[]): string {
  const table: TableState = {
    view: settingView(),
    receivedAtMs: 0,
    status: 'open',
    error: null,
    pending: new Map(),
    connections: 1,
    notices: [],
    dismissNotice: () => undefined,
    sitAgain: () => undefined,
    send: () => '',
    leave: () => Promise.resolve(),
    hint: null,
    askHint: () => undefined,
    clearHint: () => undefined,
  };
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
        table,
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
