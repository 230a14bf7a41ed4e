/** Table settings' fingerprints (`settingsFingerprints`), which the processes of a deployment compare. */
import { describe, expect, it } from 'vitest';
import { tableConfig, unwrap } from '@paigow/engine';
import { differingSettings, settingsFingerprints } from './table-settings.js';

describe('settingsFingerprints', () => {
  it('are the same for the same settings, whatever the order they were written in, and name the settings that differ', () => {
    const written = settingsFingerprints(unwrap(tableConfig({ tableId: 't', seats: 4, limits: { main: { minCents: 100, maxCents: 10_000 } } })));
    const reordered = settingsFingerprints(unwrap(tableConfig({ limits: { main: { maxCents: 10_000, minCents: 100 } }, seats: 4, tableId: 't' })));
    const other = settingsFingerprints(unwrap(tableConfig({ tableId: 't', seats: 4, houseWay: 'foxwoods', limits: { main: { minCents: 100, maxCents: 20_000 } } })));
    expect(written.limits).toMatch(/^[0-9a-f]{12}$/);
    expect(written).not.toHaveProperty('tableId');
    expect(differingSettings(written, reordered)).toEqual([]);
    expect(differingSettings(written, other)).toEqual(['houseWay', 'limits']);
    expect(differingSettings(written, {})).toEqual(Object.keys(written).sort());
  });
});
