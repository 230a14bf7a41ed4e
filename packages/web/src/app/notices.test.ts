import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { NOTICE_CODES, type NoticeParams } from '@paigow/engine';
import { makeNotice, type Notice } from '@paigow/protocol';
import { LANGUAGES, createI18n, errorMessage, formatMoney, noticeText } from './i18n/index.js';
import { joinErrorCode, parseNotice } from '../net/table-connection.js';
import { ACTION_TOAST_MS, TOAST_FADE_MS, TOAST_MS, Toasts, dismissals, toastLifetimeMs, toldByNotice, type ToastNotice } from './Toasts.js';
import type { NoticeItem } from './useTable.js';
import type { AwayRound } from './away.js';

const i18n = createI18n('en');
const t = i18n.t.bind(i18n);
const money = (cents: number, signed = false) => formatMoney('en', cents, signed);
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('server notices (docs/protocol.md `notice`)', () => {
  it('has a text for every notice code the protocol defines, in every form the server builds', () => {
    const samples: Notice[] = [
      makeNotice('notice/bet-returned', { amountCents: 3000, reason: 'timeout' }),
      makeNotice('notice/bet-returned', { amountCents: 3000, reason: 'round-dealt-without-you' }),
      makeNotice('notice/bet-returned', { amountCents: 3000, reason: 'disconnect' }),
      makeNotice('notice/bet-returned', { amountCents: 3000, reason: 'balance' }),
      makeNotice('notice/house-way-set', { roundId: 'r1', reason: 'timeout' }),
      makeNotice('notice/house-way-set', { roundId: 'r1', reason: 'disconnect' }),
      makeNotice('notice/left-table', { reason: 'timeout' }),
      makeNotice('notice/left-bank', { reason: 'approval-timeout' }),
      makeNotice('notice/left-bank', { reason: 'balance' }),
      makeNotice('notice/left-bank', { reason: 'comp-points' }),
      makeNotice('notice/left-bank', { reason: 'table-moved' }),
      makeNotice('notice/left-bank', { reason: 'server-stopped' }),
      makeNotice('notice/left-bank', { reason: 'disconnected' }),
      makeNotice('notice/round-void', { roundId: 'r1', reason: 'ledger/insufficient-funds' }),
      makeNotice('notice/round-recovered', { roundId: 'r1', outcome: 'lose', netCents: -2500, setBy: 'recovery' }),
      makeNotice('notice/round-recovered', { roundId: 'r1', outcome: 'refunded', netCents: 0, setBy: null }),
      makeNotice('notice/round-settled', { roundId: 'r1', outcome: 'lose', netCents: -2500, setBy: 'disconnect' }),
    ];
    expect(new Set(samples.map((n) => n.code))).toEqual(new Set(NOTICE_CODES));
    for (const n of samples) {
      const line = noticeText(t, n, money);
      // The catalog's own words (not the server's English fallback), every placeholder filled.
      expect(line, JSON.stringify(n)).not.toBe(n.message);
      expect(line, JSON.stringify(n)).not.toMatch(/\{\{|notice\//);
    }
  });

  it('reads a notice payload and refuses anything else', () => {
    expect(parseNotice({ code: 'notice/round-void', message: 'void', seq: 4, tableId: 't1' })).toEqual({ code: 'notice/round-void', params: {}, message: 'void', seq: 4, tableId: 't1' });
    expect(parseNotice({ code: 'bet/closed', params: {}, message: '' })).toBeNull();
    expect(parseNotice('notice/round-void')).toBeNull();
    expect(parseNotice({ code: 'notice/x', params: [1], message: 3 })).toEqual({ code: 'notice/x', params: {}, message: '', seq: null, tableId: null });
    // A number that is not an inbox number is not one to acknowledge.
    expect(parseNotice({ code: 'notice/x', params: {}, message: '', seq: 0, tableId: 5 })).toMatchObject({ seq: null, tableId: null });
    expect(parseNotice({ code: 'notice/x', params: {}, message: '', seq: 1.5 })?.seq).toBeNull();
  });

  it('says why a bet came back, with the amount, for every reason the server gives', () => {
    for (const reason of ['timeout', 'disconnect', 'round-dealt-without-you', 'balance']) {
      const line = noticeText(t, { code: 'notice/bet-returned', params: { amountCents: 2500, reason }, message: 'x' }, money);
      expect(line, reason).toContain('$25');
      expect(line, reason).not.toContain('{{');
    }
    expect(noticeText(t, { code: 'notice/bet-returned', params: { amountCents: 2500, reason: 'balance' }, message: '' }, money)).toMatch(/another table/);
    // An unknown reason still gets the general sentence.
    expect(noticeText(t, { code: 'notice/bet-returned', params: { amountCents: 500, reason: 'cosmic-rays' }, message: '' }, money)).toBe(
      'Your bets ($5) went back to your balance.',
    );
  });

  it('tells the house-way, left-table and left-bank notices by reason', () => {
    expect(noticeText(t, { code: 'notice/house-way-set', params: { reason: 'timeout' }, message: '' }, money)).toMatch(/^Time ran out/);
    expect(noticeText(t, { code: 'notice/house-way-set', params: { reason: 'disconnect' }, message: '' }, money)).toMatch(/disconnected/);
    expect(noticeText(t, { code: 'notice/left-table', params: { reason: 'timeout' }, message: '' }, money)).toMatch(/left the table/);
    expect(noticeText(t, { code: 'notice/left-bank', params: { reason: 'approval-timeout' }, message: '' }, money)).toMatch(/not approved in time/);
    expect(noticeText(t, { code: 'notice/left-bank', params: { reason: 'balance' }, message: '' }, money)).toMatch(/balance/);
    expect(noticeText(t, { code: 'notice/left-bank', params: { reason: 'comp-points' }, message: '' }, money)).toMatch(/comp points/);
    expect(noticeText(t, { code: 'notice/left-bank', params: { reason: 'table-moved' }, message: '' }, money)).toMatch(/moved to another server/);
    expect(noticeText(t, { code: 'notice/left-bank', params: { reason: 'disconnected' }, message: '' }, money)).toMatch(/away longer than your seat is held/);
    expect(noticeText(t, { code: 'notice/round-void', params: { roundId: 'r1', reason: 'ledger/insufficient-funds' }, message: '' }, money)).toMatch(/could not be dealt/);
    expect(noticeText(t, { code: 'notice/round-recovered', params: { roundId: 'r1', outcome: 'win', netCents: 2375 }, message: '' }, money)).toMatch(/\+\$23\.75\.$/);
    expect(noticeText(t, { code: 'notice/round-recovered', params: { roundId: 'r1', outcome: 'refunded', netCents: 0 }, message: '' }, money)).toMatch(/called off/);
    // A retester's: a settlement refunded after a database fault (no server stopped) was told as "interrupted by a server stop".
    // An operator's: a round a peer settled after a database cut (no server stopped) was told the same.
    for (const lng of LANGUAGES) {
      for (const key of ['notices.round-recovered.refunded', 'notices.round-recovered.other']) {
        expect(createI18n(lng).t(key, { net: '' }), `${lng} ${key}`).not.toMatch(/server stop|остановкой сервера|arrêt du serveur|Serverstopp|parada del servidor/);
      }
    }
    expect(noticeText(t, { code: 'notice/round-settled', params: { roundId: 'r1', outcome: 'win', netCents: 2375, setBy: 'timeout' }, message: '' }, money)).toMatch(/while you were away: \+\$23\.75\.$/);
  });

  it("shows the server's text for a notice the catalog does not know", () => {
    expect(noticeText(t, { code: 'notice/brand-new', params: {}, message: 'Something new happened.' }, money)).toBe('Something new happened.');
  });

  it('draws notices apart from the red error, with "Sit again" after leaving on a timeout', () => {
    const notices: NoticeItem[] = [
      { id: 1, atMs: Date.now(), code: 'notice/bet-returned', params: { amountCents: 2500, reason: 'balance' }, message: '', seq: 7, tableId: 'table-1' },
      { id: 2, atMs: Date.now(), code: 'notice/left-table', params: { reason: 'timeout' }, message: '', seq: 8, tableId: 'table-1' },
    ];
    const html = drawToasts({
      notices,
      away: [{ roundId: 'r1', tableId: 'table-1', outcome: 'win', netCents: 2375, setBy: 'disconnect' }],
      tableNames: new Map([['table-1', 'Jade Room']]),
      currentTable: null,
    });
    expect(html).not.toContain('data-testid="error"');
    expect(html).toContain('data-code="notice/bet-returned"');
    expect(html).toContain('data-testid="sit-again"');
    expect(html).toContain('data-testid="away-round" data-round-id="r1" data-result="win" data-net-cents="2375"');
    expect(text(html)).toContain('While you were away');
    expect(text(html)).toContain('Jade Room: round won +$23.75 (your hand was set by the house way)');
  });

  it('tells a round recovered after a server stop as set by the house way, not by a disconnection', () => {
    const away: AwayRound[] = [{ roundId: 'r1', tableId: 'table-1', outcome: 'win', netCents: 2375, setBy: 'recovery' }];
    const html = text(drawToasts({ notices: [], away, tableNames: new Map([['table-1', 'Jade Room']]), currentTable: null }));
    expect(html).toContain('Jade Room: round won +$23.75 (your hand was set by the house way)');
  });
});

/** The toasts drawn with `props` (nothing else shown, every handler a no-op), in `lng`, as HTML. */
function drawToasts(props: Pick<Parameters<typeof Toasts>[0], 'notices' | 'tableNames' | 'currentTable'> & { away?: AwayRound[] }, lng = 'en'): string {
  const noop = () => undefined;
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(lng) },
      createElement(Toasts, { local: [], away: [], money, onDismiss: noop, onDismissLocal: noop, onDismissAway: noop, onSitAgain: noop, canSitAgain: true, ...props }),
    ),
  );
}

