/**
 * What the table shows, derived from a `TableView` (docs/protocol.md) and the player's local,
 * unsubmitted arrangement of its cards. Pure functions, no DOM: the renderer draws what these
 * return, and the rules used here (the foul check, hand categories) are the engine's, for display
 * and validation only — the server decides every outcome.
 */
import {
  JOKER,
  categoryOf,
  checkSetting,
  evaluateHighHand,
  evaluateLowHand,
  parseCards,
  type Category,
  type EnvyView,
  type ErrorCode,
  type HandResult,
  type RoundResultView,
  type SeatResultView,
  type SettingView,
  type TableView,
  type WagerOutcome,
} from '@paigow/engine';

/** Card text as on the wire (`As`, `Jk`). */
export type CardText = string;

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

/** Cards highest first for reading (the joker first, then aces down to deuces; suits in `shdc` order). */
export function sortForDisplay(cards: readonly CardText[]): CardText[] {
  const key = (text: CardText): number => {
    const parsed = parseCards([text], 1);
    if (!parsed.ok) return -1;
    const c = parsed.value[0];
    return c === JOKER ? 1000 : (c >> 2) * 4 + (3 - (c & 3));
  };
  return [...cards].sort((a, b) => key(b) - key(a));
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
  const hand = parseCards([...cards], 7);
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
  /** The last round, revealed. `mine` is the viewer's wager in it, if any. */
  | { readonly kind: 'revealed'; readonly round: RoundResultView; readonly mine: SeatResultView | null };

/**
 * The stage to draw for a view: the viewer's cards while a round is dealt, the revealed last round
 * while betting, or an empty felt.
 */
export function stageOf(view: TableView): Stage {
  const you = view.you;
  if (view.phase === 'setting' || view.phase === 'dealing') {
    if (you?.cards && you.cards.length === 7) return { kind: 'setting', cards: you.cards, submitted: you.setting };
    if (view.phase === 'setting') return { kind: 'watching' };
  }
  const round = view.lastRound;
  if (round) {
    const mine = round.players.find((p) => p.you) ?? null;
    const iBank = round.banker.kind === 'player' && round.banker.you;
    if (mine || iBank) return { kind: 'revealed', round, mine };
  }
  return { kind: 'empty' };
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
 * The viewer's result of the last revealed round, or `null` when it did not play it.
 * A banking player's result is `win`/`lose`/`push` by the sign of its net.
 */
export function resultOf(view: TableView): ResultModel | null {
  const round = view.lastRound;
  if (!round) return null;
  const mine = round.players.find((p) => p.you);
  if (mine) {
    return {
      roundId: round.roundId,
      outcome: mine.outcome,
      netCents: mine.netCents,
      commissionCents: mine.commissionCents,
      fortune: mine.fortune,
      envy: mine.envy ?? null,
      asBanker: false,
    };
  }
  if (round.banker.kind === 'player' && round.banker.you) {
    const net = round.bankerNetCents;
    return { roundId: round.roundId, outcome: net > 0 ? 'win' : net < 0 ? 'lose' : 'push', netCents: net, commissionCents: round.bankerFeeCents, fortune: null, envy: null, asBanker: true };
  }
  return null;
}

/** The chip denominations, in whole units (1 unit = 100 cents; rules.md §5). */
export const CHIP_VALUES = [1, 5, 25, 100] as const;
export type ChipValue = (typeof CHIP_VALUES)[number];

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
 * The chips a bet of `totalCents` is drawn as, bottom first: the player's own clicks when they add up
 * to the total (so that clicking the stack removes the chip last added), else the fewest chips.
 */
export function betChips(totalCents: number, clicked: readonly ChipValue[]): ChipValue[] {
  const sum = clicked.reduce((a, b) => a + b * 100, 0);
  return sum === totalCents ? [...clicked] : chipsFor(totalCents);
}

/**
 * The browser-clock deadline of a server deadline, corrected for clock skew with the view's
 * `serverNowMs` (taken when the view arrived at `receivedAtMs`).
 */
export function localDeadline(deadlineMs: number | null, serverNowMs: number, receivedAtMs: number): number | null {
  return deadlineMs === null ? null : deadlineMs - serverNowMs + receivedAtMs;
}
