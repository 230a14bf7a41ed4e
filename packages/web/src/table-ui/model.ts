/**
 * What the table shows, derived from a `TableView` (docs/protocol.md) and the player's local,
 * unsubmitted arrangement of its cards. Pure functions, no DOM: the renderer draws what these
 * return, and the rules used here (the foul check, hand categories) are the engine's, for display
 * and validation only — the server decides every outcome.
 */
import {
  DEFAULT_BET_UNIT_CENTS,
  categoryOf,
  checkSetting,
  compareForDisplay,
  evaluateHighHand,
  evaluateLowHand,
  parseCard,
  parseCards,
  parseHand,
  type Category,
  type ErrorCode,
  type HandResult,
  type WagerOutcome,
} from '@paigow/engine';
import type { CardText, EnvyView, RoundResultView, SeatResultView, SettingView, TableView } from '@paigow/protocol';

export type { CardText };

/** Why Split is disabled: not two cards in the low hand, or an engine error code (`setting/foul`, …). */
export type SplitBlock = { readonly kind: 'low-count'; readonly count: number } | { readonly kind: 'error'; readonly code: ErrorCode };

/** The state of the player's local arrangement. */
export interface Arrangement {
  readonly high: readonly CardText[];
  readonly low: readonly CardText[];
  /** `null` when Split may be pressed. */
  readonly block: SplitBlock | null;
  /** Categories of the two hands when they are complete (5 + 2), for labels. */
  readonly highCategory: Category | null;
  readonly lowCategory: Category | null;
}

/**
 * Cards highest first for reading (the joker first, then aces down to deuces; suits in `shdc` order:
 * the engine's `compareForDisplay`); unreadable texts go last.
 */
export function sortForDisplay(cards: readonly CardText[]): CardText[] {
  const parsed = new Map(cards.map((text) => [text, parseCard(text)]));
  return [...cards].sort((a, b) => {
    const x = parsed.get(a)!;
    const y = parsed.get(b)!;
    if (x.ok && y.ok) return compareForDisplay(x.value, y.value);
    return Number(!x.ok) - Number(!y.ok);
  });
}

/**
 * Splits the dealt cards by the player's chosen low-hand cards and checks the setting with the
 * engine (rules.md §2.4).
 * @param cards the seven dealt cards (dealt order)
 * @param low the cards the player moved to the low hand (any number; cards not in `cards` are ignored)
 * @returns high = the other cards, highest first (as `low`); `block` = `low-count` unless exactly two low cards,
 *   else the engine's `checkSetting` code (`setting/foul`, …) or `null` when legal
 */
export function arrange(cards: readonly CardText[], low: readonly CardText[]): Arrangement {
  const lowCards = sortForDisplay(cards.filter((c) => low.includes(c)));
  const high = sortForDisplay(cards.filter((c) => !lowCards.includes(c)));
  const base = { high, low: lowCards, highCategory: null, lowCategory: null };
  if (lowCards.length !== 2 || cards.length !== 7) return { ...base, block: { kind: 'low-count', count: lowCards.length } };
  const hand = parseHand(cards);
  const highParsed = parseCards([...high], 5);
  const lowParsed = parseCards([...lowCards], 2);
  if (!hand.ok) return { ...base, block: { kind: 'error', code: hand.error.code } };
  if (!highParsed.ok || !lowParsed.ok) return { ...base, block: { kind: 'error', code: 'setting/wrong-split' } };
  const highCategory = categoryOf(evaluateHighHand(highParsed.value));
  const lowCategory = categoryOf(evaluateLowHand(lowParsed.value));
  const checked = checkSetting(hand.value, { high: highParsed.value, low: lowParsed.value });
  return { high, low: lowCards, highCategory, lowCategory, block: checked.ok ? null : { kind: 'error', code: checked.error.code } };
}

/**
 * Moves a card between the hands: a low-hand card goes back to the high hand; a high-hand card goes to
 * the low hand (when the low hand already holds two, the earlier of them goes back, so a click always
 * does what the player sees).
 * @returns the new list of low-hand cards
 */
export function toggleLow(low: readonly CardText[], card: CardText): CardText[] {
  if (low.includes(card)) return low.filter((c) => c !== card);
  const next = [...low, card];
  return next.length > 2 ? next.slice(next.length - 2) : next;
}

