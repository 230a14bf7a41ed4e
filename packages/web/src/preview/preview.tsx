/**
 * Visual preview of the table in fixed states, without a server (dev only: `npm run dev -w
 * packages/web`, then /preview.html#<state>). Not part of the production build (its only input is
 * index.html). States: betting, setting, foul, ok, submitted, win, lose, push, shared, banker, empty,
 * hint, hint-computing, envy, notices (toasts and the away panel), waiting (after Deal at a shared
 * table), banker-result, shared-result, spectator, long-name, broke (under the table minimum), took-bank
 * (banking after a round played as a player), newcomer (a round played by others), bank-full.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { ENVY_BONUS_TABLE, FORTUNE_PAY_TABLE } from '@paigow/engine';
import type { HintReply, HistoryEntry, RoundResultView, TableView, YouView } from '@paigow/protocol';
import { createI18n } from '../app/i18n/index.js';
import { TableLayout } from '../app/TableScreen.js';
import type { NoticeItem } from '../app/useTable.js';
import { HAND, HAND_EXPLANATION, houseRound, seatResult, seatView, tableConfig, liveTable, tableView } from '../testing/table-view.js';
import type { AwayRound } from '../app/away.js';
import type { Api } from '../net/http.js';
import '../app/styles.css';

const now = Date.now();
const cards = [...HAND];

const round: RoundResultView = houseRound({
  roundId: 'r-12',
  players: [
    seatResult({
      bets: { main: 2500, fortune: 500 },
      high: 'lose',
      low: 'win',
      outcome: 'push',
      commissionCents: 0,
      fortune: { line: null, netCents: -500 },
      netCents: -500,
      compPointsDelta: 30,
    }),
  ],
  bankerNetCents: 500,
  settledAtMs: now - 5000,
});

/** The Jade Room (5.00–500.00, Fortune 1.00–25.00) with `seats` seats: Ada in seat 0, Boris (bet 10.00, ready) in seat 2. */
function view(over: Partial<TableView>, youOver: Partial<YouView> = {}, seats = 1, playerBanking = false): TableView {
  const config = tableConfig({
    seats,
    limits: { main: { minCents: 500, maxCents: 50_000 }, fortune: { minCents: 100, maxCents: 2500 } },
    playerBanking,
    fortunePayTable: { ...FORTUNE_PAY_TABLE },
    envyBonus: playerBanking ? { minFortuneBetCents: 500, amountsCents: { ...ENVY_BONUS_TABLE } } : null,
  });
  const base = tableView({ config, serverNowMs: now }, { balanceCents: 97_450, compPoints: 42, lastBets: { main: 2500, fortune: 500 }, ...youOver });
  // The viewer's seat shows no bet here (the felt draws the viewer's own bets).
  const seatsShown = base.seats.map((s) =>
    s.seat === 0 ? seatView({ seat: 0, nickname: 'Ada', you: true, role: 'player' }) : s.seat === 2 ? seatView({ seat: 2, nickname: 'Boris', role: 'player', bets: { main: 1000, fortune: 0 }, ready: true }) : s,
  );
  return { ...base, seats: seatsShown, ...over };
}

const setting = (low: string[] = []): readonly [TableView, string[]] =>
  [view({ phase: 'setting', roundId: 'r-13' }, { cards, bets: { main: 2500, fortune: 500 }, balanceCents: 94_450, deadlineMs: now + 31_000, deadlineKind: 'decision' }), low];

/** A round at a shared table where a player banks: Ada banks against Pat (lost $10) and Boris (won $25, Fortune flush). */
const bankedRound: RoundResultView = {
  ...round,
  roundId: 'r-20',
  banker: { kind: 'player', seat: 0, nickname: 'Ada', you: true },
  players: [
    { ...round.players[0], seat: 1, nickname: 'Punter Pat', you: false, bets: { main: 1000, fortune: 0 }, high: 'lose', low: 'copy', outcome: 'lose', fortune: null, netCents: -1000, setBy: 'timeout', houseWayRule: '8.split-aces', houseWayExplanation: HAND_EXPLANATION },
    {
      ...round.players[0],
      seat: 2,
      nickname: 'Boris',
      you: false,
      bets: { main: 2500, fortune: 500 },
      high: 'win',
      low: 'win',
      outcome: 'win',
      fortune: { line: 'flush', netCents: 2000 },
      netCents: 4500,
    },
  ],
  bankerNetCents: -1500 - 53,
  bankerFeeCents: 53,
};

/** A house-banked round at a shared table: Ada (you) and Boris. */
const sharedRound: RoundResultView = {
  ...round,
  roundId: 'r-21',
  players: [
    { ...round.players[0], high: 'win', low: 'win', outcome: 'win', netCents: 2375, commissionCents: 125, fortune: null },
    { ...round.players[0], seat: 2, nickname: 'Boris', you: false, bets: { main: 1000, fortune: 0 }, high: 'lose', low: 'lose', outcome: 'lose', fortune: null, netCents: -1000, setBy: 'disconnect' },
  ],
};

