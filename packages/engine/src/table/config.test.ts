import { describe, expect, it } from 'vitest';
import { DEFAULT_ENVY_BONUS, ENVY_BONUS_TABLE } from '../fortune/index.js';
import { bankMinBalanceCents, tableConfig } from './config.js';

const main = { minCents: 100, maxCents: 10_000 };

describe('tableConfig', () => {
  it('fills in the seeds\' defaults', () => {
    const config = tableConfig({ tableId: 't', limits: { main } });
    expect(config.ok && config.value).toMatchObject({
      name: 't',
      seats: 6,
      commissionBps: 500,
      bankerFeeBps: 150,
      playerBanking: false,
      bankMinCompPoints: 50,
      limits: { main, fortune: null },
      envyBonus: DEFAULT_ENVY_BONUS,
      timers: { betMs: 45_000, decisionMs: 45_000, approvalMs: 35_000, reconnectMs: 60_000 },
    });
    expect(config.ok && config.value.envyBonus.enabled).toBe(false); // rules.md §4: off by default
  });

  it('accepts the envy bonus where a Fortune bet can reach its threshold', () => {
    const config = tableConfig({ tableId: 't', limits: { main, fortune: { minCents: 100, maxCents: 2_500 } }, envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } });
    expect(config.ok && config.value.envyBonus).toEqual({ enabled: true, minFortuneBetCents: 500, amountsCents: ENVY_BONUS_TABLE });
  });

  it.each([
    [{ tableId: '', limits: { main } }],
    [{ tableId: 't', seats: 7, limits: { main } }],
    [{ tableId: 't', seats: 0, limits: { main } }],
    [{ tableId: 't', limits: { main: { minCents: 0, maxCents: 100 } } }],
    [{ tableId: 't', limits: { main: { minCents: 500, maxCents: 100 } } }],
    [{ tableId: 't', limits: { main, fortune: { minCents: 1.5, maxCents: 100 } } }],
    [{ tableId: 't', limits: { main }, commissionBps: -1 }],
    [{ tableId: 't', limits: { main }, bankerFeeBps: 10_001 }],
    [{ tableId: 't', limits: { main }, timers: { decisionMs: 0 } }],
    // The envy bonus: on without a Fortune bet, a Fortune maximum below its threshold, malformed amounts or threshold.
    [{ tableId: 't', limits: { main }, envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } }],
    [{ tableId: 't', limits: { main, fortune: { minCents: 100, maxCents: 400 } }, envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } }],
    [{ tableId: 't', limits: { main }, envyBonus: { ...DEFAULT_ENVY_BONUS, amountsCents: { ...ENVY_BONUS_TABLE, four_of_a_kind: -1 } } }],
    [{ tableId: 't', limits: { main }, envyBonus: { ...DEFAULT_ENVY_BONUS, minFortuneBetCents: 2.5 } }],
  ])('refuses %j with config/invalid', (input) => {
    const config = tableConfig(input);
    expect(config.ok === false && config.error.code).toBe('config/invalid');
  });

  it('asks a banker for the maximum plus 1.5% of it (seed 002), rounded half up', () => {
    expect(bankMinBalanceCents(unwrapConfig({ tableId: 't', limits: { main: { minCents: 100, maxCents: 10_000 } } }))).toBe(10_150);
    expect(bankMinBalanceCents(unwrapConfig({ tableId: 't', limits: { main: { minCents: 100, maxCents: 5_010 } }, betUnitCents: 10 }))).toBe(5_010 + 75);
  });
});

function unwrapConfig(input: Parameters<typeof tableConfig>[0]) {
  const config = tableConfig(input);
  if (!config.ok) throw new Error(config.error.message);
  return config.value;
}
