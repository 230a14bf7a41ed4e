/**
 * The table reducer (architecture.md: one pure reducer `apply(state, action)`), rules.md §3, §5
 * and seed 002. Time comes in with the actions, and the deal material with the one `deal` action the
 * reducer asks for (`deal-due`); nothing here reads a clock or randomness. A refused action returns a
 * typed error and leaves the state unchanged (the reducer works on a copy).
 *
 * Multi-player rule (docs/protocol.md): Deal marks a player ready (`ready`); the round deals when every
 * seated player with a main bet is ready. A bet not dealt within `timers.betMs` of the seat's first
 * chip of the round is returned, and the others may then deal without it. While a seated player has no bet yet, the
 * round does not deal before `timers.bettingWindowMs` after the first Deal (the betting window).
 */

import { DECK_SIZE, HAND_SIZE, isCard, type Card, type Hand } from '../cards/index.js';
import { err, ok, unwrap, type ErrorCode, type Result, type RuleError } from '../errors/index.js';
import { formatCard, toHand } from '../notation/index.js';
import { tableNotice, type NoticeCode, type NoticeParams } from './notices.js';
import { BET_SPOTS, type BetSpot, type Bets } from './terms.js';
import { seededDeck, seedToLock } from '../fairness/table-deal.js';
import { checkSetting } from '../setting/index.js';
import { bankerFee } from '../settle/index.js';
import type { DealMaterial, LedgerFigures, PlayerFigures, TableAction } from './actions.js';
import { bankMinBalanceCents } from './config.js';
import { bankerFundsCents, commitCover } from './bank-cover.js';
import { betGraceDeadline, graceDeadline, pastGrace } from './reconnect-grace.js';
import { DEFAULT_HOUSE_WAY } from '../house-way/registry.js';
import type { HouseWayId } from '../house-way/types.js';
import { roundHolds, setByHouseWay, settleRoundState } from './settlement.js';
import {
  NO_BETS,
  type Applied,
  type BankEnd,
  type BankerState,
  type IdleClock,
  type NextRound,
  type PlayerState,
  type RoundHand,
  type RoundPublic,
  type RoundState,
  type TableEffect,
  type TableState,
} from './state.js';

type Refusal = { ok: false; error: RuleError };
type Step = Result<void>;
const done: Step = ok(undefined);

/** The table while `apply` works on it: a copy of the state, and the effects of the action so far. */
type Draft = TableState & { effects: TableEffect[] };

/** A copy of the state that `apply` may mutate (everything mutable is copied; cards and results are immutable). */
function cloneState(state: TableState): Draft {
  const players: Record<string, PlayerState> = {};
  for (const id of Object.keys(state.players)) {
    const p = state.players[id];
    players[id] = { ...p, bets: { ...p.bets }, lastBets: p.lastBets === null ? null : { ...p.lastBets } };
  }
  return {
    ...state,
    players,
    seats: [...state.seats],
    banker: state.banker === null ? null : { ...state.banker },
    round: state.round === null ? null : { ...state.round, hands: state.round.hands.map((hand) => ({ ...hand })) },
    idleClocks: { ...state.idleClocks },
    effects: [],
  };
}

/**
 * Applies one action to a table (rules.md §3, §5).
 * @param state the table (not modified)
 * @param action what happened, with the time (and for `deal`, the material the reducer asked for with `deal-due`)
 * @returns the next state and, apart from it, the `effects` the server must carry out in order (the deal
 *   due, the reveal due, ledger writes, players stood up, `notice`s to send: bets returned by a timer, a disconnection or a
 *   balance change, hands set by the house way on a timeout or a disconnection, a seat or the bank lost, a
 *   void deal); or a refusal: `action/not-seated` (not in the room or not seated), `action/invalid`
 *   (no such seat), `action/seat-taken`, `action/table-full`, `action/idle-wait` (a sit within `idleSeatMs` of
 *   leaving a seat whose idle-seat clock has run out, docs/server.md "Timers"), `action/duplicate` (already seated,
 *   ready, set, banking, approved), `action/out-of-phase`, `action/not-your-turn` (a banker-only
 *   action by a player, a player action by the banker, a decision by a player not in the round),
 *   `action/stale` (a ledger outcome, a Split or a House Way for another round than the one in play, a
 *   `deal` when no round is due, a `reveal` of a round not waiting for it),
 *   `action/unavailable` (no Fortune bet here),
 *   `bet/closed`, `bet/none`, `bet/invalid-amount` (not a multiple of
 *   the table's `betUnitCents`: a bet is built from chips), `bet/under-limit`, `bet/over-limit`,
 *   `bet/banker-cannot-cover`, `ledger/insufficient-funds`, `setting/not-your-cards`,
 *   `setting/wrong-split`, `setting/foul`, `bank/not-eligible`, `bank/occupied`,
 *   `fairness/bad-client-seed` (a Deal's or an approval's client seed, fairness.md §2), `fairness/seed-locked`
 *   (auto-approve turned on with a new client seed after the banker approved the round and before its deal).
 * @throws Error when a `deal` action's material is neither a 53-card deck nor the server seed of the round the table committed to
 */
export function apply(state: TableState, action: TableAction): Result<Applied> {
  const next = cloneState(state);
  next.nowMs = Math.max(state.nowMs, action.nowMs);
  forgetIdleClocks(next);
  const stepped = step(next, action);
  if (!stepped.ok) return stepped;
  afterAction(next);
  const { effects, ...table } = next;
  return ok({ state: table, effects });
}

function step(s: Draft, action: TableAction): Step {
  switch (action.type) {
    case 'join':
      return join(s, action.playerId, action.nickname, action);
    case 'leave':
      return leave(s, action.playerId, action.deliberate === true);
    case 'sync':
      return sync(s, action.playerId, action);
    case 'sit':
      return sit(s, action.playerId, action.seat);
    case 'stand':
      return stand(s, action.playerId);
    case 'bet':
      return bet(s, action.playerId, action.spot, action.amountCents);
    case 'ready':
      return ready(s, action.playerId, action.clientSeed);
    case 'deal':
      return deal(s, action.deal, action.next);
    case 'reveal':
      return revealRound(s, action.roundId);
    case 'set':
      return setHand(s, action.playerId, action.roundId, action.low);
    case 'house-way':
      return houseWayHand(s, action.playerId, action.roundId);
    case 'rebet':
      return rebet(s, action.playerId);
    case 'take-bank':
      return takeBank(s, action.playerId);
    case 'leave-bank':
      return leaveBank(s, action.playerId);
    case 'approve':
      return approve(s, action.playerId, action.clientSeed);
    case 'auto-approve':
      return autoApprove(s, action.playerId, action.on, action.clientSeed);
    case 'tick':
      return tick(s);
    case 'round-opened':
      return roundOpened(s, action.roundId);
    case 'round-failed':
      return roundFailed(s, action.roundId, action.reason ?? 'action/unavailable');
    case 'round-short':
      return roundShort(s, action.roundId, action.playerIds);
    case 'bank-cover':
      return bankCover(s, action.playerId, action.coverCents);
    case 'round-settled':
      return roundSettled(s, action.roundId, action.players);
  }
}

