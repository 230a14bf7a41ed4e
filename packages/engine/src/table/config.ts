/**
 * A table's settings (rules.md §3.1, §4, §5): seats, limits per bet spot, commission model, the
 * player-banker requirements, the Fortune pay table and envy bonus, and the timers. Money in integer
 * cents, rates in basis points, times in milliseconds.
 */

import { err, ok, type Result } from '../errors/index.js';
import { DEFAULT_ENVY_BONUS, FORTUNE_PAY_TABLE, parseEnvyBonusTable, type EnvyBonusRules, type FortunePayTable } from '../fortune/index.js';
import { applyRateHalfUp } from '../settle/index.js';
import { DEFAULT_HOUSE_WAY, HOUSE_WAY_IDS, isHouseWayId } from '../house-way/registry.js';
import type { HouseWayId } from '../house-way/types.js';
import type { SpotLimits } from './terms.js';

/** The most seats a table has (players, the banking player included). */
export const MAX_SEATS = 6;

/** Timers of a table, in ms (rules.md §5 and docs/protocol.md); each is whole, from 1 to `MAX_TIMER_MS` (24 hours). */
export interface TableTimers {
  /** A seat's bets are returned when it has not pressed Deal this long after its first chip of the round. */
  readonly betMs: number;
  /** A player's decision after the deal (rules.md §5: 45 s); then the house way sets the hand. */
  readonly decisionMs: number;
  /** The banker's approval of the next round (rules.md §5: 35 s); then it leaves the bank. */
  readonly approvalMs: number;
  /** A disconnected player's seat is held this long; then the player stands up. */
  readonly reconnectMs: number;
  /**
   * The reconnection grace (rules.md §5 "Interruptions"): a player dealt into a round whose connection drops
   * keeps its decision this long (never past its own decision deadline); then the house way sets its hand.
   */
  readonly reconnectGraceMs: number;
  /**
   * A seated player who neither bets nor plays this long stands up (`notice/left-table` `'idle'`), so that a seat
   * nobody uses is free for someone who will (the banker and a player with bets down or in the round never are).
   */
  readonly idleSeatMs: number;
  /**
   * The betting window: a Deal pressed while nobody else with a bet is ready opens it, and the round does not deal
   * before this long after it while a seated player other than the banker (connected, or dropped since and within
   * its reconnection grace) has no main bet yet; a Deal by every seated player ends it at once (docs/protocol.md
   * "Multi-player Deal rule": a player who bet and dealt the instant betting opened left the others no time to bet,
   * round after round).
   */
  readonly bettingWindowMs: number;
}

/** The default bet unit: 100 cents, i.e. bets in whole units (rules.md §5 chips of 1, 5, 25, 100). */
export const DEFAULT_BET_UNIT_CENTS = 100;

/**
 * The default timers: 45 s bet → Deal, 45 s decision, 35 s approval, 60 s seat hold, 15 s reconnection grace,
 * 5 minutes for a seat where nobody bets, and a 10 s betting window.
 */
export const DEFAULT_TIMERS: TableTimers = Object.freeze({
  betMs: 45_000,
  decisionMs: 45_000,
  approvalMs: 35_000,
  reconnectMs: 60_000,
  reconnectGraceMs: 15_000,
  idleSeatMs: 300_000,
  bettingWindowMs: 10_000,
});

/** A table's settings. */
export interface TableConfig {
  readonly tableId: string;
  readonly name: string;
  /** 1‥6 seats. */
  readonly seats: number;
  /** Limits per spot in cents; `fortune: null` means no Fortune bet at this table. */
  readonly limits: { readonly main: SpotLimits; readonly fortune: SpotLimits | null };
  /**
   * The smallest chip in cents (rules.md §5: chips of 1, 5, 25 and 100 units build a bet, so 100 = whole
   * units): every bet on either spot, and every limit, is a multiple of it.
   */
  readonly betUnitCents: number;
  /** Commission on a player's win when the house banks (rules.md §3.1: 500 = 5%). */
  readonly commissionBps: number;
  /** The banking player's fee on the total wagered against it (rules.md §3.1: 150 = 1.5%). */
  readonly bankerFeeBps: number;
  /** Whether a seated player may take the bank (rules.md §5 "Play as the banker"). */
  readonly playerBanking: boolean;
  /** Comp points needed to take the bank (rules.md §5: 50). */
  readonly bankMinCompPoints: number;
  /** The Fortune pay table (rules.md §4); used when `limits.fortune` is set. */
  readonly fortunePayTable: FortunePayTable;
  /**
   * The envy bonus (rules.md §4: an optional table setting, off by default): a Fortune bet of at least
   * `minFortuneBetCents` earns `amountsCents[line]` for every OTHER player's hand of four of a kind or
   * better, paid by the house. `DEFAULT_ENVY_BONUS` (off) unless the operator turns it on.
   */
  readonly envyBonus: EnvyBonusRules;
  /**
   * The table's house way (issue 16): it sets the banker's hand, the House Way button's setting and every
   * hand left unset; `'seeds'` (house-way.md, the default) or `'foxwoods'` (house-way-foxwoods.md).
   */
  readonly houseWay: HouseWayId;
  readonly timers: TableTimers;
}

