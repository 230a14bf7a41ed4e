/**
 * The table screen's state apart from the chips (those are `bet-draft.ts`): the player's selection of
 * low-hand cards, kept per round, and the felt read from a view and that selection — the stage, what the
 * viewer may do now (bet, set, split), the timer, the result and the last round shown beside the felt.
 * Pure, no DOM: the components draw what `feltOf` returns.
 */
import type { RoundResultView, TableView, YouView } from '@paigow/protocol';
import {
  arrange,
  localDeadline,
  resultOf,
  stageOf,
  toggleLow,
  viewerPlayed,
  waitingFor,
  type Arrangement,
  type CardText,
  type ResultModel,
  type SplitBlock,
  type Stage,
  type Waiting,
} from './model.js';

/** The cards the player moved to its low hand, in round `roundId` (a new deal starts a new arrangement). */
export interface Selection {
  readonly roundId: string | null;
  readonly low: readonly CardText[];
}

/** A click on a card (it moves between the hands), or the Hint's setting used whole. */
export type SelectionAction = { readonly type: 'card'; readonly card: CardText } | { readonly type: 'use'; readonly low: readonly CardText[] };

/** The low-hand cards of round `roundId` (none when the selection was made in another round). */
export function lowOf(selection: Selection, roundId: string | null): readonly CardText[] {
  return selection.roundId === roundId ? selection.low : [];
}

/** The selection after `action` in round `roundId`. */
export function select(selection: Selection, roundId: string | null, action: SelectionAction): Selection {
  const low = action.type === 'use' ? [...action.low] : toggleLow(lowOf(selection, roundId), action.card);
  return { roundId, low };
}

/** The timer beside the felt: the viewer's own deadline, else the latest of those it waits for (browser clock). */
export interface TimerModel {
  /** The viewer's own deadline, or `null`. */
  readonly own: number | null;
  /** The latest deadline of the players the viewer waits for, or `null`. */
  readonly wait: number | null;
  /** What the timer counts down to, and its full length (ms) for the ring. */
  readonly deadline: number | null;
  readonly totalMs: number;
}

/** What the felt shows and allows now. */
export interface Felt {
  readonly stage: Stage;
  readonly connected: boolean;
  /** Bets may be changed: a player, betting open, connected. */
  readonly canBet: boolean;
  /** The viewer (a player) holds cards dealt this round. */
  readonly dealt: boolean;
  /** The viewer may still set its hand (dealt, not submitted, connected). */
  readonly setting: boolean;
  /** A setting (by hand or by the house way) waits for its answer. */
  readonly submitting: boolean;
  /** The cards as arranged by the selection, while dealt. */
  readonly arrangement: Arrangement | null;
  /** Why Split cannot be pressed while setting, else `null`. */
  readonly splitBlock: SplitBlock | null;
  readonly result: ResultModel | null;
  readonly waiting: Waiting | null;
  readonly timer: TimerModel;
  /**
   * A shared table's last round beside the felt: for those who did not play it (never drawn on their felt
   * as if current), and for its players when there were several; the banker of it reads it on its felt.
   */
  readonly sideRound: RoundResultView | null;
}

/**
 * The felt of `view` (with its viewer `you`) for the player's `low` selection.
 * @param status the connection; @param pendingTypes the message types sent and not yet answered
 * @param receivedAtMs the browser clock when the view arrived (for the deadlines' clock skew)
 * @param kept the viewer's own last round kept on the felt after the table moved on (`keptRoundOf`), or `null`
 */
export function feltOf(
  view: TableView,
  you: YouView,
  low: readonly CardText[],
  status: string,
  pendingTypes: ReadonlySet<string>,
  receivedAtMs: number,
  kept: RoundResultView | null = null,
): Felt {
  const stage = stageOf(view, kept);
  const connected = status === 'open';
  const isPlayer = you.role === 'player';
  const dealt = stage.kind === 'setting' && isPlayer && you.cards !== null;
  const setting = dealt && stage.kind === 'setting' && !stage.submitted && connected;
  const arrangement = stage.kind === 'setting' ? arrange(stage.cards, low) : null;
  const waiting = waitingFor(view);
  const played = view.lastRound !== null && view.config.seats > 1 && !(stage.kind === 'revealed' && stage.asBanker) ? view.lastRound : null;
  return {
    stage,
    connected,
    canBet: canBetOf(view, you, status),
    dealt,
    setting,
    submitting: pendingTypes.has('set') || pendingTypes.has('house-way'),
    arrangement,
    splitBlock: setting ? (arrangement?.block ?? null) : null,
    result: resultOf(view, kept),
    waiting,
    timer: timerOf(view, you, waiting, receivedAtMs),
    sideRound: played !== null && (!viewerPlayed(played) || played.players.length > 1) ? played : null,
  };
}