// ---------------------------------------------------------------------------------------------
// Lookups and refusals

function member(s: TableState, playerId: string): Result<PlayerState> {
  const p = s.players[playerId];
  return p === undefined ? err('action/not-seated', 'join the table first') : ok(p);
}

function seated(s: TableState, playerId: string): Result<PlayerState> {
  const p = s.players[playerId];
  if (p === undefined || p.seat === null) return err('action/not-seated', 'take a seat first');
  return ok(p);
}

function isBanker(s: TableState, playerId: string): boolean {
  return s.banker !== null && s.banker.playerId === playerId;
}

function handOf(s: TableState, playerId: string): RoundHand | undefined {
  return s.round?.hands.find((hand) => hand.playerId === playerId);
}

function inRound(s: TableState, playerId: string): boolean {
  return s.round !== null && (handOf(s, playerId) !== undefined || s.round.banker?.playerId === playerId);
}

/** Seated players other than the banker with a main bet, in seat order. */
function bettors(s: TableState): PlayerState[] {
  const out: PlayerState[] = [];
  for (const id of s.seats) {
    if (id === null || isBanker(s, id)) continue;
    const p = s.players[id];
    if (p.bets.main > 0) out.push(p);
  }
  return out;
}

/** Whether any bet is on the table for the coming round (the bank changes hands only when none is, docs/server.md). */
function betsDown(s: TableState): boolean {
  return Object.values(s.players).some((p) => p.bets.main + p.bets.fortune > 0);
}

const BETS_DOWN_AGAINST_YOU = 'bets are down against your bank: deal them or wait until they are returned';

function clearBets(p: PlayerState): void {
  p.bets = { ...NO_BETS };
  p.firstBetAtMs = null;
  p.ready = false;
}

/** Tells `playerId` what the table did to it (a `notice` effect; docs/protocol.md "Server → client messages"). */
function tell<C extends NoticeCode>(s: Draft, playerId: string, code: C, params: NoticeParams[C]): void {
  s.effects.push({ kind: 'notice', playerId, notice: tableNotice(code, params) });
}

/** Returns a seat's bets not dealt to its balance (clears them) and tells it why, if it had any. */
function returnBets(s: Draft, p: PlayerState, reason: NoticeParams['notice/bet-returned']['reason']): void {
  const amountCents = p.bets.main + p.bets.fortune;
  clearBets(p);
  if (amountCents > 0) tell(s, p.playerId, 'notice/bet-returned', { amountCents, reason });
}

// ---------------------------------------------------------------------------------------------
// Room membership and seats

/** The bets `playerId` played in the table's last settled round, else `null` (what Rebet places). */
function lastBetsOf(s: TableState, playerId: string): Bets | null {
  const played = s.lastRound?.players.find((seat) => seat.playerId === playerId);
  return played === undefined ? null : { ...played.bets };
}

/**
 * A player joins the room, or a known one comes back (its connection restored: rules.md §5 "Interruptions"). A
 * banker back with auto-approve on has the round that waited for its approval while it was away approved at once
 * (`autoApproves`), as auto-approve would have approved it.
 */
function join(s: Draft, playerId: string, nickname: string, figures: PlayerFigures): Step {
  const known = s.players[playerId];
  if (known !== undefined) {
    known.connected = true;
    known.disconnectedAtMs = null;
    known.nickname = nickname;
    const synced = sync(s, playerId, figures);
    if (!synced.ok) return synced;
    const banker = s.banker;
    if (banker?.playerId === playerId && autoApproves(s, banker) && s.phase === 'approval' && banker.settlingRoundId === null) markApproved(s, banker);
    return done;
  }
  s.players[playerId] = {
    playerId,
    nickname,
    balanceCents: figures.balanceCents,
    compPoints: figures.compPoints,
    heldElsewhereCents: figures.heldElsewhereCents ?? 0,
    seat: null,
    connected: true,
    disconnectedAtMs: null,
    bets: { ...NO_BETS },
    firstBetAtMs: null,
    ready: false,
    // A player back after losing its seat Rebets what it played in the table's last round, if it played it.
    lastBets: lastBetsOf(s, playerId),
    leaveAfterRound: false,
    clientSeed: null,
    activeAtMs: s.nowMs,
  };
  return done;
}

/**
 * The last client of `playerId` left (rules.md §5 "Interruptions"): bets not dealt wait on the felt through the
 * reconnection grace (`betGraceDeadline`), then are returned (`tick`); a dealt hand waits through it (`graceDeadline`),
 * then the house way sets it. A player back within the grace finds its bets and cards as it left them.
 * `deliberate`: it left on purpose (the lobby's Leave, docs/server.md "Interruptions"), and a banker's bank ends
 * (`endBank`), also with bets down: a tester's banker left by the Lobby with bets down and auto-approve on, and 25
 * rounds were dealt and settled under its bank in the 15 s of its grace, its comp points spent while it could not see
 * the table.
 */
function leave(s: Draft, playerId: string, deliberate: boolean): Step {
  const found = member(s, playerId);
  if (!found.ok) return found;
  const p = found.value;
  if (deliberate && s.banker?.playerId === playerId) endBank(s);
  if (p.seat === null) {
    delete s.players[playerId];
    return done;
  }
  p.connected = false;
  p.disconnectedAtMs = s.nowMs;
  return done;
}

/**
 * The player's figures as the ledger has them now (a round at another table, a top-up). A banker they leave short of
 * what banking needs loses the bank here at once (`endBankIfShort`: rules.md §5, the requirements hold for as long as
 * it banks; a round at another table took its points below the minimum, and it went on approving and being dealt
 * here), unless a round is dealt under it.
 */
function sync(s: Draft, playerId: string, figures: PlayerFigures): Step {
  const found = member(s, playerId);
  if (!found.ok) return found;
  const p = found.value;
  p.balanceCents = figures.balanceCents;
  p.compPoints = figures.compPoints;
  if (figures.heldElsewhereCents !== undefined) p.heldElsewhereCents = figures.heldElsewhereCents;
  if (p.bets.main + p.bets.fortune > p.balanceCents) returnBets(s, p, 'balance');
  if (s.banker?.playerId === playerId) endBankIfShort(s);
  return done;
}

/**
 * Ends the bank of a banker short of what banking needs (`bankShortfall`) while no round is dealt under it: figures
 * that came while a round was dealt are kept, and checked when that round settles (`roundSettled`), or, should its
 * deal be refused or short (it never settles), then (`roundFailed`, `roundShort`), before the table deals again.
 */
function endBankIfShort(s: Draft): void {
  const banker = s.banker;
  if (banker === null || s.round !== null || banker.settlingRoundId !== null) return;
  const p = s.players[banker.playerId] as PlayerState | undefined;
  if (p === undefined) return;
  const short = bankShortfall(s, p);
  if (short !== null) removeBanker(s, short);
}