/**
 * The timers given over the defaults; the betting window, when not given, is the default one but never longer than
 * the bet time (a table of short timers keeps a ready player dealt within its bet time).
 */
function timersOf(given: Partial<TableTimers> | undefined): TableTimers {
  const timers = { ...DEFAULT_TIMERS, ...given };
  return given?.bettingWindowMs === undefined ? { ...timers, bettingWindowMs: Math.min(timers.bettingWindowMs, timers.betMs) } : timers;
}

/** What `tableConfig` needs; the rest has the seeds' defaults. */
export interface TableConfigInput {
  readonly tableId: string;
  readonly name?: string;
  readonly seats?: number;
  readonly limits: { readonly main: SpotLimits; readonly fortune?: SpotLimits | null };
  /** Default 100 (whole units). */
  readonly betUnitCents?: number;
  readonly commissionBps?: number;
  readonly bankerFeeBps?: number;
  readonly playerBanking?: boolean;
  readonly bankMinCompPoints?: number;
  readonly fortunePayTable?: FortunePayTable;
  /** Default `DEFAULT_ENVY_BONUS` (off); e.g. `{ ...DEFAULT_ENVY_BONUS, enabled: true }` turns it on. */
  readonly envyBonus?: EnvyBonusRules;
  /** Default `'seeds'` (`DEFAULT_HOUSE_WAY`); a name not in the registry is `config/invalid`. */
  readonly houseWay?: string;
  readonly timers?: Partial<TableTimers>;
}

/** A value as a refusal message shows it: numbers as written, anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? String(value));
}

/**
 * The longest a table timer may be, in ms: 24 hours. Node fires a timeout above 2^31-1 ms (about 24.8 days) at
 * once, so a larger timer would make a server re-arm it every millisecond.
 */
export const MAX_TIMER_MS = 86_400_000;

/** `limits.<spot>` checked: positive whole cents with min ≤ max; the refusal names the field. */
function checkLimits(spot: 'main' | 'fortune', limits: SpotLimits): Result<void> {
  for (const key of ['minCents', 'maxCents'] as const) {
    const cents = limits[key];
    if (!Number.isSafeInteger(cents) || cents <= 0) {
      return err('config/invalid', `limits.${spot}.${key} must be a positive whole number of cents, got ${shown(cents)}`);
    }
  }
  if (limits.minCents > limits.maxCents) {
    return err('config/invalid', `limits.${spot}: minCents ${limits.minCents} is over maxCents ${limits.maxCents}`);
  }
  return ok(undefined);
}

/**
 * Builds and checks a table's settings (defaults: 6 seats, bets in whole units (`betUnitCents` 100),
 * 5% commission, 1.5% banker fee, house banks only, 50 comp points to bank, seed 003's Fortune pay
 * table, the envy bonus off, the seeds' house way, `DEFAULT_TIMERS`).
 * @returns the settings; or `config/invalid`, its message naming the field (`limits.main: minCents 500 is over
 *   maxCents 100`, `commissionBps must be 0 to 10000 basis points, got 12000`), for a house way not in the
 *   registry (`houseWays`), an empty id, seats outside 1‥6, limits that are not positive whole cents with
 *   min ≤ max, a bet unit that is not a positive integer or does not divide every limit, rates outside
 *   0‥10000 basis points or fractional, comp points that are negative or fractional, timers that are not whole
 *   milliseconds from 1 to `MAX_TIMER_MS` (24 hours) or a betting window longer than the bet time, or an envy bonus that is malformed (amounts, threshold)
 *   or turned on where no Fortune bet can reach its threshold (no Fortune spot, or a Fortune maximum below it).
 */
