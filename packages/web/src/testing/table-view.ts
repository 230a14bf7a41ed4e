/**
 * One set of `TableView` fixtures for the web client's tests and the visual preview (preview.tsx): a
 * player, a table, seats, a revealed round and the `LiveTable` the table screen draws from, each with
 * plain defaults that a test overrides with what it is about. Shapes as in docs/protocol.md; cents.
 */
import type { ExplanationView, RoundResultView, SeatResultView, SeatView, TableConfigView, TableView, YouView } from '@paigow/protocol';
import type { LiveTable } from '../app/useTable.js';

/** Seven dealt cards (a pair of sevens, the joker and an ace). */
export const HAND = ['As', 'Kh', 'Jk', '7d', '7c', '3s', 'Td'] as const;

/** The seeds house way's explanation of `HAND` (rule `8.split-aces`: the sevens go to the low hand), as the engine makes it. */
export const HAND_EXPLANATION: ExplanationView = {
  key: 'houseWay.8.split-aces',
  params: { high: 'Jk As Kh Td 3s', low: '7d 7c' },
  text: 'Two pairs with aces: split, the lower pair (7d 7c) goes to the low hand.',
};

/** Ada in seat 0, a player with $1,000.00, no bets, no last round. */
export function youView(over: Partial<YouView> = {}): YouView {
  return {
    playerId: 'p1',
    nickname: 'Ada',
    seat: 0,
    role: 'player',
    balanceCents: 100_000,
    heldElsewhereCents: 0,
    compPoints: 0,
    bets: { main: 0, fortune: 0 },
    lastBets: null,
    ready: false,
    cards: null,
    setting: null,
    houseWay: null,
    deadlineMs: null,
    deadlineKind: null,
    canTakeBank: false,
    lastResult: null,
    idleWaitUntilMs: null,
    ...over,
  };
}

/** A one-seat table of 5.00–500.00 without the Fortune bet, the house banking by the seeds house way. */
export function tableConfig(over: Partial<TableConfigView> = {}): TableConfigView {
  return {
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
    timers: { betMs: 45_000, decisionMs: 45_000, approvalMs: 35_000, reconnectMs: 60_000, reconnectGraceMs: 15_000, idleSeatMs: 300_000, bettingWindowMs: 10_000 },
    ...over,
  };
}

/** An empty seat. */
export function seatView(over: Partial<SeatView> = {}): SeatView {
  return { seat: 0, nickname: null, you: false, role: null, connected: true, bets: { main: 0, fortune: 0 }, ready: false, inRound: false, cardCount: 0, hasSet: false, deadlineMs: null, ...over };
}

/**
 * A table in betting with its viewer `you` (`youOver` on `youView`): one seat per `config.seats`, the
 * viewer's own seat taken with its bets, the others empty; `over` replaces any field.
 */
export function tableView(over: Partial<TableView> = {}, youOver: Partial<YouView> = {}): TableView {
  const config = over.config ?? tableConfig();
  const you = youView(youOver);
  const seats = Array.from({ length: config.seats }, (_, seat) =>
    seat === you.seat
      ? seatView({ seat, nickname: you.nickname, you: true, role: you.role === 'banker' ? 'banker' : 'player', bets: you.bets, ready: you.ready })
      : seatView({ seat }),
  );
  return {
    protocolVersion: 1,
    tableId: config.tableId,
    config,
    phase: 'betting',
    roundId: null,
    serverNowMs: 0,
    bettingWindowEndsAtMs: null,
    settlingRoundId: null,
    seats,
    banker: { kind: 'house' },
    you,
    lastRound: null,
    fairness: null,
    ack: null,
    ...over,
  };
}

/** Ada's wager in a revealed round: 10.00 won on both hands (0.50 commission), set by her. */
export function seatResult(over: Partial<SeatResultView> = {}): SeatResultView {
  return {
    seat: 0,
    nickname: 'Ada',
    you: true,
    cards: [...HAND],
    setting: { high: ['7d', '7c', 'Td', '3s', 'Kh'], low: ['As', 'Jk'] },
    setBy: 'player',
    houseWayRule: null,
    houseWayExplanation: null,
    bets: { main: 1000, fortune: 0 },
    high: 'win',
    low: 'win',
    outcome: 'win',
    commissionCents: 50,
    fortune: null,
    envy: null,
    netCents: 950,
    compPointsDelta: 10,
    ...over,
  };
}

/** A round the house banked (a pair of queens, set by the house way, with its explanation) against `seatResult()`. */
export function houseRound(over: Partial<RoundResultView> = {}): RoundResultView {
  return {
    version: 2,
    roundId: 'r-1',
    tableId: 'table-1',
    banker: { kind: 'house' },
    bankerHand: {
      cards: ['Qs', 'Qd', '9h', '8c', '5s', '4d', '2h'],
      setting: { high: ['Qs', 'Qd', '5s', '4d', '2h'], low: ['9h', '8c'] },
      rule: '9.one-pair',
      explanation: {
        key: 'houseWay.9.one-pair',
        params: { high: 'Qs Qd 5s 4d 2h', low: '9h 8c' },
        text: 'One pair stays in the high hand; the two highest other cards (9h 8c) go to the low hand.',
      },
    },
    players: [seatResult()],
    bankerNetCents: -950,
    bankerFeeCents: 0,
    bankerCompPointsDelta: 0,
    settledAtMs: 1,
    ...over,
  };
}

/** The connection state of a table showing `view`, open, with nothing pending; its actions do nothing. */
export function liveTable(view: TableView | null, over: Partial<LiveTable> = {}): LiveTable {
  return {
    view,
    receivedAtMs: 0,
    status: 'open',
    connections: 1,
    error: null,
    pending: new Map(),
    send: () => '',
    leave: () => Promise.resolve(),
    notices: [],
    settled: [],
    dismissNotice: () => undefined,
    sitAgain: () => undefined,
    hint: null,
    askHint: () => undefined,
    clearHint: () => undefined,
    ...over,
  };
}
