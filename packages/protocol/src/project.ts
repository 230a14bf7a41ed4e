/**
 * `viewFor(state, playerId)`: the allow-list projection of a table for one viewer (architecture.md
 * "Secret information stays on the server"; rules.md §5). Each field of `TableView` is copied from
 * the engine's `TableState` by name; no object of the state is spread into a view (only lists of cards
 * the viewer may see and an explanation's parameters are copied whole), so a field added to the state
 * reaches no client until a line here copies it.
 */

import {
  bankMinBalanceCents,
  bankRefusal,
  bankRoomCents,
  betDeadline,
  bettingWindowEnd,
  cardTexts,
  ENVY_LINES,
  FAIRNESS_SCHEME,
  FORTUNE_LINES,
  NO_BETS,
  settingText,
  type Bets,
  type FortuneLine,
  type PlayerState,
  type RoundHand,
  type RoundResult,
  type Explanation,
  type SeatEnvy,
  type TableState,
} from '@paigow/engine';
import {
  PROTOCOL_VERSION,
  type BankerView,
  type EnvyView,
  type ExplanationView,
  type FairnessView,
  type RoundResultView,
  type SeatView,
  type TableConfigView,
  type TableView,
  type YouView,
} from './view.js';

const bets = (b: Bets): Bets => ({ main: b.main, fortune: b.fortune });

/** A setting's two hands in the engine's card notation, its one form on the wire: the engine's `settingText` (notation module). */
export { settingText };

/**
 * The views `viewFor` already made of a table's configuration and of a last round (for each viewer). The engine
 * never changes a configuration or a round result once made (it keeps them by reference from state to state), so
 * a view made once serves every later view of the table until they change: a loaded table makes a view for each
 * client after each change, and projecting the same result again was most of the cost. Shared views are
 * read-only (`TableView`'s fields are `readonly`); the caches hold nothing once the table drops the objects.
 */
const configViews = new WeakMap<TableState['config'], TableConfigView>();
const lastRoundViews = new WeakMap<RoundResult, Map<string | null, RoundResultView>>();

/** `configView`, made once per configuration. */
function sharedConfigView(state: TableState): TableConfigView {
  let view = configViews.get(state.config);
  if (view === undefined) configViews.set(state.config, (view = configView(state)));
  return view;
}

/** `projectRoundResult`, made once per result and viewer. */
function sharedLastRoundView(result: RoundResult, viewerId: string | null): RoundResultView {
  let byViewer = lastRoundViews.get(result);
  if (byViewer === undefined) lastRoundViews.set(result, (byViewer = new Map()));
  let view = byViewer.get(viewerId);
  if (view === undefined) byViewer.set(viewerId, (view = projectRoundResult(result, viewerId)));
  return view;
}

/** The table's settings as clients see them. */
function configView(state: TableState): TableConfigView {
  const c = state.config;
  return {
    tableId: c.tableId,
    name: c.name,
    seats: c.seats,
    limits: {
      main: { minCents: c.limits.main.minCents, maxCents: c.limits.main.maxCents },
      fortune: c.limits.fortune === null ? null : { minCents: c.limits.fortune.minCents, maxCents: c.limits.fortune.maxCents },
    },
    betUnitCents: c.betUnitCents,
    commissionBps: c.commissionBps,
    bankerFeeBps: c.bankerFeeBps,
    playerBanking: c.playerBanking,
    bankMinCompPoints: c.bankMinCompPoints,
    bankMinBalanceCents: bankMinBalanceCents(c),
    fortunePayTable: c.limits.fortune === null ? null : lineTable(FORTUNE_LINES, c.fortunePayTable),
    envyBonus:
      c.limits.fortune === null || !c.envyBonus.enabled
        ? null
        : { minFortuneBetCents: c.envyBonus.minFortuneBetCents, amountsCents: lineTable(ENVY_LINES, c.envyBonus.amountsCents) },
    houseWay: c.houseWay,
    timers: {
      betMs: c.timers.betMs,
      decisionMs: c.timers.decisionMs,
      approvalMs: c.timers.approvalMs,
      reconnectMs: c.timers.reconnectMs,
      reconnectGraceMs: c.timers.reconnectGraceMs,
      idleSeatMs: c.timers.idleSeatMs,
      bettingWindowMs: c.timers.bettingWindowMs,
    },
  };
}

/** A copy of a pay table keyed by `lines`, in their order (highest first). */
function lineTable<K extends FortuneLine>(lines: readonly K[], table: Readonly<Record<K, number>>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const line of lines) out[line] = table[line];
  return out;
}