/** The toasts of `notices` at table `table-1`, in `lng`, as HTML. */
function toastsAtTable1(notices: NoticeItem[], lng = 'en'): string {
  const tableNames = new Map([
    ['table-1', 'Jade Room'],
    ['table-4', 'Foxwoods Room'],
  ]);
  return drawToasts({ notices, tableNames, currentTable: { id: 'table-1', name: 'Jade Room' } }, lng);
}

// A tester's: bets returned at table-4 were told at table-1 as "Your bets here (12.50) went back…" (a join, or a
// read of the inbox there, is sent the notices of every table), and a seat lost at table-4 offered "Sit again" at table-1.
describe('a notice of another table', () => {
  const at = (tableId: string | null, code: string, params: Record<string, unknown>, id = 1): NoticeItem => ({ id, atMs: Date.now(), code, params, message: '', seq: id, tableId });

  it("is told with that table's name, and a seat lost there offers no Sit again here", () => {
    const html = toastsAtTable1([at('table-4', 'notice/bet-returned', { amountCents: 1250, reason: 'balance' }, 1), at('table-4', 'notice/left-table', { reason: 'timeout' }, 2)]);
    expect(text(html)).toContain('Foxwoods Room: Your bets ($12.50) went back to your balance');
    expect(text(html)).toContain('Foxwoods Room: You left the table');
    expect(html).not.toContain('data-testid="sit-again"');
    expect(text(html)).not.toContain(' here ');
  });

  it('of this table, or of none, is told as it is', () => {
    const html = toastsAtTable1([at('table-1', 'notice/left-table', { reason: 'timeout' }, 1), at(null, 'notice/bet-returned', { amountCents: 1250, reason: 'timeout' }, 2)]);
    expect(text(html)).not.toContain('Room:');
    expect(html).toContain('data-testid="sit-again"');
  });

  it.each(LANGUAGES)('names the table in %s', (lng) => {
    const html = toastsAtTable1([at('table-4', 'notice/bet-returned', { amountCents: 1250, reason: 'balance' })], lng);
    expect(html).toMatch(/>Foxwoods Room\u00a0?: \S/);
  });
});

