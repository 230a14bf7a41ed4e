/**
 * The player's chips on the felt as one pure state model (rules.md §5: chips of 1, 5, 25, 100 build a bet;
 * clicking the stack removes chips): the piles as clicked, the last piles the server accepted (so that a
 * chip refused by the server is never the one taken off next), bets still being built below the minimum
 * or off the bet unit (drafts, not sent), the selected chip and the spot chips go to, Undo's memory, and
 * the tools Clear, Undo, Double (Rebet ×2) and Rebet.
 *
 * `applyBet(state, action, context)` returns the next state and the effects to run (messages to send,
 * a message to show or clear); it never sends anything itself. The server holds the bets (`you.bets`,
 * read through `BetContext`); this model only decides what to send and what to draw. Cents throughout.
 */
import type { Bets, SpotLimits } from '@paigow/engine';
import type { TableView } from '@paigow/protocol';
import { bankRoom } from './bank-status.js';
import { betChips, betUnitOf, checkDraft, chipsCents, planBet, type ChipValue } from './model.js';
import {
  betsBlock,
  doubled,
  forgetRefused,
  fortuneOffer,
  pilesCents,
  rebetBlock,
  remember,
  type BetsBlock,
  type Piles,
  type RebetBlock,
  type UndoStep,
} from './chip-plans.js';

/** The spot a chip click goes to. */
export type ChipTarget = 'main' | 'fortune';

/** How many bet messages are remembered to name a refusal (the server answers in order, within seconds). */
const SENT_BETS_KEPT = 50;

/** A bet message asked for: its ticket (the model's own name), its request id once sent, its spot and amount. */
export interface SentBet {
  readonly ticket: string;
  readonly requestId: string | null;
  readonly spot: ChipTarget;
  readonly cents: number;
}

/** The chip state (see the module comment). Undo's steps name their messages by ticket. */
export interface BetDraft {
  /** The piles as clicked (bottom first). */
  readonly chips: Piles;
  /** The last piles the server held as clicked: what a refused chip falls back on. */
  readonly accepted: Piles;
  /** Bets being built below the minimum or off the unit (not sent), per spot; `null` when none. */
  readonly drafts: { readonly main: readonly ChipValue[] | null; readonly fortune: readonly ChipValue[] | null };
  readonly selected: ChipValue | null;
  readonly target: ChipTarget;
  readonly steps: readonly UndoStep[];
  readonly sent: readonly SentBet[];
  readonly nextTicket: number;
  /** What the model last saw of the server (`sync`): the held bets and the betting round (phase, ready, round). */
  readonly seen: { readonly main: number; readonly fortune: number; readonly betting: string };
}

/** The empty felt. */
export const NO_BETS: BetDraft = {
  chips: { main: [], fortune: [] },
  accepted: { main: [], fortune: [] },
  drafts: { main: null, fortune: null },
  selected: null,
  target: 'main',
  steps: [],
  sent: [],
  nextTicket: 1,
  seen: { main: 0, fortune: 0, betting: '' },
};

/** What the model reads from the table's view (`betContext`). */
export interface BetContext {
  /** Bets may be changed now (a player, betting open, connected). */
  readonly canBet: boolean;
  /** A bet or rebet message waits for its answer. */
  readonly betPending: boolean;
  /** The request ids of the bet messages not answered yet (default none): the server reads them in order. */
  readonly pendingBets?: ReadonlySet<string>;
  /** The viewer's bets as the server holds them, its last round's bets and its balance; `null` for no viewer. */
  readonly you: { readonly bets: Bets; readonly lastBets: Bets | null; readonly balanceCents: number } | null;
  /** The table's limits and bet unit; `null` before the first view. */
  readonly table: { readonly main: SpotLimits; readonly fortune: SpotLimits | null; readonly unitCents: number } | null;
  /** The room left in a player's bank (the viewer's own main bet not counted back); `null` when the house banks. */
  readonly roomCents: number | null;
  /** The betting round the view is in: a change of phase, of Deal pressed or of round ends drafts and Undo's memory. */
  readonly phase: string | null;
  readonly ready: boolean;
  readonly roundId: string | null;
}