/** The category of a revealed hand (5 cards → high hand, 2 → low hand); `null` when unreadable. */
export function categoryOfCards(cards: readonly CardText[]): Category | null {
  const parsed = parseCards([...cards]);
  if (!parsed.ok) return null;
  if (parsed.value.length === 5) return categoryOf(evaluateHighHand(parsed.value));
  if (parsed.value.length === 2) return categoryOf(evaluateLowHand(parsed.value));
  return null;
}

/** The mirror of a hand result for the banker's side (a copy goes to the banker, rules.md §3). */
export function bankerMark(player: HandResult): HandResult {
  return player === 'win' ? 'lose' : player === 'lose' ? 'win' : 'copy';
}

/** What the felt shows in the player's and banker's areas. */
export type Stage =
  /** No cards on the table (betting, no previous round of yours to show). */
  | { readonly kind: 'empty' }
  /** Dealt; the viewer is setting its hand (or waits, `submitted`). */
  | { readonly kind: 'setting'; readonly cards: readonly CardText[]; readonly submitted: SettingView | null }
  /** Dealt, the viewer watches (banker or not in the round): only backs. */
  | { readonly kind: 'watching' }
  /**
   * The viewer's last round, revealed (finished: the felt tags it "Last round"). `mine` is the viewer's
   * wager in it, if any; `asBanker` when the viewer banked it (whatever its role now).
   */
  | { readonly kind: 'revealed'; readonly round: RoundResultView; readonly mine: SeatResultView | null; readonly asBanker: boolean };

/**
 * The stage to draw for a view: the viewer's cards while a round is dealt, the revealed last round
 * while betting, or an empty felt. A player not dealt into the round in play among the others keeps its
 * own last round on the felt (its result stays until it bets again or is dealt in): the view's `lastRound`
 * when it played it, else `kept`, the viewer's own last round remembered by the screen (`keptRoundOf`).
 */
export function stageOf(view: TableView, kept: RoundResultView | null = null): Stage {
  const you = view.you;
  if (view.phase === 'setting' || view.phase === 'dealing') {
    if (you?.cards && you.cards.length === 7) return { kind: 'setting', cards: you.cards, submitted: you.setting };
    const own = you?.role === 'player' && you.bets.main === 0 ? ownRoundOf(view, kept) : null;
    if (own) return revealedOf(own);
    if (view.phase === 'setting') return { kind: 'watching' };
  }
  const round = ownRoundOf(view, kept);
  return round ? revealedOf(round) : { kind: 'empty' };
}

function revealedOf(round: RoundResultView): Stage {
  return { kind: 'revealed', round, mine: round.players.find((p) => p.you) ?? null, asBanker: round.banker.kind === 'player' && round.banker.you };
}

/**
 * The viewer's own last round to show: the view's `lastRound` when the viewer played it, else `kept`; none while bets are
 * taken and a round's result waits for the ledger (`settlingRoundId`): the round before, shown again, would be taken
 * for that one's.
 */
export function ownRoundOf(view: TableView, kept: RoundResultView | null): RoundResultView | null {
  if (view.settlingRoundId !== null && view.phase !== 'setting' && view.phase !== 'dealing') return null;
  const round = view.lastRound;
  if (round && viewerPlayed(round)) return round;
  return kept;
}

/**
 * The viewer's own last round the screen keeps showing after the table's `lastRound` moved on to a round
 * the viewer was not in (rules.md §5: the screen shows what you won or lost in the previous round): the
 * view's `lastRound` when the viewer played it; else `prev` while the viewer (a player) has no bet on the
 * felt (`betStarted`: a chip placed, held or still a draft) and is not dealt in; else `null`.
 * @returns `prev` itself when nothing changed (for a React state)
 */
export function keptRoundOf(prev: RoundResultView | null, view: TableView | null, betStarted: boolean): RoundResultView | null {
  if (!view || !view.you) return prev;
  const round = view.lastRound;
  if (round && viewerPlayed(round)) return prev?.roundId === round.roundId ? prev : round;
  if (prev === null) return null;
  const you = view.you;
  if (you.role !== 'player' || you.cards !== null || betStarted || you.bets.main > 0 || you.bets.fortune > 0) return null;
  return prev;
}