export function tableConfig(input: TableConfigInput): Result<TableConfig> {
  const config: TableConfig = {
    tableId: input.tableId,
    name: input.name ?? input.tableId,
    seats: input.seats ?? MAX_SEATS,
    limits: { main: input.limits.main, fortune: input.limits.fortune ?? null },
    betUnitCents: input.betUnitCents ?? DEFAULT_BET_UNIT_CENTS,
    commissionBps: input.commissionBps ?? 500,
    bankerFeeBps: input.bankerFeeBps ?? 150,
    playerBanking: input.playerBanking ?? false,
    bankMinCompPoints: input.bankMinCompPoints ?? 50,
    fortunePayTable: input.fortunePayTable ?? FORTUNE_PAY_TABLE,
    envyBonus: input.envyBonus ?? DEFAULT_ENVY_BONUS,
    houseWay: (input.houseWay ?? DEFAULT_HOUSE_WAY) as HouseWayId,
    timers: timersOf(input.timers),
  };
  if (!isHouseWayId(config.houseWay)) return err('config/invalid', `houseWay is one of ${HOUSE_WAY_IDS.join(', ')}, got '${String(input.houseWay)}'`);
  if (config.tableId === '') return err('config/invalid', 'tableId must not be empty');
  if (!Number.isInteger(config.seats) || config.seats < 1 || config.seats > MAX_SEATS) {
    return err('config/invalid', `seats must be 1 to ${MAX_SEATS}, got ${shown(config.seats)}`);
  }
  const spots: [spot: 'main' | 'fortune', limits: SpotLimits][] = [['main', config.limits.main]];
  if (config.limits.fortune !== null) spots.push(['fortune', config.limits.fortune]);
  for (const [spot, limits] of spots) {
    const checked = checkLimits(spot, limits);
    if (!checked.ok) return checked;
  }
  if (!Number.isSafeInteger(config.betUnitCents) || config.betUnitCents <= 0) {
    return err('config/invalid', `betUnitCents must be a positive whole number of cents, got ${shown(config.betUnitCents)}`);
  }
  for (const [spot, limits] of spots) {
    for (const key of ['minCents', 'maxCents'] as const) {
      if (limits[key] % config.betUnitCents !== 0) {
        return err('config/invalid', `limits.${spot}.${key} ${limits[key]} is not a multiple of betUnitCents (${config.betUnitCents})`);
      }
    }
  }
  for (const key of ['commissionBps', 'bankerFeeBps'] as const) {
    const bps = config[key];
    if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000) return err('config/invalid', `${key} must be 0 to 10000 basis points, got ${shown(bps)}`);
  }
  if (!Number.isSafeInteger(config.bankMinCompPoints) || config.bankMinCompPoints < 0) {
    return err('config/invalid', `bankMinCompPoints must be a non-negative whole number, got ${shown(config.bankMinCompPoints)}`);
  }
  for (const [key, ms] of Object.entries(config.timers)) {
    if (!Number.isSafeInteger(ms) || ms <= 0 || ms > MAX_TIMER_MS) {
      return err('config/invalid', `timers.${key} must be a whole number of milliseconds from 1 to ${MAX_TIMER_MS} (24 hours), got ${shown(ms)}`);
    }
  }
  // A ready player is dealt within the bet time of its Deal whoever else bets (docs/protocol.md "Multi-player Deal rule").
  if (config.timers.bettingWindowMs > config.timers.betMs) {
    return err('config/invalid', `timers.bettingWindowMs (${config.timers.bettingWindowMs}) must not be longer than timers.betMs (${config.timers.betMs})`);
  }
  const envy = checkEnvy(config);
  if (!envy.ok) return envy;
  return ok(config);
}

function checkEnvy(config: TableConfig): Result<void> {
  const envy = config.envyBonus;
  const amounts = parseEnvyBonusTable(envy.amountsCents);
  if (!amounts.ok) return err('config/invalid', `envyBonus.amountsCents: ${amounts.error.message}`);
  if (!Number.isSafeInteger(envy.minFortuneBetCents) || envy.minFortuneBetCents < 0) {
    return err('config/invalid', `envyBonus.minFortuneBetCents must be whole non-negative cents, got ${shown(envy.minFortuneBetCents)}`);
  }
  if (envy.enabled) {
    const fortune = config.limits.fortune;
    if (fortune === null) return err('config/invalid', 'envyBonus.enabled is true but the table has no Fortune bet (limits.fortune is null)');
    if (fortune.maxCents < envy.minFortuneBetCents) {
      return err(
        'config/invalid',
        `envyBonus.minFortuneBetCents ${envy.minFortuneBetCents} is over limits.fortune.maxCents ${fortune.maxCents}: no Fortune bet could earn the envy bonus`,
      );
    }
  }
  return ok(undefined);
}

/**
 * The balance a player needs to take the bank (rules.md §5, seed 002): the main maximum plus
 * `bankerFeeBps` of it (rounded half up), in cents. E.g. max 100.00 at 150 bps → 101.50.
 */
export function bankMinBalanceCents(config: TableConfig): number {
  const max = config.limits.main.maxCents;
  return max + applyRateHalfUp(max, config.bankerFeeBps);
}
