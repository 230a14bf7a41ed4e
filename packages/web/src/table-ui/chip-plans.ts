/**
 * The bet tools beside the chips (rules.md §5: chips of 1, 5, 25, 100 build a bet): what the Fortune spot
 * offers within its limit, Undo's memory of the piles before each change, Double (the bets ×2, or the
 * last round's bets ×2 on an empty felt), and why Rebet or Double cannot be pressed. Pure; cents.
 */
import type { Bets, SpotLimits } from '@paigow/engine';
import { CHIP_VALUES, chipsCents, chipsFor, fortuneChip, type ChipValue } from './model.js';

/** The chips on both spots, bottom first (the order they were clicked). */
export interface Piles {
  readonly main: readonly ChipValue[];
  readonly fortune: readonly ChipValue[];
}

/**
 * The chip a click on the Fortune spot adds: the selected chip (before any, the smallest chip of whole bet
 * units that reaches the Fortune minimum), lowered to the largest chip that keeps the Fortune bet within
 * its maximum; `null` when no chip fits (the Fortune bet is at its maximum).
 * @param selected the selected chip, or `null`; @param unitCents the bet unit; @param limits the Fortune limits
 * @param currentCents the Fortune bet on the felt now
 */
export function fortuneOffer(selected: ChipValue | null, unitCents: number, limits: SpotLimits, currentCents: number): ChipValue | null {
  const fits = CHIP_VALUES.filter((v) => (v * 100) % unitCents === 0 && currentCents + v * 100 <= limits.maxCents);
  if (fits.length === 0) return null;
  const wanted = fortuneChip(selected, unitCents, limits.minCents);
  return [...fits].reverse().find((v) => v <= wanted) ?? fits[0];
}

/** An entry of Undo's memory: the piles before a change, and the bet messages that carried it (named by bet-draft.ts's tickets). */
export interface UndoStep {
  readonly before: Piles;
  readonly tickets: readonly string[];
}

/** At most this many changes are remembered for Undo. */
export const UNDO_DEPTH = 30;

/** Undo's memory with one more change (the oldest forgotten past `UNDO_DEPTH`). */
export function remember(steps: readonly UndoStep[], step: UndoStep): UndoStep[] {
  return [...steps, step].slice(-UNDO_DEPTH);
}

/** Undo's memory without the change carried by `ticket`, which the server refused (it changed nothing, so there is nothing to undo). */
export function forgetRefused(steps: readonly UndoStep[], ticket: string): readonly UndoStep[] {
  const next = steps.filter((s) => !s.tickets.includes(ticket));
  return next.length === steps.length ? steps : next;
}

/**
 * What Double places: the piles on the felt twice over, or — on an empty felt — the last round's bets
 * (`lastBets`) twice over ("Rebet ×2"); `null` when there is nothing to double.
 */
export function doubled(piles: Piles, lastBets: Bets | null): Piles | null {
  if (piles.main.length > 0) return { main: [...piles.main, ...piles.main], fortune: [...piles.fortune, ...piles.fortune] };
  if (lastBets === null || lastBets.main === 0) return null;
  return { main: chipsFor(2 * lastBets.main), fortune: chipsFor(2 * lastBets.fortune) };
}

/**
 * Why a set of bets cannot be placed, checked before it is sent (the server would refuse it):
 * `over-max` (main above the table maximum), `fortune-over-max`, `balance` (more than the balance), or
 * `bank-full` (more main bet than the banking player can take, `roomCents` = its room plus the viewer's
 * main bet already counted in it; `null` when the house banks). `null` when they can be placed.
 */
export type BetsBlock = 'over-max' | 'fortune-over-max' | 'balance' | 'bank-full';

/** Checks bets of `mainCents` + `fortuneCents` (see `BetsBlock`). */
export function betsBlock(
  mainCents: number,
  fortuneCents: number,
  limits: { readonly main: SpotLimits; readonly fortune: SpotLimits | null },
  balanceCents: number,
  roomCents: number | null,
): BetsBlock | null {
  if (mainCents > limits.main.maxCents) return 'over-max';
  if (fortuneCents > 0 && (limits.fortune === null || fortuneCents > limits.fortune.maxCents)) return 'fortune-over-max';
  if (mainCents + fortuneCents > balanceCents) return 'balance';
  if (roomCents !== null && mainCents > roomCents) return 'bank-full';
  return null;
}

/** The total of both piles, cents (the figure on the felt). */
export function pilesCents(piles: Piles): number {
  return chipsCents(piles.main) + chipsCents(piles.fortune);
}

/** Why Rebet cannot be pressed: no round to repeat (`none`), bets already on the felt (`placed`), or the last bets' `BetsBlock`. */
export type RebetBlock = 'none' | 'placed' | BetsBlock;

/**
 * Checks Rebet (the last round's bets again, docs/protocol.md `rebet`) for a player holding `bets` with
 * `lastBets` to repeat (see `RebetBlock`); `null` when Rebet can be pressed.
 */
export function rebetBlock(
  bets: Bets,
  lastBets: Bets | null,
  limits: { readonly main: SpotLimits; readonly fortune: SpotLimits | null },
  balanceCents: number,
  roomCents: number | null,
): RebetBlock | null {
  if (lastBets === null || lastBets.main === 0) return 'none';
  if (bets.main > 0) return 'placed';
  return betsBlock(lastBets.main, lastBets.fortune, limits, balanceCents, roomCents);
}
