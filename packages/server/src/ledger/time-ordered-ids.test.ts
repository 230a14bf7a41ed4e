/**
 * Round ids and transfer ids are time-ordered UUIDs (version 7): rows keyed by them go to the end of their
 * indexes, so a commit writes a few pages instead of one per row (docs/server.md "The ledger's accounts").
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { unwrap } from '@paigow/engine';
import { RoundSeeds } from '../fairness/round-seeds.js';
import type { Database } from '../storage/database.js';
import { openLedger, TEST_BACKENDS } from '../testing/backends.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sqlite = TEST_BACKENDS.find((backend) => backend.name === 'sqlite')!;

describe('time-ordered ids', () => {
  let database: Database | undefined;
  afterEach(async () => {
    if (database !== undefined) await sqlite.close(database);
    database = undefined;
  });

  it('gives rounds ids of UUID version 7, later rounds larger', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const seeds = new RoundSeeds();
      ids.push(seeds.nextRound!.roundId);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
  });

  it('gives transfers ids of UUID version 7, in the order they are written', async () => {
    const opened = await openLedger(sqlite, 'alice', 'bob');
    database = opened.database;
    const [alice, bob] = opened.guests;
    for (let i = 0; i < 3; i++) {
      unwrap(
        await opened.ledger.openRound({
          roundId: `r${i}`,
          tableId: 'table-1',
          bankerPlayerId: null,
          holds: [
            { playerId: alice, kind: 'main', amountCents: 100 },
            { playerId: bob, kind: 'main', amountCents: 100 },
          ],
          secret: {},
          public: {},
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const rows = (await sql<{ id: string }>`select id from transfers where round_id is not null order by rowid`.execute(opened.database.db)).rows.map((row) => row.id);
    expect(rows).toHaveLength(6);
    for (const id of rows) expect(id).toMatch(UUID_V7);
    // Ids made within one millisecond may be in either order; across the rounds (2 ms apart) they grow.
    expect(rows[0] < rows[2] && rows[2] < rows[4]).toBe(true);
  });
});