/** The context of a view (`canBet`, `betPending` and `pendingBets` as the screen decides them). */
export function betContext(view: TableView | null, canBet: boolean, betPending: boolean, pendingBets: ReadonlySet<string> = new Set()): BetContext {
  const you = view?.you ?? null;
  const config = view?.config ?? null;
  const room = view ? bankRoom(view) : null;
  return {
    canBet,
    betPending,
    pendingBets,
    you: you && { bets: you.bets, lastBets: you.lastBets, balanceCents: you.balanceCents },
    table: config && { main: config.limits.main, fortune: config.limits.fortune, unitCents: betUnitOf(config) },
    roomCents: room === null ? null : room.roomCents,
    phase: view?.phase ?? null,
    ready: you?.ready ?? false,
    roundId: view?.roundId ?? null,
  };
}

/** A message for the table's `error` element, or a notice (`tell`): an i18n key and amounts in cents (`max`, `amount`). */
export interface BetMessage {
  readonly key: 'bets.fortuneNeedsMain' | 'bets.fortuneCleared' | 'bets.fortuneOverMax' | 'bets.fortuneAtMax' | 'bets.mainOverMax' | 'bets.block.balance' | 'table.underMin' | 'table.underMinFortune' | 'table.offUnit';
  readonly cents: { readonly max?: number; readonly amount?: number; readonly balance?: number };
}

/**
 * What the screen runs after a step: send a bet (then report it `sent`), send Rebet, show or clear a message
 * (`say`: a refusal, in the `error` element), or tell the player what else its change did (`tell`: a notice).
 */
export type BetEffect =
  | { readonly kind: 'send-bet'; readonly ticket: string; readonly spot: ChipTarget; readonly cents: number }
  | { readonly kind: 'send-rebet' }
  | { readonly kind: 'say'; readonly message: BetMessage }
  | { readonly kind: 'unsay' }
  | { readonly kind: 'tell'; readonly message: BetMessage };

/** What the player or the server did. */
export type BetAction =
  /** A chip of the rack: selects it and adds it to the target spot. */
  | { readonly type: 'chip'; readonly value: ChipValue }
  /** A click on the main stack: the last chip off. */
  | { readonly type: 'stack' }
  /** A click on the Fortune spot: adds the chip it offers (`fortuneAdds`). */
  | { readonly type: 'fortune' }
  /** The Fortune spot's ×: its last chip off. */
  | { readonly type: 'fortune-remove' }
  | { readonly type: 'target'; readonly target: ChipTarget }
  | { readonly type: 'clear' }
  | { readonly type: 'undo' }
  | { readonly type: 'double' }
  | { readonly type: 'rebet' }
  /** A `send-bet` effect was sent with this request id. */
  | { readonly type: 'sent'; readonly ticket: string; readonly requestId: string }
  /** The server refused request `requestId` with `code`. */
  | { readonly type: 'refused'; readonly requestId: string; readonly code: string }
  /** A new view arrived (the context changed): drafts and Undo's memory follow the server. */
  | { readonly type: 'sync' };

/** A step's outcome. */
export interface BetStep {
  readonly state: BetDraft;
  readonly effects: readonly BetEffect[];
}

/** The piles drawn on the spots: a draft, else (while a bet message waits) the clicks, else the server's bets as clicked. */
export function shownPiles(s: BetDraft, ctx: BetContext): Piles {
  const held = ctx.you?.bets ?? { main: 0, fortune: 0 };
  const main = s.drafts.main ?? (ctx.betPending ? s.chips.main : betChips(held.main, s.chips.main, s.accepted.main));
  const fortune = s.drafts.fortune ?? (ctx.betPending ? s.chips.fortune : betChips(held.fortune, s.chips.fortune, s.accepted.fortune));
  return { main, fortune };
}

