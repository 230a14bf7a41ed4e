/**
 * The daily challenge's seed (issue 17 §5): the same hands for everyone on a day, the day's commitment shown with
 * them, and the seed revealed the next day, from which anyone can deal the hands again (fairness.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitmentOf, dailyHand, formatCard, fromHex, unwrap } from '@paigow/engine';
import { createDatabase, migrateToLatest, type Database } from '../storage/index.js';
import { DailyChallenge, dailyId, isDailyId } from './daily.js';
import type { ExactScores } from './grade-pool.js';

/** The seed's reveal needs no grading: any analysis asked for fails the test. */
const NO_SCORES: ExactScores = { scores: () => Promise.reject(new Error('no setting is graded here')) };

describe('the daily challenge seed', () => {
  let database: Database;
  beforeAll(async () => {
    database = createDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database);
  });
  afterAll(() => database?.db.destroy());

  it('deals everyone the same hands, and reveals the day\'s seed the next day: its commitment and its hands check', async () => {
    let now = Date.UTC(2026, 11, 1, 12);
    const daily = new DailyChallenge(database, NO_SCORES, () => now);
    const first = await daily.today('ann');
    expect(await daily.today('bob')).toMatchObject({ day: '2026-12-01', commitment: first.commitment, next: first.next, previous: null });
    expect(first.next).toMatchObject({ index: 1 });
    expect(first.total).toBe(50);

    now += 86_400_000;
    const second = await daily.today('ann');
    expect(second.day).toBe('2026-12-02');
    expect(second.commitment).not.toBe(first.commitment);
    const seed = unwrap(fromHex(second.previous!.serverSeed, 32));
    expect(second.previous).toMatchObject({ day: '2026-12-01', commitment: first.commitment });
    expect(commitmentOf(seed)).toBe(first.commitment);
    expect(dailyHand(seed, '2026-12-01', 1).map(formatCard)).toEqual(first.next!.cards);
  });

  it('names days by their UTC date', () => {
    expect(dailyId(Date.UTC(2026, 11, 1, 23, 59))).toBe('2026-12-01');
    expect(isDailyId('2026-12-01')).toBe(true);
    expect(isDailyId('2026-02-30')).toBe(false);
    expect(isDailyId('2026-12-1')).toBe(false);
  });

  it('refuses a leaderboard of a day that is not a date', async () => {
    const daily = new DailyChallenge(database, NO_SCORES);
    expect(await daily.leaderboard('ann', 'yesterday')).toMatchObject({ ok: false, error: { code: 'action/invalid' } });
  });
});