/** Whether the viewer had a part in a round: a wager in it, or the bank. */
export function viewerPlayed(round: RoundResultView): boolean {
  return round.players.some((p) => p.you) || (round.banker.kind === 'player' && round.banker.you);
}

/** An outcome read from the sign of a net amount of cents (won money, lost money, neither). */
export function outcomeOfNet(netCents: number): WagerOutcome {
  return netCents > 0 ? 'win' : netCents < 0 ? 'lose' : 'push';
}

/** The round's result for the viewer, for the `result` element. */
export interface ResultModel {
  readonly roundId: string;
  readonly outcome: WagerOutcome;
  readonly netCents: number;
  readonly commissionCents: number;
  readonly fortune: { readonly line: string | null; readonly netCents: number } | null;
  /** The envy bonus earned (rules.md §4), or `null`. */
  readonly envy: EnvyView | null;
  readonly asBanker: boolean;
}

/**
 * The viewer's result of its last revealed round (`ownRoundOf`: the view's, else `kept`), or `null` when none.
 * A banking player's result is `win`/`lose`/`push` by the sign of its net.
 */
export function resultOf(view: TableView, kept: RoundResultView | null = null): ResultModel | null {
  const round = ownRoundOf(view, kept);
  if (!round) return null;
  const mine = round.players.find((p) => p.you);
  if (mine) return seatResultOf(round.roundId, mine);
  if (round.banker.kind === 'player' && round.banker.you) {
    const net = round.bankerNetCents;
    return { roundId: round.roundId, outcome: outcomeOfNet(net), netCents: net, commissionCents: round.bankerFeeCents, fortune: null, envy: null, asBanker: true };
  }
  return null;
}

/** A player's result in round `roundId` (its seat's), for the `result` element and the history. */
export function seatResultOf(roundId: string, seat: SeatResultView): ResultModel {
  return {
    roundId,
    outcome: seat.outcome,
    netCents: seat.netCents,
    commissionCents: seat.commissionCents,
    fortune: seat.fortune,
    envy: seat.envy ?? null,
    asBanker: false,
  };
}

/** The chip denominations, in whole units (1 unit = 100 cents; rules.md §5). */
export const CHIP_VALUES = [1, 5, 25, 100] as const;
export type ChipValue = (typeof CHIP_VALUES)[number];

/** What a pile of chips is worth, cents (a chip of value 1 is 100 cents). */
export function chipsCents(chips: readonly ChipValue[]): number {
  return chips.reduce((a, b) => a + b * 100, 0);
}

/**
 * Splits an amount of cents into chips, largest first (131.00 → 100, 25, 5, 1).
 * Cents below one unit are not drawn (bets are built from whole chips).
 */
export function chipsFor(cents: number): ChipValue[] {
  let units = Math.floor(Math.max(0, cents) / 100);
  const out: ChipValue[] = [];
  for (const v of [100, 25, 5, 1] as const) {
    while (units >= v) {
      out.push(v);
      units -= v;
    }
  }
  return out;
}

/**
 * The chips a bet of `totalCents` is drawn as, bottom first: the first of the player's piles that adds
 * up to the total — its latest clicks, then the last pile the server accepted (after a refused chip) —
 * so that clicking the stack removes the last accepted chip; else the fewest chips.
 */
export function betChips(totalCents: number, ...piles: readonly (readonly ChipValue[])[]): ChipValue[] {
  const pile = piles.find((p) => chipsCents(p) === totalCents);
  return pile ? [...pile] : chipsFor(totalCents);
}

/**
 * The browser-clock deadline of a server deadline, corrected for clock skew with the view's
 * `serverNowMs` (taken when the view arrived at `receivedAtMs`).
 */
export function localDeadline(deadlineMs: number | null, serverNowMs: number, receivedAtMs: number): number | null {
  return deadlineMs === null ? null : deadlineMs - serverNowMs + receivedAtMs;
}

/**
 * The table's bet unit in cents: bets are whole multiples of it (`TableConfigView.betUnitCents`;
 * 100 = whole units, also when a server of an older protocol does not send it).
 */
