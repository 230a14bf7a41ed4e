/**
 * The reads of tables that grow with play find their rows through an index, on SQLite and PostgreSQL
 * (migration 0012): the inbox prune's statements (hourly) and the escrow gauge's (every scrape, `paigow audit`).
 * Each read every row of its table: on SQLite, whose statements run on the main thread, a stall of every table
 * that grew with the table (a million events: 240 ms for the events never acknowledged, at every prune).
 * The statements are the code's own, recorded as they run; their plans are asked of the database (PostgreSQL with
 * sequential scans disfavoured, since a test's tables are too small for any index to be worth it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CompiledQuery, createQueryId, sql, type RootOperationNode } from 'kysely';
import { pruneEvents } from '../ledger/player-events.js';
import { escrowBalanceCents } from '../operations/open-rounds.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';
import type { Database } from './database.js';

for (const backend of TEST_BACKENDS) {
  describe.skipIf(!backend.enabled)(`reads of growing tables on ${backend.title}`, () => {
    let database: Database;

    beforeEach(async () => {
      ({ database } = await openLedger(backend, 'Ann'));
    });
    afterEach(async () => {
      await backend.close(database);
    });

    /** The statements `run` sends, compiled (text and parameters). */
    async function statementsOf(run: (db: Database) => Promise<unknown>): Promise<CompiledQuery[]> {
      const compiled: CompiledQuery[] = [];
      const recording = database.db.withPlugin({
        transformQuery: (args) => {
          compiled.push(database.db.getExecutor().compileQuery(args.node as RootOperationNode, createQueryId()));
          return args.node;
        },
        transformResult: async (args) => args.result,
      });
      await run({ ...database, db: recording });
      return compiled;
    }

    /** The database's plan of `statement`, as text. */
    async function planOf(statement: CompiledQuery): Promise<string> {
      if (database.dialect === 'sqlite') {
        const rows = await database.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]));
        return rows.rows.map((row) => row.detail).join('\n');
      }
      return database.db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        try {
          const rows = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]));
          return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(connection);
        }
      });
    }

    it('the inbox prune finds the events past their retention through its indexes', async () => {
      const deletes = await statementsOf((db) => pruneEvents(db.db, Date.now(), Date.now()));
      expect(deletes).toHaveLength(2);
      expect(await planOf(deletes[0])).toContain('player_events_acked_idx');
      expect(await planOf(deletes[1])).toContain('player_events_unacked_idx');
    });

    it('the escrow gauge reads the escrow accounts, not every wallet', async () => {
      const [read] = await statementsOf((db) => escrowBalanceCents(db.db));
      expect(await planOf(read)).toContain('accounts_kind_idx');
    });
  });
}