/**
 * The idle-seat clock is the player's at this table, not the sitting's (docs/server.md "Timers"): a player who
 * left a seat less than `idleSeatMs` ago sits with the clock it left with (`TableState.idleClocks`); standing up
 * and sitting down again, or leaving the room and joining again, every few minutes held a seat for good without
 * a round played. When that clock has run out the sit is refused until the window ends, rather than seating the
 * player only to stand it up at once. Anyone else starts a fresh clock.
 */
function sit(s: Draft, playerId: string, seat: number | null): Step {
  const found = member(s, playerId);
  if (!found.ok) return found;
  const p = found.value;
  if (p.seat !== null) return err('action/duplicate', `you already sit at seat ${p.seat}`);
  const idleMs = s.config.timers.idleSeatMs;
  const kept = s.idleClocks[playerId] as IdleClock | undefined;
  if (kept !== undefined && kept.activeAtMs + idleMs <= s.nowMs) {
    const waitS = Math.max(1, Math.ceil((kept.leftAtMs + idleMs - s.nowMs) / 1000));
    return err('action/idle-wait', `you have played no round at this table for ${Math.round(idleMs / 1000)} s (standing up and sitting down again does not restart that clock): you may sit at this table again in ${waitS} s`);
  }
  let chosen = seat;
  if (chosen === null) {
    chosen = s.seats.indexOf(null);
    if (chosen < 0) return err('action/table-full', 'every seat is taken');
  } else if (!Number.isInteger(chosen) || chosen < 0 || chosen >= s.seats.length) {
    return err('action/invalid', `this table has seats 0 to ${s.seats.length - 1}`);
  } else if (s.seats[chosen] !== null) {
    return err('action/seat-taken', `seat ${chosen} is taken`);
  }
  s.seats[chosen] = playerId;
  p.seat = chosen;
  p.leaveAfterRound = false;
  p.activeAtMs = kept === undefined ? s.nowMs : kept.activeAtMs;
  delete s.idleClocks[playerId];
  // A player who sits while ready players wait for the deal has the whole betting window to bet, as those seated
  // when it opened had (a tester sat 7 s into it and had 2 s), within the bet time of the first Deal
  // (`readySinceMs`), so the ready players are still dealt within it.
  const windowEnd = s.bettingWindowEndsAtMs;
  if (s.phase === 'betting' && windowEnd !== null && s.readySinceMs !== null && bettors(s).some((other) => other.ready)) {
    const { bettingWindowMs, betMs } = s.config.timers;
    s.bettingWindowEndsAtMs = Math.min(Math.max(windowEnd, s.nowMs + bettingWindowMs), s.readySinceMs + betMs);
  }
  return done;
}

/** Forgets the idle-seat clocks of seats left `idleSeatMs` ago or more (`TableState.idleClocks`): the state does not grow. */
function forgetIdleClocks(s: Draft): void {
  const idleMs = s.config.timers.idleSeatMs;
  for (const [playerId, clock] of Object.entries(s.idleClocks)) {
    if (clock.leftAtMs + idleMs <= s.nowMs) delete s.idleClocks[playerId];
  }
}

/**
 * Frees the player's seat and keeps its idle-seat clock for `idleSeatMs` (`TableState.idleClocks`); a banker leaves
 * the bank; a disconnected player leaves the room.
 */
function unseat(s: Draft, p: PlayerState, reason: 'timeout' | 'idle' | 'disconnected' | null): void {
  if (p.seat !== null) s.seats[p.seat] = null;
  p.seat = null;
  p.leaveAfterRound = false;
  clearBets(p);
  // Back after its seat hold ran out, the banker finds the house banking: the inbox says why (it said nothing).
  if (isBanker(s, p.playerId)) removeBanker(s, reason === 'disconnected' ? 'disconnected' : 'left');
  if (reason === 'timeout') tell(s, p.playerId, 'notice/left-table', { reason });
  // An idle player may not sit here again for `idleSeatMs` (see `sit`): the notice says so, not "sit again".
  if (reason === 'idle') tell(s, p.playerId, 'notice/left-table', { reason, waitSeconds: Math.ceil(s.config.timers.idleSeatMs / 1000) });
  // The clock stays with the player at this table (after `removeBanker`, which starts a banker's again): see `sit`.
  s.idleClocks[p.playerId] = { activeAtMs: p.activeAtMs, leftAtMs: s.nowMs };
  if (!p.connected) delete s.players[p.playerId];
}

function stand(s: Draft, playerId: string): Step {
  const found = seated(s, playerId);
  if (!found.ok) return found;
  if (inRound(s, playerId)) return err('action/out-of-phase', 'you can stand up when the round is over');
  if (isBanker(s, playerId) && betsDown(s)) return err('bank/bets-down', BETS_DOWN_AGAINST_YOU);
  unseat(s, found.value, null);
  return done;
}

// ---------------------------------------------------------------------------------------------
// Bets

function bettingOpen(s: TableState, p: PlayerState): Step {
  if (isBanker(s, p.playerId)) return err('action/not-your-turn', 'the banker does not bet');
  if (s.phase === 'approval') return err('action/out-of-phase', 'the banker has not approved the next round yet');
  if (s.phase !== 'betting') return err('bet/closed', 'bets are closed until the round is over');
  return done;
}

/**
 * Checks a seat's bets against the chips, the table limits, the balance and the banker's cover
 * (rules.md §5): each spot is a multiple of `betUnitCents` (a bet is built from chips). The Fortune bet
 * needs a main bet.
 */
function checkBets(s: TableState, p: PlayerState, bets: Bets): Step {
  const { main, fortune } = s.config.limits;
  const unit = s.config.betUnitCents;
  for (const spot of BET_SPOTS) {
    const amount = bets[spot];
    if (!Number.isSafeInteger(amount) || amount < 0) return err('bet/invalid-amount', 'a bet is a whole number of cents');
    if (amount % unit !== 0) {
      return err('bet/invalid-amount', `a bet is built from chips: a multiple of ${unit} cents (${amount} is not)`);
    }
  }
  if (bets.fortune > 0) {
    if (fortune === null) return err('action/unavailable', 'this table has no Fortune bet');
    if (bets.main === 0) return err('bet/none', 'a Fortune bet needs a main bet');
    if (bets.fortune < fortune.minCents) return err('bet/under-limit', `the Fortune minimum is ${fortune.minCents} cents`);
    if (bets.fortune > fortune.maxCents) return err('bet/over-limit', `the Fortune maximum is ${fortune.maxCents} cents`);
  }
  if (bets.main > 0) {
    if (bets.main < main.minCents) return err('bet/under-limit', `the table minimum is ${main.minCents} cents`);
    if (bets.main > main.maxCents) return err('bet/over-limit', `the table maximum is ${main.maxCents} cents`);
  }
  if (bets.main + bets.fortune > p.balanceCents) {
    // The cover held at another table is not in the balance here: say so, or the refusal reads as a lost balance.
    const held = p.heldElsewhereCents > 0 ? `; ${p.heldElsewhereCents} cents more are held as your bank's cover at another table` : '';
    return err('ledger/insufficient-funds', `your balance here is ${p.balanceCents} cents${held}`);
  }
  if (s.banker !== null) {
    const total = bettors(s).reduce((sum, other) => sum + (other.playerId === p.playerId ? 0 : other.bets.main), 0) + bets.main;
    if (total + bankerFee(total, s.config.bankerFeeBps) > bankerFundsCents(s)) {
      return err('bet/banker-cannot-cover', 'the banker cannot cover this bet');
    }
  }
  return done;
}