/** The chip a Fortune click adds (within the Fortune maximum), or `null`: the Fortune bet is full, or there is no main bet yet. */
export function fortuneAdds(s: BetDraft, ctx: BetContext): ChipValue | null {
  const fortune = ctx.table?.fortune ?? null;
  const shown = shownPiles(s, ctx);
  // The Fortune bet goes with a main bet (docs/protocol.md "Bets"): nothing to add to it before one.
  if (!fortune || !ctx.table || shown.main.length === 0) return null;
  return fortuneOffer(s.selected, ctx.table.unitCents, fortune, chipsCents(shown.fortune));
}

/** The spot chips go to (always the main bet at a table without the Fortune bet). */
export function targetOf(s: BetDraft, ctx: BetContext): ChipTarget {
  return ctx.table?.fortune ? s.target : 'main';
}

/** Whether Undo has a change to take back now. */
export function canUndo(s: BetDraft, ctx: BetContext): boolean {
  return ctx.canBet && s.steps.length > 0;
}

/** What Double would place (the piles ×2, or the last bets ×2 on an empty felt), or `null`. */
function doubleOf(s: BetDraft, ctx: BetContext): Piles | null {
  return doubled(shownPiles(s, ctx), ctx.you?.lastBets ?? null);
}

/** Why Double cannot be pressed (`nothing`: no bet and no last bets), else `null`. */
export function doubleBlockOf(s: BetDraft, ctx: BetContext): BetsBlock | 'nothing' | null {
  const twice = doubleOf(s, ctx);
  if (twice === null || !ctx.table || !ctx.you) return 'nothing';
  // The viewer's own main bet is counted in the room already.
  const room = ctx.roomCents === null ? null : ctx.roomCents + ctx.you.bets.main;
  return betsBlock(chipsCents(twice.main), chipsCents(twice.fortune), ctx.table, ctx.you.balanceCents, room);
}

/** Why Rebet cannot be pressed, else `null`. */
export function rebetBlockOf(ctx: BetContext): RebetBlock | null {
  if (!ctx.you || !ctx.table) return 'none';
  return rebetBlock(ctx.you.bets, ctx.you.lastBets, ctx.table, ctx.you.balanceCents, ctx.roomCents);
}

/** Why Deal cannot deal a bet still being built (below the minimum, off the unit), else `null`. */
export function draftRefusal(s: BetDraft, ctx: BetContext): BetMessage | null {
  const table = ctx.table;
  if (!table) return null;
  const spots = [
    [s.drafts.main, table.main, 'table.underMin'],
    [s.drafts.fortune, table.fortune, 'table.underMinFortune'],
  ] as const;
  for (const [chips, limits, key] of spots) {
    if (chips === null || limits === null) continue;
    const check = checkDraft(chipsCents(chips), limits, table.unitCents);
    if (check === 'under-min') return { key, cents: { amount: limits.minCents } };
    if (check === 'off-unit') return { key: 'table.offUnit', cents: { amount: table.unitCents } };
  }
  return null;
}

/**
 * One step of the chip model. Pure: the same state, action and context give the same step.
 * @returns the next state and the effects to run, in order
 */
export function applyBet(s: BetDraft, action: BetAction, ctx: BetContext): BetStep {
  const step = reduce(s, action, ctx);
  return { state: withAccepted(step.state, ctx), effects: step.effects };
}

