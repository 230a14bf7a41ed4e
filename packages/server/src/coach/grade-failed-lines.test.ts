/**
 * A tester's finding: during a database outage `grade-failed` lines were about 55% of the log, one per setting the
 * coach could not store. They are throttled as the other repeated lines are (log/throttle.ts): one line per kind of
 * failure, then one every `LOG_REPEAT_MS` counting in `repeated` the failures not written in between.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoundRules } from '@paigow/engine';
import { LOG_REPEAT_MS, type ProblemFields } from '../log/index.js';
import { createDatabase, type Database } from '../storage/database.js';
import { madeUpAnalyses, settledRound } from '../testing/coach-rounds.js';
import { DatabaseFault } from '../storage/faults.js';
import { migrateToLatest } from '../storage/migrations.js';
import { Coach } from './coach.js';
import type { ExactScores } from './grade-pool.js';

/** A database that is away: every statement fails on a lost connection. */
class Outage implements KyselyPlugin {
  transformQuery(_args: PluginTransformQueryArgs): RootOperationNode {
    throw new DatabaseFault('connection-lost', new Error('Connection terminated unexpectedly'));
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** Made-up scores (the lines are under test, not the analysis); or, once `failing.analysis`, a worker's failure. */
const failing = { analysis: false };
const scores: ExactScores = {
  scores: (cards) =>
    failing.analysis
      ? Promise.reject(new Error('a worker failed'))
      : madeUpAnalyses(cards),
};

const RULES = { commissionBps: 500, houseWay: 'seeds' } as unknown as RoundRules;

describe('grade-failed lines', () => {
  let database: Database | undefined;
  afterEach(async () => {
    failing.analysis = false;
    await database?.db.destroy();
    database = undefined;
  });

  it('writes one line per kind of failure, then one per interval counting the others', async () => {
    const plain = createDatabase({ sqlitePath: ':memory:' });
    database = plain;
    await migrateToLatest(plain);
    let nowMs = 1_000_000;
    const lines: ProblemFields[] = [];
    const coach = new Coach({ database: { ...plain, db: plain.db.withPlugin(new Outage()) }, scores, now: () => nowMs, log: (_message, _detail, fields) => lines.push(fields!) });

    for (const roundId of ['r1', 'r2', 'r3']) coach.roundSettled(settledRound(roundId, 6, 'player'), RULES);
    await coach.settled();
    expect(lines).toEqual([expect.objectContaining({ event: 'grade-failed', roundId: 'r1' })]);
    expect(lines[0]).not.toHaveProperty('repeated');

    nowMs += LOG_REPEAT_MS - 1;
    coach.roundSettled(settledRound('r4', 2, 'player'), RULES);
    await coach.settled();
    expect(lines).toHaveLength(1);

    nowMs += 1;
    coach.roundSettled(settledRound('r5', 1, 'player'), RULES);
    await coach.settled();
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ event: 'grade-failed', roundId: 'r5', repeated: 17 + 2 });

    // Another kind of failure (here the analysis) is not hidden behind the outage's lines.
    failing.analysis = true;
    coach.roundSettled(settledRound('r6', 3, 'player'), RULES);
    await coach.settled();
    expect(lines.slice(2)).toEqual([expect.objectContaining({ event: 'grade-failed', roundId: 'r6' })]);
  });
});