const envyView = (envy: SeatEnvy | null | undefined): EnvyView | null =>
  envy == null
    ? null
    : {
        amountCents: envy.amountCents,
        hands: envy.hands.map((h) => ({ seat: h.seat, nickname: h.nickname, line: h.line, amountCents: h.amountCents })),
      };

/** A copy of the house way's explanation of a setting: key, params, English text. */
const explanationView = (explanation: Explanation): ExplanationView => ({ key: explanation.key, params: { ...explanation.params }, text: explanation.text });

/** `explanationView`, or `null` where a result has none (a hand the player set, or a result of version 1). */
const storedExplanation = (explanation: Explanation | null | undefined): ExplanationView | null => (explanation == null ? null : explanationView(explanation));

/**
 * A round result as `viewerId` sees it: players named by seat and nickname, `you` marking the
 * viewer (the player ids stay on the server). Used for `lastRound` and the history.
 */
export function projectRoundResult(result: RoundResult, viewerId: string | null): RoundResultView {
  return {
    version: result.version,
    roundId: result.roundId,
    tableId: result.tableId,
    banker:
      result.banker.kind === 'house'
        ? { kind: 'house' }
        : { kind: 'player', seat: result.banker.seat, nickname: result.banker.nickname, you: result.banker.playerId === viewerId },
    bankerHand: {
      cards: [...result.bankerHand.cards],
      setting: { high: [...result.bankerHand.setting.high], low: [...result.bankerHand.setting.low] },
      rule: result.bankerHand.rule,
      explanation: storedExplanation(result.bankerHand.explanation),
    },
    players: result.players.map((p) => ({
      seat: p.seat,
      nickname: p.nickname,
      you: p.playerId === viewerId,
      cards: [...p.cards],
      setting: { high: [...p.setting.high], low: [...p.setting.low] },
      setBy: p.setBy,
      houseWayRule: p.houseWayRule,
      houseWayExplanation: storedExplanation(p.houseWayExplanation),
      bets: bets(p.bets),
      high: p.high,
      low: p.low,
      outcome: p.outcome,
      commissionCents: p.commissionCents,
      fortune: p.fortune === null ? null : { line: p.fortune.line, netCents: p.fortune.netCents },
      envy: envyView(p.envy),
      netCents: p.netCents,
      compPointsDelta: p.compPointsDelta,
    })),
    bankerNetCents: result.bankerNetCents,
    bankerFeeCents: result.bankerFeeCents,
    bankerCompPointsDelta: result.bankerCompPointsDelta,
    settledAtMs: result.settledAtMs,
  };
}

/**
 * A player's running deadline (epoch ms) and what it is for (rules.md §5 "Timers"): the banker's approval,
 * the decision on its unset `hand` in the round being set, or the bet timer of bets not dealt.
 */
function deadlineOf(
  state: TableState,
  p: PlayerState,
  hand: RoundHand | undefined,
): { readonly ms: number; readonly kind: NonNullable<YouView['deadlineKind']> } | null {
  if (state.banker?.playerId === p.playerId && state.phase === 'approval' && state.banker.approvalDeadlineMs !== null) {
    return { ms: state.banker.approvalDeadlineMs, kind: 'approval' };
  }
  if (hand !== undefined && state.phase === 'setting' && hand.setting === null && hand.deadlineMs !== null) {
    return { ms: hand.deadlineMs, kind: 'decision' };
  }
  const bet = betDeadline(state, p);
  return bet === null ? null : { ms: bet, kind: 'bet' };
}

function seatViews(state: TableState, viewerId: string | null): SeatView[] {
  return state.seats.map((playerId, seat) => {
    const p = playerId === null ? undefined : state.players[playerId];
    if (p === undefined) {
      return {
        seat,
        nickname: null,
        you: false,
        role: null,
        connected: false,
        bets: bets(NO_BETS),
        ready: false,
        inRound: false,
        cardCount: 0,
        hasSet: false,
        deadlineMs: null,
      };
    }
    const banker = state.banker?.playerId === p.playerId;
    const hand = state.round?.hands.find((h) => h.playerId === p.playerId);
    return {
      seat,
      nickname: p.nickname,
      you: p.playerId === viewerId,
      role: banker ? 'banker' : 'player',
      connected: p.connected,
      bets: bets(hand !== undefined ? hand.bets : p.bets),
      ready: p.ready,
      inRound: hand !== undefined || (banker && state.round !== null),
      cardCount: hand !== undefined && state.phase === 'setting' ? 7 : 0,
      hasSet: hand !== undefined && hand.setting !== null,
      deadlineMs: deadlineOf(state, p, hand)?.ms ?? null,
    };
  });
}

