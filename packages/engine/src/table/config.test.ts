import { describe, expect, it } from 'vitest';
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
      timers: { betMs: 45_000, decisionMs: 45_000, approvalMs: 35_000, reconnectMs: 60_000 },
    });
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
  ])('refuses %j with config/invalid', (input) => {
    const config = tableConfig(input);
    expect(config.ok === false && config.error.code).toBe('config/invalid');
  });

  it('asks a banker for the maximum plus 1.5% of it (seed 002), rounded half up', () => {
    expect(bankMinBalanceCents(unwrapConfig({ tableId: 't', limits: { main: { minCents: 100, maxCents: 10_000 } } }))).toBe(10_150);
    expect(bankMinBalanceCents(unwrapConfig({ tableId: 't', limits: { main: { minCents: 100, maxCents: 5_010 } } }))).toBe(5_010 + 75);
  });
});

function unwrapConfig(input: Parameters<typeof tableConfig>[0]) {
  const config = tableConfig(input);
  if (!config.ok) throw new Error(config.error.message);
  return config.value;
}
