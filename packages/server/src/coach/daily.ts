/**
 * The daily duplicate-deal challenge (issue 17 §5; docs/server.md "The daily challenge"): every player sets the
 * same 50 hands of the day (`dailyHand`: the provably fair deal of the day's server seed, fairness.md), one at a
 * time in order; each setting is graded like a table's (exact EV against the seeds' house way, 5% commission)
 * and scored by the EV given up only. The day's seed is created at its first request, its commitment shown
 * with the hands, and the seed itself revealed once the day is over.
 */
import { randomBytes } from 'node:crypto';
import {
  commitmentOf,
  DAILY_HANDS,
  dailyHand,
  DEFAULT_HOUSE_WAY,
  err,
  cardTexts,
  fromHex,
  gradeSetting,
  houseWays,
  isFoul,
  ok,
  parseCards,
  toHex,
  type Hand,
  type SettingAnalysis,
  type Result,
} from '@paigow/engine';
import { settingText, type CoachReview, type DailyLeaderboardResponse, type DailyResponse } from '@paigow/protocol';
import type { Database } from '../storage/database.js';
import type { ExactScores } from './grade-pool.js';
import type { StoredReview, StoredSetting } from './grades.js';

/** Whether `day` is a day id `YYYY-MM-DD` (a real calendar date). */
export function isDailyId(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/**
 * The UTC day id (`YYYY-MM-DD`) of an instant: the challenge's round id.
 * @param ms epoch milliseconds
 */
export function dailyId(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The commission the challenge grades with, basis points (a house-banked table's). */
const COMMISSION_BPS = 500;
const DAY_MS = 86_400_000;

const stored = (s: SettingAnalysis): StoredSetting => ({ ...settingText(s), legal: s.legal, win: s.win, push: s.push, loss: s.loss, ev: s.ev });

/** The daily challenge over a database, grading with `scores`. */
export class DailyChallenge {
  constructor(
    private readonly database: Database,
    private readonly scores: ExactScores,
    private readonly now: () => number = Date.now,
  ) {}

  /** Today's challenge for `playerId` (the day's seed is made at the first request). */
  async today(playerId: string): Promise<DailyResponse> {
    const day = dailyId(this.now());
    const seed = await this.seedOf(day);
    const rows = await this.database.db.selectFrom('daily_plays').selectAll().where('day', '=', day).where('player_id', '=', playerId).orderBy('hand_index').execute();
    const played = rows.map((row) => ({ ...(JSON.parse(row.review_json) as StoredReview), ...grade(row), index: row.hand_index }));
    const index = played.length + 1;
    const before = dailyId(this.now() - DAY_MS);
    const previous = await this.database.db.selectFrom('daily_seeds').selectAll().where('day', '=', before).executeTakeFirst();
    return {
      day,
      commitment: seed.commitment,
      total: DAILY_HANDS,
      next: index > DAILY_HANDS ? null : { index, cards: cardTexts(dailyHand(seed.bytes, day, index)) },
      played,
      previous: previous === undefined ? null : { day: before, commitment: previous.commitment, serverSeed: previous.server_seed },
    };
  }

  /**
   * Sets hand `index` of today's challenge with the low hand `low` (card text) and grades it.
   * @returns the graded setting; `action/stale` when `index` is not the player's next hand, `action/invalid` for a
   *   low hand that is not two cards, `setting/not-your-cards` for cards not in the hand, `setting/foul` for a foul
   */
  async play(playerId: string, index: number, low: readonly string[]): Promise<Result<CoachReview & { index: number }>> {
    const day = dailyId(this.now());
    const seed = await this.seedOf(day);
    const count = await this.database.db
      .selectFrom('daily_plays')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('day', '=', day)
      .where('player_id', '=', playerId)
      .executeTakeFirstOrThrow();
    if (!Number.isInteger(index) || index !== Number(count.n) + 1 || index > DAILY_HANDS) return err('action/stale', `hand ${index} is not your next hand of the day`);
    const cards = parseCards([...low], 2);
    if (!cards.ok) return err('action/invalid', `the low hand is two cards: ${cards.error.message}`);
    const hand: Hand = dailyHand(seed.bytes, day, index);
    if (!cards.value.every((card) => hand.includes(card)) || cards.value[0] === cards.value[1]) return err('setting/not-your-cards', 'those are not two cards of this hand');
    if (isFoul({ high: hand.filter((card) => !cards.value.includes(card)), low: cards.value })) return err('setting/foul', 'the low hand must not outrank the high hand');
    const way = houseWays[DEFAULT_HOUSE_WAY];
    const review = gradeSetting(hand, cards.value, await this.scores.scores(hand, COMMISSION_BPS, way.id, 'waited'), way);
    const kept: StoredReview = { cards: cardTexts(hand), played: stored(review.played), best: stored(review.best), houseWay: { ...stored(review.houseWay), rule: review.houseWay.rule } };
    const inserted = await this.database.db
      .insertInto('daily_plays')
      .values({
        day,
        player_id: playerId,
        hand_index: index,
        played_ev: review.playedEv,
        best_ev: review.bestEv,
        house_way_ev: review.houseWayEv,
        ev_lost: review.evLost,
        review_json: JSON.stringify(kept),
        played_at: this.now(),
      })
      .onConflict((conflict) => conflict.columns(['day', 'player_id', 'hand_index']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return err('action/stale', `hand ${index} is already set`);
    return ok({ ...kept, playedEv: review.playedEv, bestEv: review.bestEv, houseWayEv: review.houseWayEv, evLost: review.evLost, index });
  }

  /** The leaderboard of `day` (default today): the players with most hands set first, then least EV given up. */
  async leaderboard(playerId: string, day: string = dailyId(this.now())): Promise<Result<DailyLeaderboardResponse>> {
    if (!isDailyId(day)) return err('action/invalid', 'a day is YYYY-MM-DD');
    const rows = await this.database.db
      .selectFrom('daily_plays as d')
      .innerJoin('players as p', 'p.id', 'd.player_id')
      .select((eb) => ['d.player_id', 'p.nickname', eb.fn.countAll<number>().as('hands'), eb.fn.sum<number>('d.ev_lost').as('lost')])
      .where('d.day', '=', day)
      .groupBy(['d.player_id', 'p.nickname'])
      .execute();
    const entries = rows
      .map((row) => ({ nickname: row.nickname, hands: Number(row.hands), evLost: Number(row.lost), you: row.player_id === playerId }))
      .sort((a, b) => b.hands - a.hands || a.evLost - b.evLost)
      .slice(0, 100);
    return ok({ day, entries });
  }

  /** The day's seed, made (32 random bytes) at its first request; two processes asking at once keep the first. */
  private async seedOf(day: string): Promise<{ bytes: Uint8Array; commitment: string }> {
    let row = await this.database.db.selectFrom('daily_seeds').selectAll().where('day', '=', day).executeTakeFirst();
    if (row === undefined) {
      const bytes = new Uint8Array(randomBytes(32));
      await this.database.db
        .insertInto('daily_seeds')
        .values({ day, server_seed: toHex(bytes), commitment: commitmentOf(bytes), created_at: this.now() })
        .onConflict((conflict) => conflict.column('day').doNothing())
        .execute();
      row = await this.database.db.selectFrom('daily_seeds').selectAll().where('day', '=', day).executeTakeFirstOrThrow();
    }
    const bytes = fromHex(row.server_seed, 32);
    if (!bytes.ok) throw new Error(`the daily seed of ${day} is corrupt`);
    return { bytes: bytes.value, commitment: row.commitment };
  }
}

function grade(row: { played_ev: number; best_ev: number; house_way_ev: number; ev_lost: number }) {
  return { playedEv: Number(row.played_ev), bestEv: Number(row.best_ev), houseWayEv: Number(row.house_way_ev), evLost: Number(row.ev_lost) };
}