export function betUnitOf(config: { readonly betUnitCents?: unknown }): number {
  const unit = config.betUnitCents;
  return typeof unit === 'number' && Number.isInteger(unit) && unit > 0 ? unit : DEFAULT_BET_UNIT_CENTS;
}

/**
 * How a bet being built with chips stands against the spot's limits and the bet unit:
 * `empty` (0), `ok`, `under-min` (below `minCents`), `off-unit` (not a multiple of `unitCents`), or
 * `over-max` (above `maxCents`). Cents; limits as in `TableConfigView.limits` (docs/protocol.md "Bets").
 */
export type DraftCheck = 'empty' | 'ok' | 'under-min' | 'off-unit' | 'over-max';

/** Checks a bet of `cents` against the spot's limits and the bet unit (see `DraftCheck`). */
export function checkDraft(cents: number, limits: { readonly minCents: number; readonly maxCents: number }, unitCents: number): DraftCheck {
  if (cents <= 0) return 'empty';
  if (cents % unitCents !== 0) return 'off-unit';
  if (cents < limits.minCents) return 'under-min';
  if (cents > limits.maxCents) return 'over-max';
  return 'ok';
}

/**
 * What to send for a bet the player has just changed with chips (rules.md §5: chips build a bet).
 * A bet below the minimum or off the bet unit is still being built: it stays on the felt as a draft
 * and is not sent (the server would refuse it), but a larger bet the server holds is taken off (0) so
 * that Deal never deals more than the player sees. Anything else is sent, over the maximum included
 * (the server refuses it with `bet/over-limit`, which the player should read).
 * @param draftCents the bet as now built, cents
 * @param heldCents the spot's bet as the server holds it, cents
 * @returns `{ send: cents | null, draft }`: the amount to send (`null`: nothing) and whether the chips stay a local draft
 */
export function planBet(
  draftCents: number,
  heldCents: number,
  limits: { readonly minCents: number; readonly maxCents: number },
  unitCents: number,
): { readonly send: number | null; readonly draft: boolean } {
  const check = checkDraft(draftCents, limits, unitCents);
  if (check === 'under-min' || check === 'off-unit') return { send: heldCents > 0 ? 0 : null, draft: true };
  return { send: draftCents === heldCents ? null : draftCents, draft: false };
}

/**
 * The chip the Fortune spot adds when clicked: the selected chip, else the smallest chip that is a
 * whole number of bet units and reaches the Fortune minimum (`minCents`, 0 when unknown).
 */
export function fortuneChip(selected: ChipValue | null, unitCents: number, minCents = 0): ChipValue {
  if (selected !== null) return selected;
  const fits = CHIP_VALUES.filter((v) => (v * 100) % unitCents === 0);
  return fits.find((v) => v * 100 >= minCents) ?? fits[fits.length - 1] ?? CHIP_VALUES[0];
}

/** Whom the viewer waits for, and until when at most (the latest of their deadlines, server clock). */
export interface Waiting {
  /**
   * `deal`: the viewer pressed Deal; `set`: its hand is set; `approval`: the banking player has not approved;
   * `bets`: the viewer pressed Deal and the betting window holds the deal for the seated players without a bet;
   * `closing`: players pressed Deal and the viewer, seated without a bet, may still bet until the window ends;
   * `yours`: players pressed Deal and wait for the viewer, whose bet is down and Deal not pressed (its bet timer:
   * when it runs out the round is dealt without it and its bet goes back).
   */
  readonly kind: 'deal' | 'set' | 'approval' | 'bets' | 'closing' | 'yours';
  /** Players still to act (0 for `approval`); for `closing` and `yours`, the players who pressed Deal. */
  readonly count: number;
  /** The latest deadline among them (epoch ms, server clock), or `null` when none runs. */
  readonly deadlineMs: number | null;
}

/**
 * What the viewer is waiting for (docs/protocol.md "Multi-player Deal rule", "Setting", rules.md §5
 * timers): after pressing Deal, the other seated players with a main bet who have not pressed Deal, connected or
 * not (the round waits for a dropped one's bet through its reconnection grace; each one's bet timer bounds the
 * wait: a retester read no count nor countdown while one was away); after setting its hand, the dealt players who
 * have not set (their decision timers; never a player banker, whose hand the house way sets); a player (not the
 * banker) at a table in `approval`, the banker's approval;
 * while the betting window is open (`bettingWindowEndsAtMs`) and nobody else with a bet is still to press Deal, the
 * seated players without a bet; for such a player, the window's end (its last moment to bet into a round due); for
 * a player with a bet down who has not pressed Deal while others have, its own bet timer (a tester's: that player
 * read only "Place your bet, then Deal" and was dealt out 46 s later, not knowing anyone waited).
 * @returns `null` when the viewer waits for nobody
 */