function placeBets(s: Draft, p: PlayerState, bets: Bets): void {
  const hadBets = p.bets.main + p.bets.fortune > 0;
  p.bets = bets;
  p.ready = false;
  if (bets.main + bets.fortune === 0) p.firstBetAtMs = null;
  else if (!hadBets || p.firstBetAtMs === null) p.firstBetAtMs = s.nowMs;
}

function bet(s: Draft, playerId: string, spot: BetSpot, amountCents: number): Step {
  const found = seated(s, playerId);
  if (!found.ok) return found;
  const p = found.value;
  const open = bettingOpen(s, p);
  if (!open.ok) return open;
  // Clearing the main bet clears the Fortune bet with it.
  const bets: Bets = spot === 'main' && amountCents === 0 ? { ...NO_BETS } : { ...p.bets, [spot]: amountCents };
  const checked = checkBets(s, p, bets);
  if (!checked.ok) return checked;
  placeBets(s, p, bets);
  return done;
}

function rebet(s: Draft, playerId: string): Step {
  const found = seated(s, playerId);
  if (!found.ok) return found;
  const p = found.value;
  const open = bettingOpen(s, p);
  if (!open.ok) return open;
  if (p.lastBets === null) return err('bet/none', 'there is no last round to bet again');
  const checked = checkBets(s, p, { ...p.lastBets });
  if (!checked.ok) return checked;
  placeBets(s, p, { ...p.lastBets });
  return done;
}

function ready(s: Draft, playerId: string, clientSeed: string | undefined): Step {
  const found = seated(s, playerId);
  if (!found.ok) return found;
  const p = found.value;
  if (isBanker(s, playerId)) return err('action/not-your-turn', 'the banker does not deal; players do');
  if (s.phase !== 'betting') return err('action/out-of-phase', s.phase === 'approval' ? 'the banker has not approved the round yet' : 'a round is being played');
  if (p.bets.main === 0) return err('bet/none', 'place a bet first');
  if (p.ready) return err('action/duplicate', 'you already pressed Deal');
  const seed = seedToLock(clientSeed);
  if (!seed.ok) return seed;
  if (!bettors(s).some((other) => other.ready)) {
    s.readySinceMs = s.nowMs;
    s.bettingWindowEndsAtMs = s.nowMs + s.config.timers.bettingWindowMs;
  }
  p.ready = true;
  p.clientSeed = seed.value;
  return done;
}

// ---------------------------------------------------------------------------------------------
// The deal

/**
 * Whether the betting window that ends at `end` waits for seated player `p`: not the banker, no main bet, and
 * connected, or disconnected since the window opened and within its reconnection grace (rules.md §5: a reload or a
 * short blip is not an interruption; a player already gone when the window opened, the seat held, is not waited
 * for). Returns until when (epoch ms, at most `end`), else `null`.
 */
function windowWaitsFor(s: TableState, p: PlayerState, end: number): number | null {
  if (p.seat === null || isBanker(s, p.playerId) || p.bets.main > 0) return null;
  if (p.connected) return end;
  if (p.disconnectedAtMs === null || p.disconnectedAtMs < (s.readySinceMs ?? end)) return null;
  const grace = p.disconnectedAtMs + s.config.timers.reconnectGraceMs;
  return grace > s.nowMs ? Math.min(grace, end) : null;
}

/**
 * When the open betting window ends, else `null` (epoch ms): a player with a bet is ready, the window of the Deal
 * that found nobody else ready runs (`TableState.bettingWindowEndsAtMs`: that Deal plus `bettingWindowMs`, or a sit
 * since plus `bettingWindowMs`, within the bet time of that Deal), and a
 * seated player other than the banker, connected or dropped since within its reconnection grace, has no main bet
 * yet (`windowWaitsFor`; the end is then the latest moment any of them is waited for). A round due before then
 * waits for it, unless every seated player has bet and pressed Deal (rules.md §5, docs/protocol.md "Multi-player
 * Deal rule": a player who bet and dealt the instant betting opened left the others no time to bet, round after
 * round).
 */
export function bettingWindowEnd(s: TableState): number | null {
  const end = s.bettingWindowEndsAtMs;
  if (s.phase !== 'betting' || s.round !== null || end === null || s.nowMs >= end || !bettors(s).some((p) => p.ready)) return null;
  let latest: number | null = null;
  for (const id of s.seats) {
    const until = id === null ? null : windowWaitsFor(s, s.players[id], end);
    if (until !== null && (latest === null || until > latest)) latest = until;
  }
  return latest;
}

/**
 * The players the coming round deals when it is due (every player with a bet is ready, and the betting window
 * does not hold the deal: the multi-player rule), else `null`.
 */
function dueBettors(s: TableState): PlayerState[] | null {
  if (s.phase !== 'betting' || s.round !== null) return null;
  const players = bettors(s);
  return players.length === 0 || players.some((p) => !p.ready) || bettingWindowEnd(s) !== null ? null : players;
}

/**
 * Asks the server for the deal material (`deal-due`, answered by a `deal` action). Bets whose timer ran
 * out in this same action are not dealt: the others' round is dealt without them.
 */
function askToDeal(s: Draft): void {
  s.effects = s.effects.map((effect) =>
    effect.kind === 'notice' && effect.notice.code === 'notice/bet-returned' && effect.notice.params.reason === 'timeout'
      ? { ...effect, notice: tableNotice('notice/bet-returned', { ...effect.notice.params, reason: 'round-dealt-without-you' }) }
      : effect,
  );
  s.effects.push({ kind: 'deal-due' });
}

function checkDeck(deal: DealMaterial): readonly Card[] {
  if (deal.roundId === '' || !('deck' in deal)) throw new Error('the deal material has neither a round id and a server seed nor a deck');
  const { deck } = deal;
  if (deck.length !== DECK_SIZE || !deck.every(isCard) || new Set(deck).size !== DECK_SIZE) {
    throw new Error('the deal material is not a 53-card deck');
  }
  return deck;
}

/**
 * Deals the round that is due from `material` (the server's answer to `deal-due`); `nextRound` becomes the
 * table's `nextRound` (the round it deals after this one). Refused with `action/stale` when no round is due.
 * @throws Error when `material` is neither a 53-card deck nor the server seed of the round the table committed to
 *   (its id and commitment, `TableState.nextRound`: fairness.md §1)
 */
