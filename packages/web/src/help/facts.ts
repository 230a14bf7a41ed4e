/**
 * The figures the help text quotes (issue 14 point 3): the table's own (its `TableConfigView`) or, with
 * no table, the seeds' defaults (rules.md §3.1, §4, §5). Pure: no React, no I/O.
 */
import {
  DEFAULT_HOUSE_WAY,
  DEFAULT_TIMERS,
  FORTUNE_PAY_TABLE,
  applyRateHalfUp,
  compPointsFor,
  type HouseWayId,
  type TableTimers,
} from '@paigow/engine';
import type { TableConfigView } from '@paigow/protocol';

/** The stake the money examples use: 100.00 (cents). */
export const EXAMPLE_STAKE_CENTS = 10_000;

/** What the help says with numbers. Money in cents, rates in basis points, times in ms. */
export interface HelpFacts {
  /**
   * The table's name as the lobby and the table show it (a built-in table's translated, `tableName` in
   * app/i18n), or `null` for the usual figures (help opened away from a table).
   */
  readonly tableName: string | null;
  readonly commissionBps: number;
  readonly bankerFeeBps: number;
  /** What a winning `EXAMPLE_STAKE_CENTS` bet pays after commission when the house banks (rules.md §3.1). */
  readonly exampleNetCents: number;
  /** The banking player's fee on `EXAMPLE_STAKE_CENTS` wagered against it (rules.md §3.1). */
  readonly exampleFeeCents: number;
  /** Comp points `EXAMPLE_STAKE_CENTS` wagered against the banker costs it (rules.md §5: 1 per whole unit). */
  readonly exampleCompPoints: number;
  readonly playerBanking: boolean;
  readonly bankMinCompPoints: number;
  /** The balance needed to bank, or `null` with no table (it depends on the table maximum). */
  readonly bankMinBalanceCents: number | null;
  readonly houseWay: HouseWayId;
  /** "To 1" per Fortune line, highest first; `null` when the table offers no Fortune bet. */
  readonly fortunePayTable: Readonly<Record<string, number>> | null;
  /** The main bet’s limits in cents (rules.md §5, the table’s min and max), or `null` with no table. */
  readonly mainLimits: { readonly minCents: number; readonly maxCents: number } | null;
  readonly fortuneLimits: { readonly minCents: number; readonly maxCents: number } | null;
  readonly envy: TableConfigView['envyBonus'];
  readonly timers: TableTimers;
}

/**
 * The figures of a table (from its view's `config`), or the seeds' defaults when `config` is `null`:
 * 5% commission, 1.5% banker fee, 50 comp points, seed 003's pay table, the seeds' house way, `DEFAULT_TIMERS`.
 * @param shownName the table's name in the player's language (`tableName(t, config)`); the configured
 *   `config.name` when omitted
 */
export function helpFacts(config: TableConfigView | null, shownName?: string): HelpFacts {
  const commissionBps = config?.commissionBps ?? 500;
  const bankerFeeBps = config?.bankerFeeBps ?? 150;
  return {
    tableName: config ? (shownName ?? config.name) : null,
    commissionBps,
    bankerFeeBps,
    exampleNetCents: EXAMPLE_STAKE_CENTS - applyRateHalfUp(EXAMPLE_STAKE_CENTS, commissionBps),
    exampleFeeCents: applyRateHalfUp(EXAMPLE_STAKE_CENTS, bankerFeeBps),
    exampleCompPoints: compPointsFor(EXAMPLE_STAKE_CENTS),
    playerBanking: config?.playerBanking ?? true,
    bankMinCompPoints: config?.bankMinCompPoints ?? 50,
    bankMinBalanceCents: config?.bankMinBalanceCents ?? null,
    houseWay: config?.houseWay ?? DEFAULT_HOUSE_WAY,
    fortunePayTable: config ? config.fortunePayTable : FORTUNE_PAY_TABLE,
    mainLimits: config ? config.limits.main : null,
    fortuneLimits: config ? config.limits.fortune : null,
    envy: config?.envyBonus ?? null,
    timers: config?.timers ?? DEFAULT_TIMERS,
  };
}

/**
 * A rate in basis points as a percentage in `lng` (`150` → "1.5%", "1,5 %").
 * @param bps a non-negative rate in basis points
 */
export function formatRate(lng: string, bps: number): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}
