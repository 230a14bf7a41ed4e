import { describe, expect, it } from 'vitest';
import { DEFAULT_ENVY_BONUS, ENVY_BONUS_TABLE } from '../fortune/index.js';
import { bankMinBalanceCents, MAX_TIMER_MS, tableConfig } from './config.js';

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

  it('refuses a timer above 24 hours (a Node timeout over 2^31-1 ms fires at once, every millisecond), and keeps short ones', () => {
    expect(tableConfig({ tableId: 't', limits: { main }, timers: { decisionMs: 3_000_000_000 } })).toEqual({
      ok: false,
      error: { code: 'config/invalid', message: 'timers.decisionMs must be a whole number of milliseconds from 1 to 86400000 (24 hours), got 3000000000' },
    });
    expect(MAX_TIMER_MS).toBe(86_400_000);
    expect(MAX_TIMER_MS).toBeLessThan(2 ** 31 - 1);
    expect(tableConfig({ tableId: 't', limits: { main }, timers: { idleSeatMs: MAX_TIMER_MS + 1 } }).ok).toBe(false);
    // Up to 24 hours, and down to 1 ms (the test suites play with short timers), stay allowed.
    expect(tableConfig({ tableId: 't', limits: { main }, timers: { betMs: MAX_TIMER_MS, decisionMs: 1 } }).ok).toBe(true);
    // A table of short bet time gets a betting window no longer than it.
    expect(tableConfig({ tableId: 't', limits: { main }, timers: { betMs: 600 } })).toMatchObject({ ok: true, value: { timers: { betMs: 600, bettingWindowMs: 600 } } });
  });

  it.each([
    ['tableId must not be empty', { tableId: '', limits: { main } }],
    ['seats must be 1 to 6, got 7', { tableId: 't', seats: 7, limits: { main } }],
    ['limits.main: minCents 500 is over maxCents 100', { tableId: 't', limits: { main: { minCents: 500, maxCents: 100 } } }],
    ['limits.main.minCents must be a positive whole number of cents, got 0', { tableId: 't', limits: { main: { minCents: 0, maxCents: 100 } } }],
    ['limits.fortune.maxCents must be a positive whole number of cents, got 1.5', { tableId: 't', limits: { main, fortune: { minCents: 100, maxCents: 1.5 } } }],
    ['betUnitCents must be a positive whole number of cents, got 0', { tableId: 't', limits: { main }, betUnitCents: 0 }],
    ['limits.main.minCents 150 is not a multiple of betUnitCents (100)', { tableId: 't', limits: { main: { minCents: 150, maxCents: 10_000 } } }],
    ['commissionBps must be 0 to 10000 basis points, got 12000', { tableId: 't', limits: { main }, commissionBps: 12_000 }],
    ['bankerFeeBps must be 0 to 10000 basis points, got -1', { tableId: 't', limits: { main }, bankerFeeBps: -1 }],
    ['bankMinCompPoints must be a non-negative whole number, got -1', { tableId: 't', limits: { main }, bankMinCompPoints: -1 }],
    ['timers.approvalMs must be a whole number of milliseconds from 1 to 86400000 (24 hours), got 0', { tableId: 't', limits: { main }, timers: { approvalMs: 0 } }],
    // A ready player is dealt within the bet time of its Deal (an attacker: a 24-hour window held every deal).
    ['timers.bettingWindowMs (45001) must not be longer than timers.betMs (45000)', { tableId: 't', limits: { main }, timers: { bettingWindowMs: 45_001 } }],
    ['envyBonus.minFortuneBetCents must be whole non-negative cents, got 2.5', { tableId: 't', limits: { main }, envyBonus: { ...DEFAULT_ENVY_BONUS, minFortuneBetCents: 2.5 } }],
    ['envyBonus.enabled is true but the table has no Fortune bet (limits.fortune is null)', { tableId: 't', limits: { main }, envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } }],
    [
      'envyBonus.minFortuneBetCents 500 is over limits.fortune.maxCents 400: no Fortune bet could earn the envy bonus',
      { tableId: 't', limits: { main, fortune: { minCents: 100, maxCents: 400 } }, envyBonus: { ...DEFAULT_ENVY_BONUS, enabled: true } },
    ],
  ])('names the field it refuses: %s', (message, input) => {
    expect(tableConfig(input)).toEqual({ ok: false, error: { code: 'config/invalid', message } });
  });

  it('names envyBonus.amountsCents when the envy amounts are malformed', () => {
    const config = tableConfig({ tableId: 't', limits: { main }, envyBonus: { ...DEFAULT_ENVY_BONUS, amountsCents: { ...ENVY_BONUS_TABLE, four_of_a_kind: -1 } } });
    expect(config.ok === false && config.error).toEqual({ code: 'config/invalid', message: expect.stringMatching(/^envyBonus\.amountsCents: .*'four_of_a_kind' must not be negative/) });
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