function deal(s: Draft, material: DealMaterial, nextRound: NextRound | null): Step {
  const players = dueBettors(s);
  if (players === null) return err('action/stale', 'no round is due to be dealt');
  if ('serverSeed' in material && s.nextRound !== null && material.roundId !== s.nextRound.roundId) {
    throw new Error(`round ${material.roundId} is not the round the table committed to (${s.nextRound.roundId})`);
  }
  const seeded = seededDeck(s, players, material);
  if (seeded !== null && s.nextRound !== null && seeded.fairness.commitment !== s.nextRound.commitment) {
    throw new Error(`the server seed of round ${material.roundId} is not the one the table committed to`);
  }
  const deck = seeded?.deck ?? checkDeck(material);
  const roundId = material.roundId;
  let next = 0;
  const draw = (): Hand => {
    const hand = unwrap(toHand(deck.slice(next, next + HAND_SIZE)));
    next += HAND_SIZE;
    return hand;
  };
  const hands: RoundHand[] = players.map((p) => ({
    playerId: p.playerId,
    seat: p.seat as number,
    nickname: p.nickname,
    cards: draw(),
    bets: { ...p.bets },
    setting: null,
    setBy: null,
    houseWay: null,
    deadlineMs: null,
  }));
  const bankerPlayer = s.banker === null ? null : s.players[s.banker.playerId];
  const round: RoundState = {
    roundId,
    tableId: s.config.tableId,
    dealtAtMs: s.nowMs,
    deck: [...deck],
    banker: bankerPlayer === null ? null : { playerId: bankerPlayer.playerId, seat: bankerPlayer.seat as number, nickname: bankerPlayer.nickname },
    bankerCards: draw(),
    hands,
    rules: {
      commissionBps: s.config.commissionBps,
      bankerFeeBps: s.config.bankerFeeBps,
      fortunePayTable: s.config.fortunePayTable,
      envyBonus: s.config.envyBonus,
      houseWay: s.config.houseWay,
    },
    fairness: seeded?.fairness ?? null,
  };
  const holds = roundHolds(round);
  for (const p of players) {
    p.lastBets = { ...p.bets };
    clearBets(p);
  }
  s.round = round;
  s.phase = 'dealing';
  s.bettingWindowEndsAtMs = null;
  if (round.banker === null) s.houseBanksNext = false;
  else (s.banker as BankerState).dealt = true;
  const publicRecord: RoundPublic = {
    tableId: s.config.tableId,
    roundId,
    banker: round.banker === null ? { kind: 'house' } : { kind: 'player', seat: round.banker.seat, nickname: round.banker.nickname },
    players: hands.map((hand) => ({ seat: hand.seat, nickname: hand.nickname, bets: hand.bets })),
  };
  s.effects.push({ kind: 'open-round', roundId, bankerPlayerId: round.banker?.playerId ?? null, holds, secret: round, public: publicRecord });
  s.nextRound = nextRound;
  return done;
}

function currentRound(s: TableState, roundId: string): Result<RoundState> {
  if (s.phase !== 'dealing' || s.round === null || s.round.roundId !== roundId) {
    return err('action/stale', `round ${roundId} is not being dealt`);
  }
  return ok(s.round);
}

function roundOpened(s: Draft, roundId: string): Step {
  const found = currentRound(s, roundId);
  if (!found.ok) return found;
  s.phase = 'setting';
  for (const hand of found.value.hands) {
    hand.deadlineMs = s.nowMs + s.config.timers.decisionMs;
    // A player who dropped while the deal was recorded has its reconnection grace (`graceDeadline`).
    if (s.players[hand.playerId] === undefined) setByHouseWay(hand, 'disconnect', found.value.rules.houseWay);
  }
  return done;
}

function roundFailed(s: Draft, roundId: string, reason: ErrorCode): Step {
  const found = currentRound(s, roundId);
  if (!found.ok) return found;
  const round = found.value;
  const told = new Set<string>();
  for (const playerId of [...round.hands.map((hand) => hand.playerId), ...(round.banker === null ? [] : [round.banker.playerId])]) {
    if (told.has(playerId) || s.players[playerId] === undefined) continue;
    told.add(playerId);
    tell(s, playerId, 'notice/round-void', { roundId, reason });
  }
  for (const hand of round.hands) {
    const p = s.players[hand.playerId];
    if (p === undefined || p.seat === null || !p.connected) continue;
    p.bets = { ...hand.bets };
    p.firstBetAtMs = s.nowMs;
    p.ready = false;
  }
  s.round = null;
  s.phase = 'betting';
  endBankIfShort(s);
  return done;
}

/**
 * One player's shortfall never voids a round for the others (docs/server.md): the short players' bets are
 * returned (`'balance'`) and everyone else stays ready, so the round deals again at once without them; a
 * short banker loses the bank first, and the bets placed against it are returned (`'bank-changed'`).
 * The round dealt again is the same round, its id and commitment (`nextRound` again): the ledger recorded nothing
 * of the refused deal, and the players locked their client seeds on that commitment, shown before their first bet
 * (fairness.md §1, §2); the server deals it from the same server seed (the `deal` refuses another).
 */
function roundShort(s: Draft, roundId: string, shortIds: readonly string[]): Step {
  const found = currentRound(s, roundId);
  if (!found.ok) return found;
  const round = found.value;
  s.round = null;
  s.phase = 'betting';
  if (round.fairness != null) s.nextRound = { roundId: round.roundId, commitment: round.fairness.commitment };
  const short = new Set(shortIds);
  for (const hand of round.hands) {
    const p = s.players[hand.playerId];
    if (p === undefined || p.seat === null || !p.connected) continue;
    p.bets = { ...hand.bets };
    p.firstBetAtMs = s.nowMs;
    if (short.has(p.playerId)) returnBets(s, p, 'balance');
    else p.ready = true;
  }
  const banker = round.banker;
  if (banker !== null && short.has(banker.playerId) && s.banker?.playerId === banker.playerId) removeBanker(s, 'balance');
  endBankIfShort(s);
  return done;
}

/** The ledger's answer to `reserve-bank`: the cover held, or `null` (the banker cannot cover the bank and leaves it). */
function bankCover(s: Draft, playerId: string, coverCents: number | null): Step {
  if (s.banker === null || s.banker.playerId !== playerId) return err('action/stale', `${playerId} does not bank here`);
  if (coverCents !== null) {
    s.banker.coverCents = coverCents;
    return done;
  }
  removeBanker(s, 'balance');
  return done;
}

// ---------------------------------------------------------------------------------------------
// Decisions after the deal

/** The player's unset hand in round `roundId`, the round being set (docs/protocol.md: a decision names its round). */
function decision(s: TableState, playerId: string, roundId: string): Result<RoundHand> {
  const found = seated(s, playerId);
  if (!found.ok) return found as Refusal;
  if (s.round?.roundId !== roundId) return err('action/stale', `round ${roundId} is not the round in play`);
  if (s.phase !== 'setting') return err('action/out-of-phase', 'there are no cards to set now');
  const hand = handOf(s, playerId);
  if (hand === undefined) return err('action/not-your-turn', 'you are not in this round');
  if (hand.setting !== null) return err('action/duplicate', 'your hand is already set');
  return ok(hand);
}

/** What the table's Hint works on: the player's own seven cards in the round being set, and the commission that applies. */
export interface HintHand {
  readonly roundId: string;
  /** The player's seven cards (its own only: rules.md §5, nothing another player may not see). */
  readonly cards: Hand;
  /** Commission on a win for the EVs, basis points: the table's when the house banks, 0 when a player banks (rules.md §3.1). */
  readonly commissionBps: number;
  /** The round's house way: the banker's, and the one the Hint compares with (issue 16). */
  readonly houseWay: HouseWayId;
}

