/**
 * The fairness audit on a database filled with generated rounds (issue 15 point 4): rounds dealt from seeds
 * pass; a biased dealer (the house deals its own hand again when it holds no pair) is flagged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bestHighHand,
  CATEGORIES,
  categoryOf,
  clientSeedsString,
  commitmentOf,
  deckFromSeeds,
  FAIRNESS_SCHEME,
  FORTUNE_LINES,
  FORTUNE_PAY_TABLE,
  settleRoundState,
  sha256,
  toHand,
  toHex,
  unwrap,
  utf8,
  type RoundState,
} from '@paigow/engine';
import { createLedger } from '../ledger/index.js';
import type { Database } from '../storage/index.js';
import { TEST_BACKENDS } from '../testing/backends.js';
import { encodeRoundSecret } from '../table/recovery.js';
import { closedFairRoundPages } from '../ledger/round-fairness.js';
import { auditDatabase, auditFairness, auditFairnessInSlices, auditReference } from './audit.js';
import type { HouseWayId } from '@paigow/engine';

const SEATS = [0, 2, 5];

/** One settled round of three players against the house, every hand set by the house way. */
function generatedRound(tag: string, i: number, biased: boolean, houseWay: HouseWayId = 'seeds') {
  const roundId = `${tag}-${i}`;
  const serverSeed = sha256(utf8(roundId));
  const clientSeeds = clientSeedsString(SEATS.map((seat) => ({ seat, seed: `s${seat}` })));
  const deck = deckFromSeeds(serverSeed, roundId, clientSeeds);
  const bankerAt = SEATS.length * 7;
  if (biased && categoryOf(bestHighHand(unwrap(toHand(deck.slice(bankerAt, bankerAt + 7)))).value) === 'high_card') {
    // The biased dealer: a banker without a pair takes the next seven cards instead.
    const better = deck.splice(bankerAt + 7, 7);
    deck.splice(bankerAt, 0, ...better);
  }
  const round: RoundState = {
    roundId,
    tableId: 'audit',
    dealtAtMs: i,
    deck,
    banker: null,
    bankerCards: unwrap(toHand(deck.slice(bankerAt, bankerAt + 7))),
    hands: SEATS.map((seat, k) => ({
      playerId: `p${seat}`,
      seat,
      nickname: `P${seat}`,
      cards: unwrap(toHand(deck.slice(k * 7, k * 7 + 7))),
      bets: { main: 100, fortune: 0 },
      setting: null,
      setBy: null,
      houseWay: null,
      deadlineMs: null,
    })),
    rules: { commissionBps: 500, bankerFeeBps: 150, fortunePayTable: FORTUNE_PAY_TABLE, houseWay },
    fairness: { scheme: FAIRNESS_SCHEME, commitment: commitmentOf(serverSeed), clientSeeds },
  };
  const { result } = settleRoundState(round, i, 'timeout');
  return {
    id: roundId,
    table_id: 'audit',
    banker_player_id: null,
    status: 'settled' as const,
    secret_json: JSON.stringify(encodeRoundSecret(round)),
    public_json: JSON.stringify({ players: SEATS.map((seat) => ({ seat })) }),
    result_json: JSON.stringify(result),
    refund_reason: null,
    opened_at: i,
    closed_at: i,
    owner_instance_id: null,
    commitment: commitmentOf(serverSeed),
    client_seeds: clientSeeds,
    server_seed: toHex(serverSeed),
  };
}