const LONG_NAME = 'Maximilian_Longnamez';

const STATES: Record<string, readonly [TableView, string[]]> = {
  empty: [view({}, { lastBets: null }), []],
  betting: [view({}, { bets: { main: 3100, fortune: 500 }, deadlineMs: now + 40_000, deadlineKind: 'bet' }), []],
  setting: setting(),
  foul: setting(['As', 'Jk']),
  ok: setting(['Kh', 'Td']),
  submitted: [
    view({ phase: 'setting', roundId: 'r-13' }, {
      cards,
      setting: { high: ['As', 'Jk', '7d', '7c', '3s'], low: ['Kh', 'Td'] },
      houseWay: { rule: '9.one-pair', explanation: { key: 'houseWay.9.one-pair', params: { low: 'Kh Td', high: 'As Jk 7d 7c 3s' }, text: 'One pair…' } },
      bets: { main: 2500, fortune: 0 },
    }),
    [],
  ],
  win: [
    view({ lastRound: { ...round, players: [{ ...round.players[0], high: 'win', low: 'win', outcome: 'win', netCents: 2375, commissionCents: 125, fortune: null }] } }, { lastResult: { roundId: 'r-12', outcome: 'win', netCents: 2375 } }),
    [],
  ],
  lose: [
    view({ lastRound: { ...round, players: [{ ...round.players[0], high: 'lose', low: 'copy', outcome: 'lose', netCents: -3000, setBy: 'house-way', houseWayRule: '8.split-aces', houseWayExplanation: HAND_EXPLANATION }] } }, { lastResult: { roundId: 'r-12', outcome: 'lose', netCents: -3000 }, balanceCents: 40 }),
    [],
  ],
  push: [view({ lastRound: round }, { lastResult: { roundId: 'r-12', outcome: 'push', netCents: -500 } }), []],
  hint: setting(),
  'hint-computing': setting(),
  envy: [
    view(
      {
        lastRound: {
          ...round,
          players: [
            {
              ...round.players[0],
              fortune: { line: 'flush', netCents: 2000 },
              envy: { amountCents: 500, hands: [{ seat: 2, nickname: 'Boris', line: 'four_of_a_kind', amountCents: 500 }] },
              netCents: 2500,
            },
          ],
        },
      },
      { lastResult: { roundId: 'r-12', outcome: 'push', netCents: 2500 } },
      6,
      true,
    ),
    [],
  ],
  shared: [view({ lastRound: round }, { canTakeBank: true }, 6, true), []],
  notices: [view({}, { seat: null, role: 'spectator', lastBets: null }), []],
  waiting: [
    {
      ...view({}, { ready: true, bets: { main: 2500, fortune: 500 } }, 6),
      seats: view({}, {}, 6).seats.map((s) =>
        s.seat === 0
          ? { ...s, ready: true, bets: { main: 2500, fortune: 500 } }
          : s.seat === 2
            ? { ...s, ready: false, deadlineMs: now + 38_000 }
            : s.seat === 4
              ? { ...s, nickname: 'Cleo', role: 'player' as const, bets: { main: 500, fortune: 100 }, deadlineMs: now + 21_000 }
              : s,
      ),
    },
    [],
  ],
  'banker-result': [
    view(
      { lastRound: bankedRound, banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: true, approved: true, leaving: false, roomCents: 0 } },
      { role: 'banker', lastBets: null, lastResult: { roundId: 'r-20', outcome: 'bank', netCents: -1553 } },
      6,
      true,
    ),
    [],
  ],
  'shared-result': [view({ lastRound: sharedRound }, { lastResult: { roundId: 'r-21', outcome: 'win', netCents: 2375 } }, 6), []],
  spectator: [view({}, { seat: null, role: 'spectator', lastBets: null }, 6), []],
  'long-name': [
    view({ phase: 'setting', roundId: 'r-13' }, { nickname: LONG_NAME, cards, bets: { main: 2500, fortune: 500 }, deadlineMs: now + 31_000, deadlineKind: 'decision' }),
    [],
  ],
  broke: [view({ lastRound: { ...round, players: [{ ...round.players[0], high: 'lose', low: 'lose', outcome: 'lose', netCents: -3000 }] } }, { balanceCents: 300, lastResult: { roundId: 'r-12', outcome: 'lose', netCents: -3000 } }), []],
  'took-bank': [
    view(
      { lastRound: round, phase: 'approval', banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: false, approved: false, leaving: false, roomCents: 50_000 } },
      { role: 'banker', lastResult: { roundId: 'r-12', outcome: 'push', netCents: -500 }, deadlineMs: now + 20_000, deadlineKind: 'approval' },
      6,
      true,
    ),
    [],
  ],
  newcomer: [view({ lastRound: sharedRound }, { lastBets: null, compPoints: 0, balanceCents: 100_000 }, 6, true), []],
  'bank-full': [
    view(
      { banker: { kind: 'player', seat: 2, nickname: 'Boris', autoApprove: true, approved: true, leaving: false, roomCents: 0 } },
      { lastBets: null },
      6,
      true,
    ),
    [],
  ],
  banker: [
    view(
      { phase: 'approval', banker: { kind: 'player', seat: 0, nickname: 'Ada', autoApprove: false, approved: false, leaving: false, roomCents: 0 } },
      { role: 'banker', deadlineMs: now + 20_000, deadlineKind: 'approval', lastBets: null },
      6,
      true,
    ),
    [],
  ],
};