/**
 * Whether `playerId` may ask for a Hint now (the best setting and its EV; docs/protocol.md `hint`),
 * and on what. A Hint never changes the table; only a seated player dealt into the round being set
 * whose hand is not set yet may ask (the same conditions as Split and House Way, rules.md §5).
 * @param roundId the round the Hint is asked for (docs/protocol.md `hint`)
 * @returns the player's own cards, the round id and the commission; or `action/not-seated`,
 *   `action/stale` (`roundId` is not the round in play), `action/out-of-phase` (no cards to set now),
 *   `action/not-your-turn` (not in this round, or the banker), `action/duplicate` (the hand is already set)
 */
export function hintHand(state: TableState, playerId: string, roundId: string): Result<HintHand> {
  const found = decision(state, playerId, roundId);
  if (!found.ok) return found as Refusal;
  const round = state.round as RoundState;
  return ok({
    roundId: round.roundId,
    cards: found.value.cards,
    commissionBps: round.banker === null ? round.rules.commissionBps : 0,
    houseWay: round.rules.houseWay ?? DEFAULT_HOUSE_WAY,
  });
}

function setHand(s: Draft, playerId: string, roundId: string, low: readonly [Card, Card]): Step {
  const found = decision(s, playerId, roundId);
  if (!found.ok) return found;
  const hand = found.value;
  const stranger = low.find((c) => !hand.cards.includes(c));
  if (stranger !== undefined) return err('setting/not-your-cards', `${isCard(stranger) ? formatCard(stranger) : String(stranger)} is not one of your cards`);
  const setting = { high: hand.cards.filter((c) => !low.includes(c)), low: [...low] };
  const checked = checkSetting(hand.cards, setting);
  if (!checked.ok) return checked;
  hand.setting = setting;
  hand.setBy = 'player';
  s.effects.push({ kind: 'save-round', roundId: (s.round as RoundState).roundId, secret: s.round as RoundState });
  return done;
}

function houseWayHand(s: Draft, playerId: string, roundId: string): Step {
  const found = decision(s, playerId, roundId);
  if (!found.ok) return found;
  setByHouseWay(found.value, 'house-way', (s.round as RoundState).rules.houseWay);
  s.effects.push({ kind: 'save-round', roundId: (s.round as RoundState).roundId, secret: s.round as RoundState });
  return done;
}

// ---------------------------------------------------------------------------------------------
// The banking player (rules.md §5, seed 002)

/** Why `playerId` may not take the bank now, or `null` when it may. */
export function bankRefusal(s: TableState, playerId: string): Refusal | null {
  if (!s.config.playerBanking) return err('bank/not-eligible', 'the house always banks at this table');
  const p = s.players[playerId];
  if (p === undefined || p.seat === null) return err('action/not-seated', 'take a seat first');
  if (s.banker !== null) {
    if (s.banker.playerId !== playerId) return err('bank/occupied', 'another player banks');
    return err('action/duplicate', s.banker.leaving ? 'you bank until the end of this round (you stopped banking): take the bank again after it' : 'you already bank');
  }
  if (s.phase !== 'betting' || s.round !== null) return err('action/out-of-phase', 'the bank changes hands between rounds');
  if (betsDown(s)) return err('bank/not-eligible', 'the bank changes hands only when no bets are on the table');
  if (s.houseBanksNext) return err('bank/house-banks-next', 'the last bank ended before a round was dealt under it, or its approval ran out: the house banks the next round, then the bank is open again');
  if (p.compPoints < s.config.bankMinCompPoints) {
    return err('bank/not-eligible', `banking needs ${s.config.bankMinCompPoints} comp points`);
  }
  const needed = bankMinBalanceCents(s.config);
  if (p.balanceCents < needed) return err('bank/not-eligible', `banking needs a balance of ${needed} cents`);
  return null;
}

/**
 * Whether auto-approve approves a new round for `banker` now (rules.md §5): it is on, and the banker's connection is
 * not lost past the reconnection grace (`pastGrace`). A banker away that long could not see the table, and rounds
 * approved and dealt under its bank committed its money all the same (a tester at table-3: 46 s of rounds while its
 * seat was held); §5 "Interruptions" keeps a player from losing money through no fault of its own and anyone from
 * profiting from a disconnection. The round then waits for the approval as if auto-approve were off, under the
 * approval timer (§5 "Timers": a banker that does not approve in time leaves the bank). Within the grace (a reload,
 * a brief drop) auto-approve approves as always.
 */
function autoApproves(s: TableState, banker: BankerState): boolean {
  return banker.autoApprove && !pastGrace(s, s.players[banker.playerId]);
}

/**
 * Asks the banker to approve the coming round (rules.md §5): approved at once when auto-approve approves for it
 * (`autoApproves`), else the table waits in `approval`.
 */
function askApproval(s: Draft): void {
  const banker = s.banker;
  if (banker === null) return;
  const auto = autoApproves(s, banker);
  banker.approved = auto;
  // Its clock starts once another player is seated (`timeApproval`, after every action).
  banker.approvalDeadlineMs = null;
  s.phase = auto ? 'betting' : 'approval';
  if (auto) s.effects.push(commitCover(s, banker));
}

/**
 * Starts or stops the banker's approval clock (`timers.approvalMs`, rules.md §5), after every action (`afterAction`):
 * it runs only while another player is seated, who could bet against the bank: it starts when the first one sits down,
 * afresh after the others have all left, and one more sitting down does not start it again (it is the round's clock, not
 * each player's). A player's finding: a bank taken at a table with nobody else seated ran out before anyone came, and as
 * the house then banks the next round, the player alone could not bank again until it had played a round against the
 * house.
 */
function timeApproval(s: Draft): void {
  const banker = s.banker;
  if (s.phase !== 'approval' || banker === null || banker.approved) return;
  const opponent = Object.values(s.players).some((p) => p.seat !== null && p.playerId !== banker.playerId);
  // Not while the last round's settlement waits for the ledger (`settlingRoundId`): the banker cannot approve before
  // `round-settled` asks it to (a tester's banker lost the bank to a settlement retried for 45 s on a held database).
  if (!opponent || banker.settlingRoundId !== null) banker.approvalDeadlineMs = null;
  else banker.approvalDeadlineMs ??= s.nowMs + s.config.timers.approvalMs;
}

/** The banker approved the coming round (or turned auto-approve on while asked): betting opens (rules.md §5). */
function markApproved(s: Draft, banker: BankerState): void {
  banker.approved = true;
  banker.approvalDeadlineMs = null;
  s.phase = 'betting';
  s.effects.push(commitCover(s, banker));
}

/**
 * The banker leaves the bank (`why`: recorded for the others' views, and told to the banker unless it chose
 * to go, `notice/left-bank`). A bet never settles on other terms than those it was placed under
 * (docs/server.md "Changing the bank"): a player's own change of bank is refused while bets are down,
 * so bets are found here only when the bank is lost (a seat hold that ran out, a cover the ledger
 * refused); they are returned with `notice/bet-returned` `'bank-changed'`.
 */