async function fill(database: Database, tag: string, rounds: number, biased: boolean, houseWay: HouseWayId = 'seeds'): Promise<void> {
  for (let start = 0; start < rounds; start += 250) {
    const batch = Array.from({ length: Math.min(250, rounds - start) }, (_, k) => generatedRound(tag, start + k, biased, houseWay));
    await database.db.insertInto('rounds').values(batch).execute();
  }
}

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`the fairness audit on ${backend.title}`, () => {
    let fair: Database;
    let biased: Database;
    beforeAll(async () => {
      [fair, biased] = await Promise.all([backend.open(), backend.open()]);
      await fill(fair, 'fair', 2_000, false);
      await fill(biased, 'biased', 2_000, true);
    }, 60_000);
    afterAll(async () => {
      await Promise.all([backend.close(fair), backend.close(biased)]);
    });

    it('passes rounds dealt from seeds', async () => {
      const report = auditFairness(await createLedger(fair).closedFairRounds());
      expect(report.rounds).toBe(2_000);
      expect(report.tests.map((t) => [t.name, t.sample])).toEqual([
        ['banker-category', 2_000],
        ['fortune-line', 8_000],
        ['outcome', 2_000],
      ]);
      for (const t of report.tests) expect(t.pValue, t.name).toBeGreaterThan(0.001);
      expect(report.flagged).toBe(false);
      // Pooled so that every row is expected 5 times or more; nothing is lost.
      for (const t of report.tests) {
        expect(t.rows.every((row) => row.expected >= 5)).toBe(true);
        expect(t.rows.reduce((sum, row) => sum + row.observed, 0)).toBe(t.sample);
      }
    });

    it('sends codes, not words: the test ids and the category ids of each row, which clients name in their language', async () => {
      const report = auditFairness(await createLedger(fair).closedFairRounds());
      const ids: Record<string, readonly string[]> = { 'banker-category': CATEGORIES, 'fortune-line': [...FORTUNE_LINES, 'losing'], outcome: ['win', 'push', 'loss'] };
      for (const t of report.tests) {
        expect(Object.keys(t).sort(), t.name).toEqual(['degreesOfFreedom', 'flagged', 'name', 'pValue', 'rows', 'sample', 'statistic']);
        const keys = t.rows.flatMap((row) => row.keys);
        expect([...keys].sort(), t.name).toEqual([...ids[t.name]].sort()); // each id once, pooled or not
      }
    });

    it("holds each round's outcome to its own house way's exact shares (a Foxwoods table's to Foxwoods')", async () => {
      const mixed = await backend.open();
      try {
        await fill(mixed, 'seeds', 200, false);
        await fill(mixed, 'fox', 300, false, 'foxwoods');
        const outcome = auditFairness(await createLedger(mixed).closedFairRounds()).tests.find((t) => t.name === 'outcome')!;
        const { seeds, foxwoods } = auditReference().outcome;
        expect(outcome.sample).toBe(500);
        const expectedWins = outcome.rows.filter((r) => r.keys.includes('win')).reduce((sum, r) => sum + r.expected, 0);
        expect(expectedWins).toBeCloseTo(200 * seeds.win + 300 * foxwoods.win, 6);
      } finally {
        await backend.close(mixed);
      }
    });

    it('flags a dealer that deals the banker again when it holds no pair', async () => {
      const report = auditFairness(await createLedger(biased).closedFairRounds());
      expect(report.flagged).toBe(true);
      const byName = Object.fromEntries(report.tests.map((t) => [t.name, t]));
      expect(byName['banker-category'].pValue).toBeLessThan(1e-10);
      expect(byName['banker-category'].rows.find((r) => r.keys.includes('high_card'))!.observed).toBeLessThan(byName['banker-category'].rows.find((r) => r.keys.includes('high_card'))!.expected / 3);
      expect(byName.outcome.flagged).toBe(true);
    });

    it('over HTTP, audits in slices: the same report, and the event loop turns meanwhile (the tables play on)', async () => {
      const records = await createLedger(fair).closedFairRounds();
      let timerRan = false;
      setTimeout(() => (timerRan = true), 0);
      const sliced = await auditFairnessInSlices(createLedger(fair).closedFairRoundPages(2_000), 5);
      // Before the fix the audit of 2,000 rounds ran in one turn of the event loop (0.3 s to over 1 s): no timer fired.
      expect(timerRan).toBe(true);
      expect(sliced).toEqual(auditFairness(records));
    });

    it('reads the newest rounds in pages of one statement each, down to the limit', async () => {
      const pages: string[][] = [];
      for await (const page of closedFairRoundPages(fair, 450, 200)) pages.push(page.map((r) => r.roundId));
      expect(pages.map((page) => page.length)).toEqual([200, 200, 50]);
      expect(pages.flat()).toEqual(Array.from({ length: 450 }, (_, k) => `fair-${1_999 - k}`));
    });

    it('paigow audit-fairness counts page by page: the report of every round read at once, and of the last ones with a limit', async () => {
      expect(await auditDatabase(fair)).toEqual(auditFairness(await createLedger(fair).closedFairRounds()));
      expect(await auditDatabase(fair, 450)).toEqual(auditFairness(await createLedger(fair).closedFairRounds(450)));
    });

    it('reads the last rounds only when given a limit', async () => {
      expect((await createLedger(fair).closedFairRounds(10)).map((r) => r.roundId)).toEqual(Array.from({ length: 10 }, (_, k) => `fair-${1_990 + k}`));
    });
  });
}

describe('auditReference', () => {
  it('holds the exact shares of reference/ and of each house way, each summing to 1', () => {
    const reference = auditReference();
    expect(reference.bankerCategory.high_card).toBeCloseTo(24_780_420 / 154_143_080, 12);
    expect(reference.fortuneLine.losing).toBeCloseTo(124_556_196 / 154_143_080, 12);
    expect(reference.outcome.seeds.push).toBeGreaterThan(0.41);
    // Foxwoods pushes less and wins more (the exact counts of `paigow edge --exact --house-way foxwoods`).
    expect(reference.outcome.foxwoods.push).toBeLessThan(reference.outcome.seeds.push);
    expect(reference.outcome.foxwoods.win).toBeGreaterThan(reference.outcome.seeds.win);
    for (const shares of [reference.bankerCategory, reference.fortuneLine, reference.outcome.seeds, reference.outcome.foxwoods]) {
      expect(Object.values(shares).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    }
  });
});
