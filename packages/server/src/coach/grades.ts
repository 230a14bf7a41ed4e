/**
 * The coach's stored grades (issue 17; table `round_grades`, migration 0010): one row per round and player,
 * written once the round is settled and its setting graded, read by `GET /api/history` (the `grade` of each
 * round), the strategy tax and the review of the costliest hands. EVs are per unit of the main bet.
 */
import type { SettingGrade } from '@paigow/engine';
import type { CoachReview, CoachSetting, RoundGradeResponse, StrategyTaxResponse } from '@paigow/protocol';
import type { Database } from '../storage/database.js';

/** A reviewed setting in card text, as stored: the protocol's `CoachSetting`. */
export type StoredSetting = CoachSetting;

/** The review stored with a grade (`review_json`): a `CoachReview` without the grade's EVs (stored in their own columns). */
export type StoredReview = Omit<CoachReview, keyof SettingGrade>;

/** One grade to store. */
export interface GradeRecord extends SettingGrade {
  readonly roundId: string;
  readonly playerId: string;
  readonly tableId: string;
  readonly houseWay: string;
  readonly commissionBps: number;
  readonly mainBetCents: number;
  readonly setBy: string;
  readonly review: StoredReview;
  readonly gradedAt: number;
}

/** Most grades stored by one statement (13 parameters each: well under SQLite's and PostgreSQL's limits). */
const GRADES_PER_STATEMENT = 500;

/**
 * Stores `grades`, a statement per 500; a second grade of the same round and player is ignored (grading is
 * idempotent).
 * @throws the database's error (the grades of that statement and those after it are not stored)
 */
export async function saveGrades(database: Database, grades: readonly GradeRecord[]): Promise<void> {
  for (let first = 0; first < grades.length; first += GRADES_PER_STATEMENT) {
    await database.db
      .insertInto('round_grades')
      .values(
        grades.slice(first, first + GRADES_PER_STATEMENT).map((grade) => ({
          round_id: grade.roundId,
          player_id: grade.playerId,
          table_id: grade.tableId,
          house_way: grade.houseWay,
          commission_bps: grade.commissionBps,
          main_bet_cents: grade.mainBetCents,
          set_by: grade.setBy,
          played_ev: grade.playedEv,
          best_ev: grade.bestEv,
          house_way_ev: grade.houseWayEv,
          ev_lost: grade.evLost,
          review_json: JSON.stringify(grade.review),
          graded_at: grade.gradedAt,
        })),
      )
      .onConflict((conflict) => conflict.columns(['round_id', 'player_id']).doNothing())
      .execute();
  }
}

/** The grades of `playerId` in `roundIds` (rounds without one are absent: not graded, or not yet). */
export async function gradesOf(database: Database, playerId: string, roundIds: readonly string[]): Promise<Map<string, SettingGrade>> {
  if (roundIds.length === 0) return new Map();
  const rows = await database.db
    .selectFrom('round_grades')
    .select(['round_id', 'played_ev', 'best_ev', 'house_way_ev', 'ev_lost'])
    .where('player_id', '=', playerId)
    .where('round_id', 'in', [...roundIds])
    .execute();
  return new Map(rows.map((row) => [row.round_id, { playedEv: Number(row.played_ev), bestEv: Number(row.best_ev), houseWayEv: Number(row.house_way_ev), evLost: Number(row.ev_lost) }]));
}

/** Below this an EV given up is rounding (floating point), not a worse setting: the setting was optimal. */
export const OPTIMAL_EPSILON = 1e-9;

/**
 * The strategy tax of one player (issue 17 §2), as `GET /api/coach/tax` answers it: see `strategyTax`. Its trend
 * covers the last 2,000 graded hands in blocks of `TREND_BLOCK`, the last block possibly shorter.
 */
export type StrategyTax = StrategyTaxResponse;

/** Hands per point of the strategy tax's trend. */
export const TREND_BLOCK = 25;
/** The most recent graded hands the trend covers. */
const TREND_HANDS = 2_000;