function removeBanker(s: Draft, why: BankEnd): void {
  const bankerId = s.banker?.playerId ?? null;
  // A bank that ends before any round was dealt under it, however it ends, holds the table as an approval timeout
  // does: the house banks the next round. Attackers took the bank again at once and never approved, keeping table-3
  // in approval for good: standing up and sitting down every 30 s, or staking at other tables until the balance fell
  // short of banking, then taking the bank back when those rounds paid out.
  if (s.banker !== null && !s.banker.dealt) s.houseBanksNext = true;
  if (bankerId !== null) {
    s.effects.push({ kind: 'release-bank', playerId: bankerId });
    const banker = s.players[bankerId];
    if (banker !== undefined) banker.activeAtMs = s.nowMs;
  }
  s.banker = null;
  s.bankEnded = why;
  if (s.phase === 'approval') s.phase = 'betting';
  for (const p of Object.values(s.players)) returnBets(s, p, 'bank-changed');
  // The banker is told why, unless it chose to go.
  if (bankerId !== null && why !== 'left') tell(s, bankerId, 'notice/left-bank', { reason: why });
}

function takeBank(s: Draft, playerId: string): Step {
  const refusal = bankRefusal(s, playerId);
  if (refusal !== null) return refusal;
  s.banker = { playerId, autoApprove: false, approved: false, leaving: false, approvalDeadlineMs: null, clientSeed: null, coverCents: null, settlingRoundId: null, dealt: false };
  s.bankEnded = null;
  askApproval(s);
  return done;
}

function bankerOnly(s: TableState, playerId: string): Step {
  const found = seated(s, playerId);
  if (!found.ok) return found;
  if (!isBanker(s, playerId)) return err('action/not-your-turn', 'only the banker may do this');
  return done;
}

function leaveBank(s: Draft, playerId: string): Step {
  const checked = bankerOnly(s, playerId);
  if (!checked.ok) return checked;
  if (s.round === null && betsDown(s)) return err('bank/bets-down', BETS_DOWN_AGAINST_YOU);
  endBank(s);
  return done;
}

/**
 * The banker stops banking (rules.md §5 "Play as the banker", docs/server.md "Changing the bank"): after the round
 * dealt under it, if one is (`leaving`), else at once, the bets on the felt going back to their players
 * (`removeBanker`, `'bank-changed'`).
 */
function endBank(s: Draft): void {
  if (s.round !== null) (s.banker as BankerState).leaving = true;
  else removeBanker(s, 'left');
}

function approve(s: Draft, playerId: string, clientSeed: string | undefined): Step {
  const checked = bankerOnly(s, playerId);
  if (!checked.ok) return checked;
  const banker = s.banker as BankerState;
  if (s.phase !== 'approval' || banker.settlingRoundId !== null) {
    return banker.approved ? err('action/duplicate', 'this round is approved') : err('action/out-of-phase', 'there is nothing to approve now');
  }
  const seed = seedToLock(clientSeed);
  if (!seed.ok) return seed;
  banker.clientSeed = seed.value;
  markApproved(s, banker);
  return done;
}

/**
 * Auto-approve on or off. Turned on, its client seed is the banker's for the rounds it approves (fairness.md §2);
 * but a seed is locked from the approval of a round to its deal: turned on again in that time with another
 * seed, it is refused with `fairness/seed-locked` (with the same seed or none, the locked seed stays).
 */
function autoApprove(s: Draft, playerId: string, on: boolean, clientSeed: string | undefined): Step {
  const checked = bankerOnly(s, playerId);
  if (!checked.ok) return checked;
  const banker = s.banker as BankerState;
  const seed = seedToLock(clientSeed);
  if (!seed.ok) return seed;
  const locked = banker.approved && s.round === null;
  if (on && locked && seed.value !== null && seed.value !== banker.clientSeed) {
    return err('fairness/seed-locked', 'the banker’s client seed is locked from the approval of a round until its deal');
  }
  if (on && !locked) banker.clientSeed = seed.value;
  banker.autoApprove = on;
  if (on && s.phase === 'approval' && banker.settlingRoundId === null) markApproved(s, banker);
  return done;
}

// ---------------------------------------------------------------------------------------------
// Timers

/**
 * The bet deadline of a seat that has bets on the table and has not pressed Deal, else `null` (epoch ms): its
 * first chip plus `betMs`, and never later than the table's deal clock (`TableState.readySinceMs`: the Deal that
 * found nobody else ready, while someone still is) plus `betMs`, so one slow player delays the others by at most
 * the bet time (protocol.md "Multi-player Deal rule").
 */
export function betDeadline(s: TableState, p: PlayerState): number | null {
  if (s.phase !== 'betting' || p.ready || p.firstBetAtMs === null) return null;
  const own = p.firstBetAtMs + s.config.timers.betMs;
  const readySince = s.readySinceMs;
  if (readySince === null || !bettors(s).some((other) => other.ready)) return own;
  return Math.min(own, readySince + s.config.timers.betMs);
}

/**
 * When a connected seated player who neither bets nor plays stands up (`idleSeatMs` after `activeAtMs`), else `null`:
 * never the banker, a player with bets on the felt or one in the round.
 */
function idleSeatDeadline(s: TableState, p: PlayerState): number | null {
  if (!p.connected || p.seat === null || p.bets.main + p.bets.fortune > 0 || isBanker(s, p.playerId) || inRound(s, p.playerId)) return null;
  return p.activeAtMs + s.config.timers.idleSeatMs;
}

/**
 * When a disconnected seated player loses its seat (`timers.reconnectMs` after the drop; rules.md §5 "Interruptions"),
 * else `null`: never during a round it is dealt into (as a player or the banker), whose end frees it; a round it is
 * not in does not hold it.
 */
function seatHoldDeadline(s: TableState, p: PlayerState): number | null {
  if (p.connected || p.seat === null || p.disconnectedAtMs === null || inRound(s, p.playerId)) return null;
  return p.disconnectedAtMs + s.config.timers.reconnectMs;
}

/**
 * The earliest pending deadline of the table (epoch ms), or `null` when nothing is timed: a bet not
 * dealt, a decision after the deal, a reconnection grace, the banker's approval, a disconnected player's seat hold, an
 * idle seat, the end of a betting window that alone holds the deal. The server applies a `tick` at that time.
 */
export function nextDeadline(s: TableState): number | null {
  const times: number[] = [];
  for (const p of Object.values(s.players)) {
    const bet = betDeadline(s, p);
    if (bet !== null) times.push(bet);
    const hold = seatHoldDeadline(s, p);
    if (hold !== null) times.push(hold);
    const betGrace = betGraceDeadline(s, p);
    if (betGrace !== null) times.push(betGrace);
    const idle = idleSeatDeadline(s, p);
    if (idle !== null) times.push(idle);
  }
  if (s.phase === 'setting' && s.round !== null) {
    for (const hand of s.round.hands) {
      if (hand.setting === null && hand.deadlineMs !== null) times.push(hand.deadlineMs);
      const grace = graceDeadline(s, hand);
      if (grace !== null) times.push(grace);
    }
  }
  if (s.phase === 'approval' && s.banker?.approvalDeadlineMs != null) times.push(s.banker.approvalDeadlineMs);
  const windowEnd = bettingWindowEnd(s);
  if (windowEnd !== null && bettors(s).every((p) => p.ready)) times.push(windowEnd);
  return times.length === 0 ? null : Math.min(...times);
}

