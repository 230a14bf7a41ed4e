/**
 * `GET /api/rounds/<id>/fairness` answers from the ledger first (a closed round never 409), then from the rounds the
 * tables announced (409 before the deal), and asks the ledger again for a round dealt meanwhile.
 *
 * The fairness audit over HTTP cannot take the tables' time (a tester's finding: four anonymous
 * `GET /api/fairness/audit` at once held every table for seconds and made the server refuse new players):
 * one audit runs at a time, a request for another limit meanwhile is refused 429 with `Retry-After`, one for
 * the same limit shares it, and a report answers the same question again for `AUDIT_REUSE_MS`. Yet the web page's
 * question (the default limit) is never refused (another tester's finding: asking limit=99999, 99998, … back to
 * back kept an audit always running and evicted the page's report, and the page got 429 two times in three).
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { commitmentOf } from '@paigow/engine';
import type { Ledger, RoundFairnessRecord } from '../ledger/index.js';
import { AnnouncedRounds } from './announced-rounds.js';
import { AUDIT_DEFAULT_ROUNDS, AUDIT_REUSE_MS, fairnessRoutes } from './routes.js';

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

/** A ledger whose every audit waits until `release()` (which lets every audit started so far end), listing the limits audited. */
function gatedLedger(): { ledger: Ledger; release: () => void; started: () => number[] } {
  const started: number[] = [];
  const gates: (() => void)[] = [];
  const ledger = {
    async *closedFairRoundPages(limit: number): AsyncGenerator<RoundFairnessRecord[]> {
      started.push(limit);
      await new Promise<void>((resolve) => gates.push(resolve));
      yield [];
    },
  } as unknown as Ledger;
  const release = (): void => {
    for (const open of gates.splice(0)) open();
  };
  return { ledger, release, started: () => [...started] };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function serve(ledger: Ledger, now: () => number, announced: Pick<AnnouncedRounds, 'commitmentOf'> = new AnnouncedRounds(null)): Promise<string> {
  const app = express().use(fairnessRoutes(ledger, announced, now));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('GET /api/rounds/<roundId>/fairness', () => {
  const seed = new Uint8Array(32).fill(7);
  const commitment = commitmentOf(seed);
  /** A round of the ledger dealt from `seed` at seat 0, in `status`; its private record unreadable (its hands from the seeds). */
  const record = (roundId: string, status: RoundFairnessRecord['status']): RoundFairnessRecord => ({
    roundId,
    tableId: 't',
    status,
    commitment,
    clientSeeds: '0:x',
    serverSeed: '07'.repeat(32),
    secret: { version: 99 },
    public: { players: [{ seat: 0, nickname: 'Jo', bets: { main: 100, fortune: 0 } }] },
    result: null,
  });

  it('answers the ledger first, then the announced rounds (409 as an open round), and the ledger again for a round dealt meanwhile', async () => {
    const rounds = new Map<string, RoundFairnessRecord>([['refunded', record('refunded', 'refunded')]]);
    const ledger = { roundFairness: async (roundId: string) => rounds.get(roundId) ?? null } as unknown as Ledger;
    const announcements = new Map([
      ['refunded', commitment], // a withdrawal that has not reached this process yet
      ['announced', commitment],
      ['dealt-meanwhile', commitment],
    ]);
    const announced = {
      async commitmentOf(roundId: string): Promise<string | null> {
        if (roundId === 'dealt-meanwhile') {
          // Dealt after the first read of the ledger: in the ledger, withdrawn from the announcements.
          rounds.set(roundId, record(roundId, 'open'));
          announcements.delete(roundId);
        }
        return announcements.get(roundId) ?? null;
      },
    };
    const url = await serve(ledger, () => 0, announced);
    const get = async (roundId: string): Promise<{ status: number; body: unknown }> => {
      const response = await fetch(`${url}/api/rounds/${roundId}/fairness`);
      return { status: response.status, body: await response.json() };
    };
    expect(await get('refunded')).toMatchObject({ status: 200, body: { roundId: 'refunded', serverSeed: '07'.repeat(32), outcomes: null } });
    const open = { scheme: 'paigow-shuffle-v1', commitment, error: { code: 'action/out-of-phase', message: 'the round is open: its server seed is revealed when it is settled or refunded' } };
    expect(await get('announced')).toEqual({ status: 409, body: { ...open, roundId: 'announced' } });
    expect(await get('dealt-meanwhile')).toEqual({ status: 409, body: { ...open, roundId: 'dealt-meanwhile' } });
    expect(await get('nobody-announced-it')).toEqual({ status: 404, body: { error: { code: 'action/unknown', message: 'no provably fair round nobody-announced-it' } } });
  });
});

describe('GET /api/fairness/audit', () => {
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

  it('never refuses the default limit (the web page) while someone asks other limits back to back', async () => {
    const { ledger, release, started } = gatedLedger();
    let nowMs = 0;
    const url = await serve(ledger, () => nowMs);
    const audit = (limit?: number): Promise<Response> => fetch(`${url}/api/fairness/audit${limit === undefined ? '' : `?limit=${limit}`}`);
    let attackLimit = 99_999;
    const attack = (): Promise<Response> => audit(attackLimit--);

    // The page's first question comes while another limit's audit runs: it waits for it, and its own runs next.
    const firstAttack = attack();
    await expect.poll(started).toEqual([99_999]);
    const first = audit();
    // Time for the request to reach the server (before the fix it was answered 429 at once).
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await expect.poll(started).toEqual([99_999, AUDIT_DEFAULT_ROUNDS]);
    expect((await firstAttack).status).toBe(200);
    expect((await attack()).status).toBe(429);
    release();
    expect((await first).status).toBe(200);

    // Each minute the page's report is stale while the attacker's audit runs: it is answered from it, and
    // refreshed right after.
    for (let round = 0; round < 5; round++) {
      nowMs += AUDIT_REUSE_MS;
      const running = attack();
      await expect.poll(() => started().at(-1)).toBe(attackLimit + 1);
      const page = await audit();
      expect(page.status).toBe(200);
      expect(await page.json()).toMatchObject({ rounds: 0 });
      release();
      expect((await running).status).toBe(200);
      await expect.poll(() => started().at(-1)).toBe(AUDIT_DEFAULT_ROUNDS);
      expect((await attack()).status).toBe(429);
      release();
      // Fresh: answered without an audit, whatever else is asked.
      const audits = started().length;
      expect((await audit()).status).toBe(200);
      expect((await audit(AUDIT_DEFAULT_ROUNDS)).status).toBe(200);
      expect(started()).toHaveLength(audits);
    }
    // Other limits' recent reports are kept too, a few of them.
    const audits = started().length;
    expect((await audit(attackLimit + 2)).status).toBe(200);
    expect(started()).toHaveLength(audits);
  });
});