function reduce(s: BetDraft, action: BetAction, ctx: BetContext): BetStep {
  const shown = shownPiles(s, ctx);
  const fortune = ctx.table?.fortune ?? null;
  const none: BetStep = { state: s, effects: [] };
  const say = (message: BetMessage): BetStep => ({ state: s, effects: [{ kind: 'say', message }] });
  switch (action.type) {
    case 'chip': {
      const selected = { ...s, selected: action.value };
      if (!ctx.canBet) return { state: selected, effects: [] };
      if (s.target === 'fortune') {
        if (!fortune) return { state: selected, effects: [] };
        if (shown.main.length === 0) return { state: selected, effects: [{ kind: 'say', message: { key: 'bets.fortuneNeedsMain', cents: {} } }] };
        const amount = chipsCents(shown.fortune) + action.value * 100;
        if (amount > fortune.maxCents) return { state: selected, effects: [{ kind: 'say', message: { key: 'bets.fortuneOverMax', cents: { max: fortune.maxCents, amount } } }] };
        return changeWithin(selected, ctx, { main: shown.main, fortune: [...shown.fortune, action.value] });
      }
      // Over the table maximum: said at once, as for the Fortune bet (the chips stay enabled at both spots).
      const main = ctx.table?.main ?? null;
      const amount = chipsCents(shown.main) + action.value * 100;
      if (main !== null && amount > main.maxCents) return { state: selected, effects: [{ kind: 'say', message: { key: 'bets.mainOverMax', cents: { max: main.maxCents, amount } } }] };
      return changeWithin(selected, ctx, { main: [...shown.main, action.value], fortune: shown.fortune });
    }
    case 'stack':
      return ctx.canBet && shown.main.length > 0 ? change(s, ctx, { main: shown.main.slice(0, -1), fortune: shown.fortune }) : none;
    case 'fortune': {
      if (!ctx.canBet || !fortune) return none;
      if (shown.main.length === 0) return say({ key: 'bets.fortuneNeedsMain', cents: {} });
      const adds = fortuneAdds(s, ctx);
      if (adds === null) return say({ key: 'bets.fortuneAtMax', cents: { max: fortune.maxCents } });
      return changeWithin(s, ctx, { main: shown.main, fortune: [...shown.fortune, adds] });
    }
    case 'fortune-remove':
      return ctx.canBet && shown.fortune.length > 0 ? change(s, ctx, { main: shown.main, fortune: shown.fortune.slice(0, -1) }) : none;
    case 'target':
      return { state: { ...s, target: action.target }, effects: [] };
    case 'clear':
      return ctx.canBet && (shown.main.length > 0 || shown.fortune.length > 0) ? change(s, ctx, { main: [], fortune: [] }) : none;
    case 'undo': {
      const last = s.steps[s.steps.length - 1];
      if (!ctx.canBet || !last) return none;
      return change({ ...s, steps: s.steps.slice(0, -1) }, ctx, last.before, false);
    }
    case 'double': {
      const twice = doubleOf(s, ctx);
      return ctx.canBet && twice !== null && doubleBlockOf(s, ctx) === null ? change(s, ctx, twice) : none;
    }
    case 'rebet':
      if (!ctx.canBet || rebetBlockOf(ctx) !== null) return none;
      return {
        state: { ...s, chips: { main: [], fortune: [] }, drafts: { main: null, fortune: null }, steps: [] },
        effects: [{ kind: 'unsay' }, { kind: 'send-rebet' }],
      };
    case 'sent':
      return { state: { ...s, sent: s.sent.map((b) => (b.ticket === action.ticket ? { ...b, requestId: action.requestId } : b)) }, effects: [] };
    case 'refused':
      return refused(s, action.requestId, action.code, ctx);
    case 'sync': {
      // A refusal was about this betting's bets: once it ends (a deal, a new phase or round), it is out of date.
      const next = sync(s, ctx);
      return { state: next, effects: next.seen.betting !== s.seen.betting && bettingEnded(ctx) ? [{ kind: 'unsay' }] : [] };
    }
  }
}