// A player tester's: "Sit again to play" and a Sit again button after an idle stand-up, and the sit refused for 5 minutes.
describe('the notice of an idle stand-up', () => {
  it.each(LANGUAGES)('says in %s when the player may sit at the table again, and offers no Sit again', (lng) => {
    const idle: NoticeItem = { id: 1, atMs: Date.now(), code: 'notice/left-table', params: { reason: 'idle', waitSeconds: 300 }, message: '', seq: 1, tableId: 'table-1' };
    const html = toastsAtTable1([idle], lng);
    expect(text(html)).toMatch(/5\s(min|Min|мин)/);
    expect(html).not.toContain('data-testid="sit-again"');
  });
});

/**
 * Every reason the server gives each notice (`NoticeParams`: a reason missing here fails to compile), so that
 * a reason added to the protocol is written in every language: a reason without its own sentence fell back to
 * the general one (a banker out of comp points read only "You left the bank").
 */
const REASONS: { readonly [C in 'bet-returned' | 'house-way-set' | 'left-table' | 'left-bank']: Record<NoticeParams[`notice/${C}`]['reason'], true> } = {
  'bet-returned': { timeout: true, 'round-dealt-without-you': true, disconnect: true, balance: true, 'bank-changed': true },
  'house-way-set': { timeout: true, disconnect: true },
  'left-table': { timeout: true, idle: true },
  'left-bank': { 'approval-timeout': true, balance: true, 'comp-points': true, 'table-moved': true, 'server-stopped': true, disconnected: true },
};

describe.each(LANGUAGES)('every notice reason in %s', (lng) => {
  const i18n = createI18n(lng);
  const tl = i18n.t.bind(i18n);
  const cash = (cents: number, signed = false) => formatMoney(lng, cents, signed);

  it.each(Object.entries(REASONS))('notice/%s: each reason has its own sentence, none the general one', (name, reasons) => {
    const general = noticeText(tl, { code: `notice/${name}`, params: { amountCents: 2500, reason: 'no-such-reason' }, message: '' }, cash);
    const said = Object.keys(reasons).map((reason) => {
      expect(i18n.exists(`notices.${name}.${reason}`), `${lng} notices.${name}.${reason}`).toBe(true);
      return noticeText(tl, { code: `notice/${name}`, params: { amountCents: 2500, reason }, message: '' }, cash);
    });
    expect(said).not.toContain(general);
    expect(new Set(said).size).toBe(said.length);
  });
});