/** rules.md §5 "Timers": expires every deadline that has passed. */
function tick(s: Draft): Step {
  const now = s.nowMs;
  for (const p of Object.values(s.players)) {
    const bet = betDeadline(s, p);
    if (bet !== null && bet <= now) returnBets(s, p, 'timeout');
    // A connection lost past the reconnection grace (rules.md §5): its bets not dealt go back.
    const betGrace = betGraceDeadline(s, p);
    if (betGrace !== null && betGrace <= now) returnBets(s, p, 'disconnect');
  }
  if (s.phase === 'setting' && s.round !== null) {
    // A connection lost past the reconnection grace (rules.md §5): the house way plays the hand.
    for (const hand of s.round.hands) {
      const grace = graceDeadline(s, hand);
      if (grace !== null && grace <= now) {
        setByHouseWay(hand, 'disconnect', s.round.rules.houseWay);
        if (s.players[hand.playerId] !== undefined) tell(s, hand.playerId, 'notice/house-way-set', { roundId: s.round.roundId, reason: 'disconnect' });
      }
    }
    for (const hand of s.round.hands) {
      if (hand.setting === null && hand.deadlineMs !== null && hand.deadlineMs <= now) {
        setByHouseWay(hand, 'timeout', s.round.rules.houseWay);
        const p = s.players[hand.playerId];
        if (p !== undefined) {
          p.leaveAfterRound = true;
          tell(s, p.playerId, 'notice/house-way-set', { roundId: s.round.roundId, reason: 'timeout' });
        }
      }
    }
  }
  if (s.phase === 'approval' && s.banker !== null && s.banker.approvalDeadlineMs !== null && s.banker.approvalDeadlineMs <= now) {
    removeBanker(s, 'approval-timeout');
    s.houseBanksNext = true;
  }
  return done;
}

// ---------------------------------------------------------------------------------------------
// After every action: ask for the reveal, stand up expired seats, ask for the deal

function afterAction(s: Draft): void {
  if (s.phase === 'setting' && s.round !== null && s.round.hands.every((hand) => hand.setting !== null)) s.effects.push({ kind: 'reveal-due', roundId: s.round.roundId });
  // A seat held for a disconnected player stands up when its hold runs out (docs/server.md: held 60 s, then it stands
  // up), also while the others play a round it was not dealt into: it was kept until that round ended, and the hold's
  // deadline, past, had the server's timer fire every 5 ms meanwhile (an attacker's 30-s CPU spin).
  for (const p of Object.values(s.players)) {
    const hold = seatHoldDeadline(s, p);
    if (hold !== null && hold <= s.nowMs) {
      returnBets(s, p, 'disconnect');
      unseat(s, p, 'disconnected');
    }
  }
  // An idle seat stands up after any action that finds it past its time, not only at the next tick: a bet cleared
  // and placed again in one burst came before the tick and held the seat for good.
  for (const p of Object.values(s.players)) {
    const idle = idleSeatDeadline(s, p);
    if (idle !== null && idle <= s.nowMs) unseat(s, p, 'idle');
  }
  timeApproval(s);
  if (dueBettors(s) !== null) askToDeal(s);
}

/**
 * The server's answer to `reveal-due`: the reveal of `roundId` once every hand is set (rules.md §5), refused with
 * `action/stale` unless that round is in play with every hand set.
 */
function revealRound(s: Draft, roundId: string): Step {
  if (s.phase !== 'setting' || s.round === null || s.round.roundId !== roundId || s.round.hands.some((hand) => hand.setting === null)) {
    return err('action/stale', 'this round is not waiting for its reveal');
  }
  reveal(s);
  return done;
}

/**
 * The reveal: settles the round (`settle-round`: the ledger moves the money, and its answer `round-settled`
 * brings the balances) and starts the next round; a banker who banks on waits for that answer.
 */
function reveal(s: Draft): void {
  const round = s.round as RoundState;
  for (const hand of round.hands) {
    const p = s.players[hand.playerId];
    if (p !== undefined) p.activeAtMs = s.nowMs;
  }
  const settlement = settleRoundState(round, s.nowMs, 'disconnect');
  s.effects.push({
    kind: 'settle-round',
    roundId: round.roundId,
    postings: settlement.postings,
    compPoints: settlement.compPoints,
    result: settlement.result,
  });
  s.lastRound = settlement.result;
  s.round = null;
  s.phase = 'betting';

  for (const hand of round.hands) {
    const p = s.players[hand.playerId];
    if (p !== undefined && p.leaveAfterRound) unseat(s, p, 'timeout');
  }
  const banker = s.banker;
  if (banker !== null) {
    const p = s.players[banker.playerId];
    if (banker.leaving || p === undefined || p.seat === null) removeBanker(s, 'left');
    else {
      // No bet before the banker approves the next round, which waits for the ledger's balances.
      banker.settlingRoundId = round.roundId;
      banker.approved = false;
      banker.approvalDeadlineMs = null;
      s.phase = 'approval';
    }
  }
}

/**
 * The ledger's answer to `settle-round`: the players' balances and comp points as it has them; then a
 * banker who banks on is asked to approve the next round, or loses the bank when it no longer meets what taking
 * the bank needs (rules.md §5, seed 002 "Minimum Gutpunkte und Saldo": the two are one pair of minimum
 * requirements): a balance below `bankMinBalanceCents` (`notice/left-bank` `'balance'`), else comp points below
 * the table's `bankMinCompPoints` (`'comp-points'`; the round's points were deducted in full, with no floor,
 * docs/server.md "Comp points"). The bank is then open to any eligible player (the house banks until one takes it).
 */
function roundSettled(s: Draft, roundId: string, players: readonly LedgerFigures[]): Step {
  for (const figures of players) {
    if (s.players[figures.playerId] !== undefined) sync(s, figures.playerId, figures);
  }
  const banker = s.banker;
  if (banker === null || banker.settlingRoundId !== roundId) return done;
  banker.settlingRoundId = null;
  const short = bankShortfall(s, s.players[banker.playerId]);
  if (short !== null) removeBanker(s, short);
  else askApproval(s);
  return done;
}

/**
 * What the banker `p` lacks to bank on (rules.md §5, seed 002 "Minimum Gutpunkte und Saldo"): `'balance'` below
 * `bankMinBalanceCents`, else `'comp-points'` below the table's `bankMinCompPoints`; `null` when it has both.
 */
function bankShortfall(s: TableState, p: PlayerState): 'balance' | 'comp-points' | null {
  if (p.balanceCents < bankMinBalanceCents(s.config)) return 'balance';
  if (p.compPoints < s.config.bankMinCompPoints) return 'comp-points';
  return null;
}