/** A refused bet: back to the accepted pile, out of Undo's memory, and a table limit said with its numbers. */
function refused(s: BetDraft, requestId: string, code: string, ctx: BetContext): BetStep {
  const bet = s.sent.find((b) => b.requestId === requestId);
  if (!bet) return { state: s, effects: [] };
  const state: BetDraft = {
    ...s,
    sent: s.sent.filter((b) => b !== bet),
    steps: forgetRefused(s.steps, bet.ticket),
    chips: bet.spot === 'main' ? { ...s.chips, main: [...s.accepted.main] } : { ...s.chips, fortune: [...s.accepted.fortune] },
  };
  const limits = bet.spot === 'fortune' ? (ctx.table?.fortune ?? null) : (ctx.table?.main ?? null);
  if (limits === null || code !== 'bet/over-limit') return { state, effects: [] };
  const key = bet.spot === 'fortune' ? 'bets.fortuneOverMax' : 'bets.mainOverMax';
  return { state, effects: [{ kind: 'say', message: { key, cents: { max: limits.maxCents, amount: bet.cents } } }] };
}

/**
 * Drafts, Undo's memory and the chips' spot end with the betting (a deal, a rebet, a new phase or round): the next
 * round's chips go on the main bet (a player's: the switch stayed on Fortune, and the next round's first chips went
 * there); a draft ends when the server comes to hold a bet on its spot.
 */
function sync(s: BetDraft, ctx: BetContext): BetDraft {
  const held = ctx.you?.bets ?? { main: 0, fortune: 0 };
  const betting = `${ctx.phase}|${ctx.ready}|${ctx.roundId}`;
  let drafts = s.drafts;
  let steps = s.steps;
  let target = s.target;
  if (betting !== s.seen.betting && bettingEnded(ctx)) {
    drafts = { main: null, fortune: null };
    steps = [];
    target = 'main';
  }
  if (held.main !== s.seen.main && held.main > 0) drafts = { ...drafts, main: null };
  if (held.fortune !== s.seen.fortune && held.fortune > 0) drafts = { ...drafts, fortune: null };
  // The server gave the bets back on its own (the bet timer, an interruption: rules.md §5), not a change of the
  // player's (its own Clear leaves no chips, its own step below the minimum a draft): the felt is empty, and Undo
  // has nothing of it to take back.
  let chips = s.chips;
  const returned =
    !ctx.betPending &&
    held.main === 0 &&
    held.fortune === 0 &&
    (s.seen.main > 0 || s.seen.fortune > 0) &&
    pilesCents(s.chips) > 0 &&
    drafts.main === null &&
    drafts.fortune === null;
  if (returned) {
    chips = { main: [], fortune: [] };
    steps = [];
  }
  const seen = s.seen.main === held.main && s.seen.fortune === held.fortune && s.seen.betting === betting;
  return seen ? s : { ...s, chips, drafts, steps, target, seen: { main: held.main, fortune: held.fortune, betting } };
}

/** Whether the viewer's betting is over for now: dealt (another phase) or its Deal pressed. */
function bettingEnded(ctx: BetContext): boolean {
  return ctx.phase !== 'betting' || ctx.ready;
}

/** The piles the server holds as clicked become the accepted ones. */
function withAccepted(s: BetDraft, ctx: BetContext): BetDraft {
  const held = ctx.you?.bets ?? { main: 0, fortune: 0 };
  const main = chipsCents(s.chips.main) === held.main ? s.chips.main : s.accepted.main;
  const fortune = chipsCents(s.chips.fortune) === held.fortune ? s.chips.fortune : s.accepted.fortune;
  return main === s.accepted.main && fortune === s.accepted.fortune ? s : { ...s, accepted: { main, fortune } };
}

/**
 * `change` for a chip added: refused, saying the balance, when both piles would be more than the balance (a
 * player at 0.00 could put a 1.00 chip under the minimum on the felt, where it waited as a draft, Deal lit).
 */
function changeWithin(s: BetDraft, ctx: BetContext, next: Piles): BetStep {
  const amount = pilesCents(next);
  if (ctx.you !== null && amount > ctx.you.balanceCents) {
    return { state: s, effects: [{ kind: 'say', message: { key: 'bets.block.balance', cents: { amount, balance: ctx.you.balanceCents } } }] };
  }
  return change(s, ctx, next);
}