function bankerView(state: TableState): BankerView {
  const banker = state.banker;
  if (banker === null) {
    return { kind: 'house', ...(state.houseBanksNext ? { houseBanksNext: true } : {}), ...(state.bankEnded !== null ? { ended: state.bankEnded } : {}) };
  }
  const p = state.players[banker.playerId];
  return {
    kind: 'player',
    seat: p?.seat ?? -1,
    nickname: p?.nickname ?? '',
    autoApprove: banker.autoApprove,
    approved: banker.approved,
    leaving: banker.leaving,
    roomCents: bankRoomCents(state) ?? 0,
  };
}

function youView(state: TableState, viewerId: string): YouView | null {
  const p = state.players[viewerId];
  if (p === undefined) return null;
  const banker = state.banker?.playerId === viewerId;
  const hand = state.round?.hands.find((h) => h.playerId === viewerId);
  const showCards = hand !== undefined && state.phase === 'setting';
  const deadline = deadlineOf(state, p, hand);
  const idleClock = state.idleClocks[viewerId] as TableState['idleClocks'][string] | undefined;
  let lastResult: YouView['lastResult'] = null;
  const last = state.lastRound;
  if (last !== null) {
    const mine = last.players.find((r) => r.playerId === viewerId);
    if (mine !== undefined) lastResult = { roundId: last.roundId, outcome: mine.outcome, netCents: mine.netCents };
    else if (last.banker.kind === 'player' && last.banker.playerId === viewerId) {
      lastResult = { roundId: last.roundId, outcome: 'bank', netCents: last.bankerNetCents };
    }
  }
  return {
    playerId: p.playerId,
    nickname: p.nickname,
    seat: p.seat,
    role: p.seat === null ? 'spectator' : banker ? 'banker' : 'player',
    balanceCents: p.balanceCents,
    heldElsewhereCents: p.heldElsewhereCents,
    compPoints: p.compPoints,
    bets: bets(hand !== undefined ? hand.bets : p.bets),
    lastBets: p.lastBets === null ? null : bets(p.lastBets),
    ready: p.ready,
    cards: showCards ? cardTexts(hand.cards) : null,
    setting: showCards && hand.setting !== null ? settingText(hand.setting) : null,
    houseWay: showCards && hand.houseWay !== null ? { rule: hand.houseWay.rule, explanation: explanationView(hand.houseWay.explanation) } : null,
    deadlineMs: deadline?.ms ?? null,
    deadlineKind: deadline?.kind ?? null,
    canTakeBank: state.config.playerBanking && bankRefusal(state, viewerId) === null,
    lastResult,
    idleWaitUntilMs: p.seat === null && idleClock !== undefined ? idleClock.leftAtMs + state.config.timers.idleSeatMs : null,
  };
}

/** The round being played (its commitment and client seeds) or, between rounds, the one dealt next (fairness.md §1, §2). */
function fairnessView(state: TableState): FairnessView | null {
  const round = state.round;
  if (round !== null) {
    const fair = round.fairness ?? null;
    return fair === null ? null : { scheme: fair.scheme, roundId: round.roundId, commitment: fair.commitment, clientSeeds: fair.clientSeeds };
  }
  const next = state.nextRound;
  return next === null ? null : { scheme: FAIRNESS_SCHEME, roundId: next.roundId, commitment: next.commitment, clientSeeds: null };
}

/**
 * What `viewerId` may see of the table (rules.md §5): public seat facts, the viewer's own cards
 * after the deal, everyone's cards only in `lastRound` (after the reveal), never the deck.
 * @param state the table
 * @param viewerId the viewing player's id, or `null` for an anonymous viewer (`you: null`)
 * @returns a fresh `TableView` (with `ack: null`; the server fills it in per client)
 */
export function viewFor(state: TableState, viewerId: string | null): TableView {
  return {
    protocolVersion: PROTOCOL_VERSION,
    tableId: state.config.tableId,
    config: sharedConfigView(state),
    phase: state.phase,
    roundId: state.round?.roundId ?? null,
    serverNowMs: state.nowMs,
    bettingWindowEndsAtMs: bettingWindowEnd(state),
    settlingRoundId: null,
    seats: seatViews(state, viewerId),
    banker: bankerView(state),
    you: viewerId === null ? null : youView(state, viewerId),
    lastRound: state.lastRound === null ? null : sharedLastRoundView(state.lastRound, viewerId),
    fairness: fairnessView(state),
    ack: null,
  };
}