const history: HistoryEntry[] = [
  { roundId: 'r-12', tableId: 'table-1', role: 'player', status: 'settled', netCents: -500, compPointsDelta: 30, result: round, refundReason: null, openedAt: now - 60_000, closedAt: now - 5000 },
  {
    roundId: 'r-11',
    tableId: 'table-1',
    role: 'player',
    status: 'settled',
    netCents: 2375,
    compPointsDelta: 25,
    result: { ...round, roundId: 'r-11', players: [{ ...round.players[0], outcome: 'win', high: 'win', low: 'win', netCents: 2375 }] },
    refundReason: null,
    openedAt: now - 120_000,
    closedAt: now - 100_000,
  },
];

/** A hint on the preview's cards (As Kh Jk 7d 7c 3s Td). */
const hintReply: HintReply = {
  requestId: 'h1',
  best: { high: ['7d', '7c', 'Td', '3s', 'Kh'], low: ['As', 'Jk'], ev: 0.0412, evMargin: 0.0049, win: 0.3311, push: 0.4102, loss: 0.2587 },
  houseWay: { high: ['Jk', 'As', '7d', '7c', '3s'], low: ['Kh', 'Td'], ev: 0.0137, evMargin: 0.0051, rule: '9.one-pair' },
  samples: 90_000,
};

const api: Api = {
  guest: () => Promise.reject(new Error('preview')),
  me: () => Promise.reject(new Error('preview')),
  tables: () => Promise.resolve({ tables: [] }),
  topUp: () => Promise.reject(new Error('preview')),
  history: () => Promise.resolve({ items: history }),
  signOut: () => Promise.resolve(),
  setLanguage: () => Promise.reject(new Error('preview')),
  coachRound: () => Promise.reject(new Error('preview')),
  coachTax: () => Promise.reject(new Error('preview')),
  coachCostliest: () => Promise.reject(new Error('preview')),
  daily: () => Promise.reject(new Error('preview')),
  dailyPlay: () => Promise.reject(new Error('preview')),
  dailyLeaderboard: () => Promise.reject(new Error('preview')),
};

const notices: NoticeItem[] = [
  { id: 1, atMs: now, code: 'notice/bet-returned', params: { amountCents: 2500, reason: 'balance' }, message: '', seq: null, tableId: 'table-1' },
  { id: 2, atMs: now, code: 'notice/house-way-set', params: { reason: 'timeout' }, message: '', seq: null, tableId: 'table-1' },
  { id: 3, atMs: now, code: 'notice/left-table', params: { reason: 'timeout' }, message: '', seq: null, tableId: 'table-1' },
];

const away: AwayRound[] = [
  { roundId: 'r-12', tableId: 'table-1', outcome: 'win', netCents: 2375, setBy: 'disconnect' },
  { roundId: 'r-13', tableId: 'table-2', outcome: 'void', netCents: 0, setBy: null },
];

function Preview() {
  const name = window.location.hash.slice(1) || 'betting';
  const [v, low] = STATES[name] ?? STATES.betting;
  const table = liveTable(v, {
    receivedAtMs: now,
    error: name === 'lose' ? { code: 'bet/under-limit', message: '', requestId: 'x' } : null,
    notices: name === 'notices' ? notices : [],
    hint: name === 'hint' || name === 'hint-computing' ? { requestId: 'h1', roundId: 'r-13', reply: name === 'hint' ? hintReply : null } : null,
  });
  return (
    <TableLayout
      key={name}
      api={api}
      session={{ token: 't', player: { id: 'p1', nickname: 'Ada', balanceCents: 97_450, compPoints: 42, language: null } }}
      tableId="table-1"
      onLeave={() => undefined}
      onSessionLost={() => undefined}
      onPlayer={() => undefined}
      table={table}
      initialLow={low}
      initialAway={name === 'notices' ? away : undefined}
    />
  );
}

window.addEventListener('hashchange', () => window.location.reload());
const i18n = createI18n('en');
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Preview />
    </I18nextProvider>
  </StrictMode>,
);