/**
 * Whether a seat of the table is free (rules.md §5): a spectator may sit down. At a full table (every seat taken) it
 * can only watch: no Sit down is offered, and the phase line says the table is full.
 */
export function seatFree(view: Pick<TableView, 'seats'>): boolean {
  return view.seats.some((s) => s.nickname === null);
}

/** Whether the viewer may change its bets now: a player, betting open, connected (`status` `open`). */
export function canBetOf(view: TableView, you: YouView, status: string): boolean {
  return you.role === 'player' && view.phase === 'betting' && status === 'open';
}

/**
 * The viewer's own deadline and the one it waits for, in the browser's clock, each no further ahead than its timer's
 * full length from the view's arrival (`receivedAtMs`): moved from the view's `serverNowMs`, a 45 s decision once lay
 * 45.13 s ahead and the timer read "46 s".
 */
function timerOf(view: TableView, you: YouView, waiting: Waiting | null, receivedAtMs: number): TimerModel {
  const timers = view.config.timers;
  const lengthOf = (kind: YouView['deadlineKind'] | 'window') =>
    kind === 'decision' ? timers.decisionMs : kind === 'approval' ? timers.approvalMs : kind === 'window' ? timers.bettingWindowMs : timers.betMs;
  const within = (deadline: number | null, totalMs: number) => (deadline === null ? null : Math.min(deadline, receivedAtMs + totalMs));
  const waitKind = waiting ? ({ deal: 'bet', set: 'decision', approval: 'approval', bets: 'window', closing: 'window', yours: 'bet' } as const)[waiting.kind] : null;
  const own = within(localDeadline(you.deadlineMs, view.serverNowMs, receivedAtMs), lengthOf(you.deadlineKind));
  const wait = waiting ? within(localDeadline(waiting.deadlineMs, view.serverNowMs, receivedAtMs), lengthOf(waitKind)) : null;
  const totalMs = lengthOf(own !== null ? you.deadlineKind : waitKind);
  return { own, wait, deadline: own ?? wait, totalMs };
}

/** What leaving the table now would do to the viewer's play (rules.md §5), for the Lobby control's confirmation. */
export type LeaveWarning =
  /** Dealt, hand not set yet: the house way sets it and the round is settled without the player. */
  | { readonly kind: 'dealt' }
  /** Dealt, hand set: the round is settled without the player. */
  | { readonly kind: 'set' }
  /** Bets the server holds, not dealt: they go back to the balance (`amountCents`, main + Fortune). */
  | { readonly kind: 'bets'; readonly amountCents: number }
  /**
   * The viewer banks and has something at stake: the bank ends (docs/server.md "Interruptions"), after the round dealt
   * under it (`dealt`), or at once, the bets against it going back to their players.
   */
  | { readonly kind: 'bank'; readonly dealt: boolean };

/**
 * Whether the viewer is in the round being played (its seat's `inRound`: a hand dealt, or the bank of a dealt round), so
 * that its money moves when that round settles (rules.md §5).
 */
export function youInRound(view: TableView): boolean {
  return view.seats.some((seat) => seat.you && seat.inRound);
}

/**
 * Whether leaving now needs the player's confirmation, and why (rules.md §5: the house way sets a dealt
 * hand; bets not dealt are returned; a banker's bank ends). `null` for a viewer with nothing in play (no hand dealt,
 * no bet held; a banker with no round dealt under it and no bet against it), and for a spectator.
 */
export function leaveWarningOf(view: TableView, you: YouView): LeaveWarning | null {
  if (you.role === 'banker') {
    // A tester's banker left by the Lobby with bets down and no warning; 25 rounds were played under its bank after.
    if (youInRound(view)) return { kind: 'bank', dealt: true };
    return view.seats.some((seat) => !seat.you && seat.bets.main + seat.bets.fortune > 0) ? { kind: 'bank', dealt: false } : null;
  }
  if (you.role !== 'player') return null;
  const inRound = (view.phase === 'setting' || view.phase === 'dealing') && you.cards !== null && you.cards.length > 0;
  if (inRound) return you.setting === null ? { kind: 'dealt' } : { kind: 'set' };
  const amountCents = you.bets.main + you.bets.fortune;
  return amountCents > 0 ? { kind: 'bets', amountCents } : null;
}