// A retester's: "Place a bet first." in red beside the notice that its bets had gone back for balance, having bet and pressed Deal.
describe('a refusal a notice on screen already tells', () => {
  it('is a Deal refused for want of a bet while the notice of the bets returned shows, and nothing else', () => {
    const returned = [{ code: 'notice/bet-returned' }];
    expect(toldByNotice('bet/none', returned)).toBe(true);
    expect(toldByNotice('bet/none', [])).toBe(false);
    expect(toldByNotice('bet/none', [{ code: 'notice/left-table' }])).toBe(false);
    expect(toldByNotice('bet/closed', returned)).toBe(false);
  });
});

describe('toasts go by themselves', () => {
  const at = 1_000_000;
  const notice = (id: number, code: string, atMs = at): NoticeItem => ({ id, atMs, code, params: {}, message: '', seq: id, tableId: 't' });

  it('takes an informational notice off after 8–10 s, and one asking for an action later, but never keeps one', () => {
    expect(TOAST_MS).toBeGreaterThanOrEqual(8_000);
    expect(TOAST_MS).toBeLessThanOrEqual(10_000);
    for (const code of ['notice/bet-returned', 'notice/house-way-set', 'notice/round-void', 'notice/round-recovered', 'local/bank-changed']) {
      expect(toastLifetimeMs(code), code).toBe(TOAST_MS);
    }
    for (const code of ['notice/left-table', 'notice/left-bank']) {
      expect(toastLifetimeMs(code), code).toBe(ACTION_TOAST_MS);
    }
    expect(toastLifetimeMs('local/anything', true)).toBe(ACTION_TOAST_MS);
    expect(ACTION_TOAST_MS).toBeGreaterThan(TOAST_MS);
    expect(ACTION_TOAST_MS).toBeLessThanOrEqual(30_000);
  });

  it('counts each toast from its arrival, and takes an overdue one off at once', () => {
    const local: ToastNotice[] = [
      { id: 'bank-1', code: 'local/bank-changed', text: 'x', sticky: false, atMs: at - 2_000 },
      { id: 'bank-2', code: 'local/act', text: 'y', sticky: true, atMs: at },
    ];
    const list = dismissals([notice(1, 'notice/bet-returned'), notice(2, 'notice/left-table', at - 5_000), notice(3, 'notice/round-void', at - 60_000)], local, at + 1_000);
    expect(list).toEqual([
      { kind: 'server', id: 1, inMs: TOAST_MS - 1_000 },
      { kind: 'server', id: 2, inMs: ACTION_TOAST_MS - 6_000 },
      { kind: 'server', id: 3, inMs: 0 },
      { kind: 'local', id: 'bank-1', inMs: TOAST_MS - 3_000 },
      { kind: 'local', id: 'bank-2', inMs: ACTION_TOAST_MS - 1_000 },
    ]);
  });

  it('starts the fade so that a notice has faded when it goes, and keeps its close button', () => {
    const now = Date.now();
    const html = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n },
        createElement(Toasts, {
          notices: [notice(7, 'notice/bet-returned', now)],
          local: [],
          away: [],
          tableNames: new Map(),
          currentTable: null,
          money,
          onDismiss: () => undefined,
          onDismissLocal: () => undefined,
          onDismissAway: () => undefined,
          onSitAgain: () => undefined,
          canSitAgain: false,
        }),
      ),
    );
    const delay = Number(/--toast-fade-in:(\d+)ms/.exec(html)?.[1]);
    expect(delay).toBeGreaterThan(TOAST_MS - TOAST_FADE_MS - 1_000);
    expect(delay).toBeLessThanOrEqual(TOAST_MS - TOAST_FADE_MS);
    expect(html).toContain('data-testid="notice-close"');
    expect(html).toContain('class="toast toast--fading"');
  });
});

describe('join failures', () => {
  it('tells a table that does not exist apart from a server that cannot be reached', () => {
    // colyseus.js' refusal of a join to a table the server does not have: its typed message, the HTTP 404 as its code.
    const noRoom = Object.assign(new Error('action/unknown: there is no table nope'), { code: 404 });
    expect(joinErrorCode(noRoom)).toBe('table/unknown');
    expect(errorMessage(t, 'table/unknown')).toBe('This table does not exist.');
    expect(joinErrorCode(new TypeError('Failed to fetch'))).toBe('network');
  });
});
