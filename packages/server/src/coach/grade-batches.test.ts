/**
 * Grading adds next to nothing to the main thread's database work (issue 17: no latency added to rounds):
 * the coach stores the grades of the hands graded within `GRADE_BATCH_MS` by one statement, not one each; and a
 * hand the full grade queue refused is counted (`paigow_grades_total{outcome="skipped"}`), not logged.
 */
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { RoundRules } from '@paigow/engine';
import { createDatabase, type Database } from '../storage/database.js';
import { madeUpAnalyses, settledRound } from '../testing/coach-rounds.js';
import { migrateToLatest } from '../storage/migrations.js';
import { Coach, GRADE_BATCH_MS } from './coach.js';
import { GradePool, GradeQueueFull, type ExactScores } from './grade-pool.js';
import { gradesCounted } from '../metrics/index.js';

/** Counts the statements that insert into `round_grades`. */
class GradeInserts implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (node.kind === 'InsertQueryNode' && node.into?.table.identifier.name === 'round_grades') this.count += 1;
    return node;
  }
  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** Made-up scores (the batching is under test, not the analysis): setting k has EV −k/100. */
const scores: ExactScores = {
  scores: (cards) => madeUpAnalyses(cards),
};

describe('the coach stores grades in batches', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.db.destroy();
    database = undefined;
  });

  it(`stores the grades of two rounds settled within ${GRADE_BATCH_MS} ms by one statement`, async () => {
    const plain = createDatabase({ sqlitePath: ':memory:' });
    database = plain;
    await migrateToLatest(plain);
    // The grades name rounds and players this test does not make.
    await sql`pragma foreign_keys = off`.execute(plain.db);
    const inserts = new GradeInserts();
    const coach = new Coach({ database: { ...plain, db: plain.db.withPlugin(inserts) }, scores });
    const rules = { commissionBps: 500, houseWay: 'seeds' } as unknown as RoundRules;

    coach.roundSettled(settledRound('r1', 6, 'house-way'), rules);
    coach.roundSettled(settledRound('r2', 6, 'house-way'), rules);
    await coach.settled();

    expect(inserts.count).toBe(1);
    const stored = await plain.db.selectFrom('round_grades').select(['round_id', 'player_id']).execute();
    expect(stored).toHaveLength(12);
  });

  // Neither is a fault: a full queue is the load's doing; a closed pool is a server stopping (a drain's last rounds).
  const refusers: readonly { readonly what: string; readonly scores: () => Promise<ExactScores> }[] = [
    { what: 'a hand refused by a full grade queue', scores: async () => ({ scores: () => Promise.reject(new GradeQueueFull(5_000)) }) },
    {
      what: 'the hands of rounds settled after the grade pool closed (a drain)',
      scores: async () => {
        const pool = new GradePool({ background: false });
        await pool.close();
        return pool;
      },
    },
  ];
  for (const { what, scores: refuser } of refusers) {
    it(`counts ${what} as skipped, and logs nothing`, async () => {
      const plain = createDatabase({ sqlitePath: ':memory:' });
      database = plain;
      await migrateToLatest(plain);
      const skipped = async (): Promise<number> => (await gradesCounted.get()).values.find((v) => v.labels.outcome === 'skipped')?.value ?? 0;
      const before = await skipped();
      const logged: string[] = [];
      const coach = new Coach({ database: plain, scores: await refuser(), log: (message) => logged.push(message) });
      coach.roundSettled(settledRound('r3', 3, 'house-way'), { commissionBps: 500, houseWay: 'seeds' } as unknown as RoundRules);
      await coach.settled();
      expect(await skipped()).toBe(before + 3);
      expect(logged).toEqual([]);
    });
  }
});
