/**
 * The coach at the tables (issue 17; docs/server.md "The coach"): once a round is settled, each setting a
 * player made (by hand, with House Way or after a Hint; not one the table made at a timeout or a
 * disconnection) is graded by its exact EV against the best setting and the house way's, and the grade is
 * stored (`round_grades`). The analysis runs in the grade pool's worker threads; the table only hands the
 * settled round over and never waits. Grades are stored in batches (`GRADE_BATCH_MS`): one statement for
 * all the hands graded meanwhile, so that grading adds next to nothing to the main thread's database work.
 */
import { cardTexts, DEFAULT_HOUSE_WAY, gradeSetting, houseWays, parseCards, parseHand, type Result, type HouseWayId, type ReviewedSetting, type RoundResult, type RoundRules, type SeatResult } from '@paigow/engine';
import type { Database } from '../storage/database.js';
import { PoolClosed } from '../workers/pool.js';
import { GradeQueueFull, type ExactScores } from './grade-pool.js';
import { gradesCounted } from '../metrics/index.js';
import { StatementBatch } from '../storage/statement-batch.js';
import { saveGrades, type GradeRecord, type StoredSetting } from './grades.js';
import { LineThrottles, LOG_REPEAT_MS, type ProblemLog } from '../log/index.js';
import { faultKindOf } from '../storage/faults.js';

/** What a table runner tells the coach (`TableRunner` option `coach`). */
export interface RoundGrader {
  /**
   * A round was settled in the ledger: grade its players' settings in the background. Returns at once.
   * @param result the settled round
   * @param rules the money rules and house way it was dealt with
   */
  roundSettled(result: RoundResult, rules: RoundRules): void;
}

/** Options of a `Coach`. */
export interface CoachOptions {
  readonly database: Database;
  readonly scores: ExactScores;
  /** The clock in epoch ms (default `Date.now`). */
  readonly now?: () => number;
  /**
   * Where a grade that could not be computed or stored is reported: one `grade-failed` line per kind of failure
   * every `LOG_REPEAT_MS`, the next counting in `repeated` those not written in between (a database outage fails
   * every grade: its lines were more than half the log).
   */
  readonly log?: ProblemLog;
}

const stored = (s: ReviewedSetting): StoredSetting => ({ high: cardTexts(s.high), low: cardTexts(s.low), legal: s.legal, win: s.win, push: s.push, loss: s.loss, ev: s.ev });

/** The cards of card texts the engine wrote itself (a settled round): a seven-card hand, or a low hand of two. */
function parsed<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`a settled round holds bad cards: ${result.error.message}`);
  return result.value;
}

/**
 * How long a grade may wait to be stored with others, ms: a player's client asks for its grade from 0.3 s
 * after the round (docs/server.md "The coach"), and at the benchmark's load a batch holds a few hundred.
 */
export const GRADE_BATCH_MS = 250;

/** Grades settled rounds in the background. */
export class Coach implements RoundGrader {
  private readonly inFlight = new Set<Promise<void>>();
  /** Grades waiting to be stored with others. */
  private readonly grades: StatementBatch<GradeRecord>;
  /** The `grade-failed` lines' throttles, by kind of failure: the database's fault kind, or `other`. */
  private readonly failureLines: LineThrottles;

  constructor(private readonly options: CoachOptions) {
    this.failureLines = new LineThrottles(LOG_REPEAT_MS, options.now);
    this.grades = new StatementBatch(GRADE_BATCH_MS, (records) => saveGrades(options.database, records));
  }

  /** See `RoundGrader.roundSettled`. */
  roundSettled(result: RoundResult, rules: RoundRules): void {
    const houseWay = rules.houseWay ?? DEFAULT_HOUSE_WAY;
    // As the Hint has it (`hintHand`): the commission is the table's when the house banks, none against a player banker.
    const commissionBps = result.banker.kind === 'house' ? rules.commissionBps : 0;
    for (const seat of result.players) {
      if (seat.setBy !== 'player' && seat.setBy !== 'house-way') continue;
      const job = this.grade(result, seat, commissionBps, houseWay).then(
        () => gradesCounted.inc({ outcome: 'stored' }),
        (error: unknown) => {
          // A full queue is the load's doing, counted, not logged: under a long overload it would be a line a hand.
          // A closed pool is a server stopping (a drain lets the last rounds settle after the pool closed).
          if (error instanceof GradeQueueFull || error instanceof PoolClosed) {
            gradesCounted.inc({ outcome: 'skipped' });
            return;
          }
          gradesCounted.inc({ outcome: 'failed' });
          this.gradeFailed(result.roundId, seat.playerId, error);
        },
      );
      this.inFlight.add(job);
      void job.finally(() => this.inFlight.delete(job));
    }
  }

  /** Resolves once every grade asked for so far is stored or given up (for tests and a clean shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Writes a `grade-failed` line, unless one of the same kind of failure was written in the last `LOG_REPEAT_MS`. */
  private gradeFailed(roundId: string, playerId: string, error: unknown): void {
    this.failureLines.offer(faultKindOf(error) ?? 'other', (repeated) =>
      this.options.log?.(`the setting of ${playerId} in round ${roundId} was not graded`, error, { event: 'grade-failed', playerId, roundId, ...(repeated > 0 ? { repeated } : {}) }),
    );
  }

  private async grade(result: RoundResult, seat: SeatResult, commissionBps: number, houseWay: HouseWayId): Promise<void> {
    const hand = parsed(parseHand(seat.cards));
    const scored = await this.options.scores.scores(hand, commissionBps, houseWay, 'background', seat.playerId);
    const review = gradeSetting(hand, parsed(parseCards(seat.setting.low, 2)), scored, houseWays[houseWay]);
    await this.grades.add({
      roundId: result.roundId,
      playerId: seat.playerId,
      tableId: result.tableId,
      houseWay,
      commissionBps,
      mainBetCents: seat.bets.main,
      setBy: seat.setBy,
      playedEv: review.playedEv,
      bestEv: review.bestEv,
      houseWayEv: review.houseWayEv,
      evLost: review.evLost,
      review: { cards: seat.cards, played: stored(review.played), best: stored(review.best), houseWay: { ...stored(review.houseWay), rule: review.houseWay.rule } },
      gradedAt: (this.options.now ?? Date.now)(),
    });
  }
}