/** The strategy tax of `playerId` over every graded setting (issue 17 §2). */
export async function strategyTax(database: Database, playerId: string): Promise<StrategyTax> {
  const totals = await database.db
    .selectFrom('round_grades')
    .select((eb) => [
      eb.fn.countAll<number>().as('hands'),
      eb.fn.sum<number>('main_bet_cents').as('bets'),
      eb.fn.sum<number>('ev_lost').as('lost'),
      eb.fn.sum<number>(eb('best_ev', '-', eb.ref('house_way_ev'))).as('way_lost'),
      eb.fn.sum<number>(eb.case().when('ev_lost', '<', OPTIMAL_EPSILON).then(1).else(0).end()).as('optimal'),
      eb.fn.sum<number>(eb.case().when(eb('best_ev', '-', eb.ref('house_way_ev')), '<', OPTIMAL_EPSILON).then(1).else(0).end()).as('way_optimal'),
    ])
    .where('player_id', '=', playerId)
    .executeTakeFirstOrThrow();
  const hands = Number(totals.hands);
  const share = (x: unknown): number => (hands === 0 ? 0 : Number(x ?? 0) / hands);
  const averageBetCents = share(totals.bets);
  const evLostPerHand = share(totals.lost);
  const wayLostPerHand = share(totals.way_lost);
  const recent = await database.db
    .selectFrom('round_grades')
    .select(['ev_lost', 'graded_at'])
    .where('player_id', '=', playerId)
    .orderBy('graded_at', 'desc')
    .orderBy('round_id', 'desc')
    .limit(TREND_HANDS)
    .execute();
  recent.reverse();
  const trend: { hands: number; per100Cents: number; until: number }[] = [];
  for (let from = 0; from < recent.length; from += TREND_BLOCK) {
    const block = recent.slice(from, from + TREND_BLOCK);
    const lost = block.reduce((sum, row) => sum + Number(row.ev_lost), 0) / block.length;
    trend.push({ hands: block.length, per100Cents: Math.round(100 * lost * averageBetCents), until: Number(block[block.length - 1].graded_at) });
  }
  return {
    hands,
    averageBetCents: Math.round(averageBetCents),
    evLostPerHand,
    per100Cents: Math.round(100 * evLostPerHand * averageBetCents),
    optimalShare: share(totals.optimal),
    houseWay: { evLostPerHand: wayLostPerHand, per100Cents: Math.round(100 * wayLostPerHand * averageBetCents), optimalShare: share(totals.way_optimal) },
    trend,
  };
}

/** One of the costliest settings (issue 17 §3). */
export interface CostlySetting extends SettingGrade {
  readonly roundId: string;
  readonly tableId: string;
  readonly houseWay: string;
  readonly mainBetCents: number;
  /** `evLost × mainBetCents`, rounded: the EV given up in money. */
  readonly evLostCents: number;
  readonly setBy: string;
  readonly gradedAt: number;
  readonly review: StoredReview;
}

/** The `limit` (default 10) settings of `playerId` that gave up the most money (EV given up × main bet), costliest first. */
export async function costliestSettings(database: Database, playerId: string, limit = 10): Promise<CostlySetting[]> {
  const rows = await database.db
    .selectFrom('round_grades')
    .selectAll()
    .select((eb) => eb('ev_lost', '*', eb.ref('main_bet_cents')).as('lost_money'))
    .where('player_id', '=', playerId)
    .where('ev_lost', '>=', OPTIMAL_EPSILON)
    .orderBy('lost_money', 'desc')
    .orderBy('round_id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    roundId: row.round_id,
    tableId: row.table_id,
    houseWay: row.house_way,
    mainBetCents: Number(row.main_bet_cents),
    playedEv: Number(row.played_ev),
    bestEv: Number(row.best_ev),
    houseWayEv: Number(row.house_way_ev),
    evLost: Number(row.ev_lost),
    evLostCents: Math.round(Number(row.ev_lost) * Number(row.main_bet_cents)),
    setBy: row.set_by,
    gradedAt: Number(row.graded_at),
    review: JSON.parse(row.review_json) as StoredReview,
  }));
}

/** The grade of `playerId` in `roundId` with its review, or `null` when there is none (not yet, or never). */
export async function reviewOf(database: Database, playerId: string, roundId: string): Promise<RoundGradeResponse['review']> {
  const row = await database.db.selectFrom('round_grades').selectAll().where('round_id', '=', roundId).where('player_id', '=', playerId).executeTakeFirst();
  if (row === undefined) return null;
  const review = JSON.parse(row.review_json) as StoredReview;
  return {
    ...review,
    playedEv: Number(row.played_ev),
    bestEv: Number(row.best_ev),
    houseWayEv: Number(row.house_way_ev),
    evLost: Number(row.ev_lost),
    houseWayId: row.house_way,
    mainBetCents: Number(row.main_bet_cents),
  };
}

/** What the HTTP routes read of the coach's grades (`coachReader`). */
export interface CoachReader {
  gradesOf(playerId: string, roundIds: readonly string[]): Promise<Map<string, SettingGrade>>;
  reviewOf(playerId: string, roundId: string): Promise<RoundGradeResponse['review']>;
  strategyTax(playerId: string): Promise<StrategyTax>;
  costliestSettings(playerId: string): Promise<CostlySetting[]>;
}

/** The coach's grades in `database`, for the HTTP routes. */
export function coachReader(database: Database): CoachReader {
  return {
    gradesOf: (playerId, roundIds) => gradesOf(database, playerId, roundIds),
    reviewOf: (playerId, roundId) => reviewOf(database, playerId, roundId),
    strategyTax: (playerId) => strategyTax(database, playerId),
    costliestSettings: (playerId) => costliestSettings(database, playerId),
  };
}