export function waitingFor(view: TableView): Waiting | null {
  const you = view.you;
  if (!you || you.role === 'spectator') return null;
  const latest = (deadlines: readonly (number | null)[]): number | null =>
    deadlines.reduce<number | null>((a, d) => (d === null ? a : a === null ? d : Math.max(a, d)), null);
  if (view.phase === 'approval' && you.role !== 'banker' && view.banker.kind === 'player' && !view.banker.approved) {
    const banker = view.seats.find((s) => s.role === 'banker');
    return { kind: 'approval', count: 0, deadlineMs: banker?.deadlineMs ?? null };
  }
  const windowEnd = view.phase === 'betting' && you.role === 'player' ? view.bettingWindowEndsAtMs : null;
  if (view.phase === 'betting' && you.ready) {
    const others = view.seats.filter((s) => !s.you && s.role === 'player' && s.bets.main > 0 && !s.ready);
    if (others.length > 0) return { kind: 'deal', count: others.length, deadlineMs: latest(others.map((s) => s.deadlineMs)) };
    if (windowEnd === null) return null;
    const withoutBet = view.seats.filter((s) => !s.you && s.role === 'player' && s.connected && s.bets.main === 0);
    return { kind: 'bets', count: withoutBet.length, deadlineMs: windowEnd };
  }
  if (windowEnd !== null && you.bets.main === 0) {
    return { kind: 'closing', count: view.seats.filter((s) => s.role === 'player' && s.ready).length, deadlineMs: windowEnd };
  }
  if (view.phase === 'betting' && you.role === 'player' && you.bets.main > 0) {
    const ready = view.seats.filter((s) => !s.you && s.role === 'player' && s.ready).length;
    if (ready > 0) return { kind: 'yours', count: ready, deadlineMs: you.deadlineMs };
  }
  const mine = view.seats.find((s) => s.you);
  const done = you.role === 'banker' || (mine !== undefined && (!mine.inRound || mine.hasSet));
  if (view.phase === 'setting' && done) {
    // The banker never sets its hand (the house way does): only the players still to set are waited for.
    const others = view.seats.filter((s) => !s.you && s.role === 'player' && s.inRound && !s.hasSet);
    return others.length === 0 ? null : { kind: 'set', count: others.length, deadlineMs: latest(others.map((s) => s.deadlineMs)) };
  }
  return null;
}

/**
 * One player's result from the banking side (rules.md §3.1, §4): the main bet's money only, since the
 * Fortune bet and the envy bonus are settled against the house, not the banker.
 * @returns `playerMainCents` = the player's net on the main bet (commission included), `bankerCents` =
 *   its opposite, before the banking player's fee (the fee is on the round's total, `bankerFeeCents`)
 */
export function mainResultOf(p: SeatResultView): { readonly playerMainCents: number; readonly bankerCents: number } {
  const main = p.netCents - (p.fortune?.netCents ?? 0) - (p.envy?.amountCents ?? 0);
  return { playerMainCents: main, bankerCents: main === 0 ? 0 : -main };
}

/**
 * The whole minutes, at least 1, until the viewer may sit at this table again after its idle-seat clock ran out, for
 * `action/idle-wait`: `you.idleWaitUntilMs` on the browser's clock (`localDeadline`: the view arrived at `receivedAtMs`,
 * maybe minutes ago, as a refused sit brings no new view) against `nowMs`; the table's whole idle-seat time when the view
 * has no wait.
 */
export function idleWaitMinutes(view: TableView, receivedAtMs: number, nowMs: number): number {
  const until = localDeadline(view.you?.idleWaitUntilMs ?? null, view.serverNowMs, receivedAtMs);
  const leftMs = until === null ? view.config.timers.idleSeatMs : until - nowMs;
  return Math.max(1, Math.ceil(leftMs / 60_000));
}
