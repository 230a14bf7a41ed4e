/**
 * The fairness audit over HTTP cannot take the tables' time (a tester's finding: four anonymous
 * `GET /api/fairness/audit` at once held every table for seconds and made the server refuse new players):
 * one audit runs at a time, a request for another limit meanwhile is refused 429 with `Retry-After`, one for
 * the same limit shares it, and a report answers the same question again for `AUDIT_REUSE_MS`.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import type { Ledger, RoundFairnessRecord } from '../ledger/index.js';
import { AUDIT_REUSE_MS, fairnessRoutes } from './routes.js';

/** A ledger whose rounds arrive when `release()` is called, counting the audits started. */
function slowLedger(): { ledger: Ledger; release: () => void; started: () => number } {
  let started = 0;
  let release = (): void => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const ledger = {
    async *closedFairRoundPages(): AsyncGenerator<RoundFairnessRecord[]> {
      started++;
      await gate;
      yield [];
    },
  } as unknown as Ledger;
  return { ledger, release: () => release(), started: () => started };
}

describe('GET /api/fairness/audit', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  async function serve(ledger: Ledger, now: () => number): Promise<string> {
    const app = express().use(fairnessRoutes(ledger, now));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it('runs one audit at a time: another limit meanwhile gets 429 with Retry-After, the same limit shares it, and the report is reused', async () => {
    const { ledger, release, started } = slowLedger();
    let nowMs = 0;
    const url = await serve(ledger, () => nowMs);
    const first = fetch(`${url}/api/fairness/audit?limit=100`);
    const same = fetch(`${url}/api/fairness/audit?limit=100`);
    await expect.poll(started).toBe(1);
    const other = await fetch(`${url}/api/fairness/audit?limit=99`);
    expect(other.status).toBe(429);
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await other.json()).toMatchObject({ error: { code: 'rate/limited' } });
    release();
    const [a, b] = await Promise.all([first, same]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await b.json()).toEqual(await a.json());
    expect(started()).toBe(1);
    // Asked again soon: the same report, no new audit; later, a new one.
    expect((await fetch(`${url}/api/fairness/audit?limit=100`)).status).toBe(200);
    expect(started()).toBe(1);
    nowMs += AUDIT_REUSE_MS;
    expect((await fetch(`${url}/api/fairness/audit?limit=100`)).status).toBe(200);
    expect(started()).toBe(2);
  });

  it('refuses a limit that is not a plain whole number in decimal digits from 1 to 100,000: 400 action/invalid, no audit', async () => {
    const { ledger, release, started } = slowLedger();
    release();
    const url = await serve(ledger, () => 0);
    for (const limit of ['1e5', '0x10', '1e1', '0b11', ' 5', '+5', '-1', '0', '2.5', '', 'abc', '100001']) {
      // Before the fix: 1e5, 0x10, 1e1, 0b11, ' 5' and +5 were read by Number() and answered 200.
      const answer = await fetch(`${url}/api/fairness/audit?limit=${encodeURIComponent(limit)}`);
      expect(answer.status, `limit=${limit}`).toBe(400);
      expect(await answer.json()).toEqual({ error: { code: 'action/invalid', message: 'limit must be a whole number from 1 to 100000' } });
    }
    expect((await fetch(`${url}/api/fairness/audit?limit=5&limit=6`)).status).toBe(400);
    expect(started()).toBe(0);
    expect((await fetch(`${url}/api/fairness/audit?limit=100000`)).status).toBe(200);
  });
});