/** Places both piles as one change Undo can take back (`record`), sending what the server must hold. */
function change(s: BetDraft, ctx: BetContext, next: Piles, record = true): BetStep {
  const before = shownPiles(s, ctx);
  const effects: BetEffect[] = [{ kind: 'unsay' }];
  let state = s;
  const differs = (a: readonly ChipValue[], b: readonly ChipValue[]) => chipsCents(a) !== chipsCents(b) || a.length !== b.length;
  if (differs(next.main, before.main)) {
    state = place(state, ctx, 'main', next.main, effects);
    if (next.main.length === 0) state = { ...state, chips: { ...state.chips, fortune: [] } };
    // The main bet taken off takes the Fortune bet with it (docs/protocol.md "Bets"): say so, or it went unseen.
    const mainOff = next.main.length === 0 || effects.some((e) => e.kind === 'send-bet' && e.spot === 'main' && e.cents === 0);
    if (mainOff && before.fortune.length > 0 && next.fortune.length > 0) {
      effects.push({ kind: 'tell', message: { key: 'bets.fortuneCleared', cents: { amount: chipsCents(before.fortune) } } });
    }
  }
  if (next.main.length > 0 && differs(next.fortune, before.fortune)) state = place(state, ctx, 'fortune', next.fortune, effects);
  if (record) {
    const tickets = effects.flatMap((e) => (e.kind === 'send-bet' ? [e.ticket] : []));
    state = { ...state, steps: remember(state.steps, { before, tickets }) };
  }
  return { state, effects };
}

/**
 * What the server will hold on `spot` once it has read the bet messages not answered yet: the last of them sent for the
 * spot (it reads them in order), else what it holds now. Compared with the view's bet alone, a chip added and the stack
 * tapped before the server answered the chip sent nothing (the pile was the bet of the view), and the server kept the
 * chip: a loaded test machine's phone test waited a minute for 25.00 with 30.00 held.
 */
function heldAfterPending(s: BetDraft, ctx: BetContext, spot: ChipTarget): number {
  const pending = ctx.pendingBets;
  for (let i = s.sent.length - 1; i >= 0; i--) {
    const bet = s.sent[i]!;
    if (bet.spot === spot && (bet.requestId === null || pending?.has(bet.requestId) === true)) return bet.cents;
  }
  return ctx.you?.bets[spot] ?? 0;
}

/** Places one spot's pile: a draft below the minimum or off the unit, else the clicks; a bet to send joins `effects`. */
function place(s: BetDraft, ctx: BetContext, spot: ChipTarget, pile: readonly ChipValue[], effects: BetEffect[]): BetDraft {
  const limits = spot === 'main' ? ctx.table?.main : ctx.table?.fortune;
  if (!ctx.you || !ctx.table || !limits) return s;
  const chips = [...pile];
  const plan = planBet(chipsCents(chips), heldAfterPending(s, ctx, spot), limits, ctx.table.unitCents);
  let state: BetDraft;
  if (plan.draft) {
    state = { ...s, drafts: { ...s.drafts, [spot]: chips } };
    // Taking the main bet off (below the minimum) takes the Fortune bet off too (docs/protocol.md "Bets").
    if (spot === 'main' && plan.send === 0) state = { ...state, drafts: { ...state.drafts, fortune: null } };
  } else {
    state = { ...s, drafts: { ...s.drafts, [spot]: null }, chips: { ...s.chips, [spot]: chips } };
  }
  if (plan.send === null) return state;
  const ticket = `bet-${state.nextTicket}`;
  effects.push({ kind: 'send-bet', ticket, spot, cents: plan.send });
  const sent = [...state.sent, { ticket, requestId: null, spot, cents: plan.send }].slice(-SENT_BETS_KEPT);
  return { ...state, sent, nextTicket: state.nextTicket + 1 };
}
