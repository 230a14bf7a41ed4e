/** Table settings' fingerprints (`settingsFingerprint`), which the processes of a deployment compare. */
import { describe, expect, it } from 'vitest';
import { tableConfig, unwrap } from '@paigow/engine';
import { settingsFingerprint } from './table-settings.js';

describe('settingsFingerprint', () => {
  it('is the same for the same settings, whatever the order they were written in, and differs when a limit does', () => {
    const written = unwrap(tableConfig({ tableId: 't', seats: 4, limits: { main: { minCents: 100, maxCents: 10_000 } } }));
    const reordered = unwrap(tableConfig({ limits: { main: { maxCents: 10_000, minCents: 100 } }, seats: 4, tableId: 't' }));
    const otherMaximum = unwrap(tableConfig({ tableId: 't', seats: 4, limits: { main: { minCents: 100, maxCents: 20_000 } } }));
    expect(settingsFingerprint(written)).toMatch(/^[0-9a-f]{16}$/);
    expect(settingsFingerprint(reordered)).toBe(settingsFingerprint(written));
    expect(settingsFingerprint(otherMaximum)).not.toBe(settingsFingerprint(written));
  });
});
