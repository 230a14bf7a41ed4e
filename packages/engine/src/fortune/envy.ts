/**
 * The envy bonus (rules.md §4: "an optional table setting, off by default").
 *
 * A player whose Fortune bet is at least the table's threshold (5.00 by default) wins a fixed amount
 * for every OTHER player's hand at the table holding four of a kind or better; never for its own
 * hand, never for the banker's (the house dealer's or a banking player's). Several qualifying hands
 * pay several amounts. The amounts are data (`EnvyBonusTable`, cents per line); a hand counts once,
 * on the line of the table that gives the largest amount among the lines it holds. The other players
 * need no Fortune bet of their own: their hands count as dealt (the common casino rule).
 */

import type { Hand } from '../cards/index.js';
import { PaiGowError, type Result } from '../errors/index.js';
import { FORTUNE_LINES, heldMaskOf, type FortuneLine } from './lines.js';
import { parseLineTable } from './pay-table.js';

/** The lines that earn an envy bonus: four of a kind or better, highest first. */
export const ENVY_LINES = [
  'seven_card_straight_flush_natural',
  'royal_flush_plus_royal_match',
  'seven_card_straight_flush_with_joker',
  'five_aces',
  'royal_flush',
  'straight_flush',
  'four_of_a_kind',
] as const satisfies readonly FortuneLine[];

/** A line that earns an envy bonus. */
export type EnvyLine = (typeof ENVY_LINES)[number];

/** The fixed envy amount of each qualifying line, in cents (a non-negative integer each). */
export type EnvyBonusTable = Readonly<Record<EnvyLine, number>>;

/** The common casino envy table, in cents: 5000.00, 1000.00, 500.00, 250.00, 50.00, 25.00, 5.00. */
export const ENVY_BONUS_TABLE: EnvyBonusTable = Object.freeze({
  seven_card_straight_flush_natural: 500_000,
  royal_flush_plus_royal_match: 100_000,
  seven_card_straight_flush_with_joker: 50_000,
  five_aces: 25_000,
  royal_flush: 5_000,
  straight_flush: 2_500,
  four_of_a_kind: 500,
});

/** The envy-bonus table setting. */
export interface EnvyBonusRules {
  /** Off by default (rules.md §4); when off nobody earns anything. */
  readonly enabled: boolean;
  /** The smallest Fortune bet that earns envy bonuses, in cents (default 500 = 5.00). */
  readonly minFortuneBetCents: number;
  /** The amount per qualifying hand, in cents. */
  readonly amountsCents: EnvyBonusTable;
}

/** The default setting: off, threshold 5.00, the common amounts. */
export const DEFAULT_ENVY_BONUS: EnvyBonusRules = Object.freeze({
  enabled: false,
  minFortuneBetCents: 500,
  amountsCents: ENVY_BONUS_TABLE,
});

/** The largest envy amount a table may hold, in cents (1,000,000.00). */
export const MAX_ENVY_AMOUNT_CENTS = 100_000_000;

/**
 * Parses and validates an operator's envy table (cents per line).
 * @param json JSON text or a parsed value: `{ "<envy line>": cents, … }` with all seven keys of
 *   `ENVY_LINES`, or `{ "pay_table": [{ "line": "<key>", "amountCents": n }, …] }`
 * @returns the frozen table, or `config/invalid` naming the problem (invalid JSON, unknown or
 *   missing line, an amount that is not a non-negative integer, or above `MAX_ENVY_AMOUNT_CENTS`)
 */
export function parseEnvyBonusTable(json: unknown): Result<EnvyBonusTable> {
  return parseLineTable(json, ENVY_LINES, 'envy bonus table', 'amountCents', MAX_ENVY_AMOUNT_CENTS);
}

/** One seat dealt in this round, as the envy bonus needs it. */
export interface EnvySeat {
  /** The seat's Fortune bet in cents (0 when none). */
  readonly fortuneBetCents: number;
  /** The seat's seven cards. */
  readonly cards: Hand;
  /** True for the banker's hand (the house dealer's or a banking player's): it never earns others a bonus. */
  readonly isBanker: boolean;
}

/** A hand that earned envy bonuses: its index in the seat list and its envy line. */
export interface EnvySource {
  readonly seat: number;
  readonly line: EnvyLine;
}

/** What one seat earns: the total in cents and the other hands that earned it. */
export interface EnvyPayout {
  readonly amountCents: number;
  readonly sources: readonly EnvySource[];
}

/**
 * The envy line of seven cards: among the envy lines they hold, the one with the largest amount
 * (ties: the higher line); null below four of a kind.
 * @param cards a hand (seven distinct cards)
 * @param amountsCents the envy table
 */
export function envyLine(cards: Hand, amountsCents: EnvyBonusTable = ENVY_BONUS_TABLE): EnvyLine | null {
  return envyLineOfHeld(heldMaskOf(cards), amountsCents);
}

/** `envyLine` of a held mask (bit i = `FORTUNE_LINES[i]`), for cards already checked. */
function envyLineOfHeld(held: number, amountsCents: EnvyBonusTable): EnvyLine | null {
  let best: EnvyLine | null = null;
  for (const line of ENVY_LINES) {
    if (!(held & (1 << FORTUNE_LINES.indexOf(line)))) continue;
    if (best === null || amountsCents[line] > amountsCents[best]) best = line;
  }
  return best;
}

/**
 * Each seat's envy bonus for one round (rules.md §4, envy bonus; see the module comment).
 * A seat earns `amountsCents[line]` for every other non-banker seat whose hand holds an envy line,
 * provided its own Fortune bet is positive and at least `minFortuneBetCents`. A banking player with
 * such a Fortune bet earns from the players' hands like anyone else; its own hand counts for nobody.
 * @param seats the seats dealt in, banker included, in any order
 * @param rules the table's envy setting (`DEFAULT_ENVY_BONUS` is off: everybody gets 0)
 * @returns one payout per seat, in the order of `seats`; amounts are cents, 0 when nothing is earned
 * @throws RangeError on a Fortune bet that is not a non-negative safe integer; PaiGowError
 *   `config/invalid` on a malformed envy table or threshold
 */
export function envyBonus(seats: readonly EnvySeat[], rules: EnvyBonusRules): EnvyPayout[] {
  const checked = parseEnvyBonusTable(rules.amountsCents);
  if (!checked.ok) throw new PaiGowError(checked.error.code, checked.error.message);
  if (!Number.isSafeInteger(rules.minFortuneBetCents) || rules.minFortuneBetCents < 0) {
    throw new PaiGowError('config/invalid', `the envy threshold must be whole non-negative cents, got ${rules.minFortuneBetCents}`);
  }
  for (const seat of seats) {
    if (!Number.isSafeInteger(seat.fortuneBetCents) || seat.fortuneBetCents < 0) {
      throw new RangeError(`a Fortune bet must be whole non-negative cents, got ${seat.fortuneBetCents}`);
    }
  }
  if (!rules.enabled) return seats.map(() => ({ amountCents: 0, sources: [] }));
  const lines = seats.map((seat) => (seat.isBanker ? null : envyLineOfHeld(heldMaskOf(seat.cards), rules.amountsCents)));
  return seats.map((seat, i) => {
    const eligible = seat.fortuneBetCents > 0 && seat.fortuneBetCents >= rules.minFortuneBetCents;
    if (!eligible) return { amountCents: 0, sources: [] };
    const sources: EnvySource[] = [];
    let amountCents = 0;
    lines.forEach((line, j) => {
      if (j === i || line === null) return;
      sources.push({ seat: j, line });
      amountCents += rules.amountsCents[line];
    });
    return { amountCents, sources };
  });
}
