/**
 * On PostgreSQL each connection runs the queries as named prepared statements (`prepareStatements`): a text is
 * parsed and planned once per connection. A text with `*` is not prepared (a column added by a migration would
 * make PostgreSQL refuse it), nor one without parameters.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from './database.js';
import { migrateToLatest } from './migrations.js';
import { POSTGRES_SKIPPED_NOTICE } from '../testing/backends.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
if (databaseUrl === undefined) console.warn(POSTGRES_SKIPPED_NOTICE);

describe.skipIf(databaseUrl === undefined)('prepared statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    // One connection: the session whose prepared statements `pg_prepared_statements` lists is the one queried.
    database = createDatabase({ databaseUrl: databaseUrl!, schema: `paigow_test_${randomBytes(6).toString('hex')}`, maxConnections: 1 });
    await migrateToLatest(database);
  });
  afterAll(async () => {
    await database.db.schema.dropSchema(database.schema!).ifExists().cascade().execute();
    await database.db.destroy();
  });

  const preparedTexts = async (): Promise<string[]> =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db)).rows.map((row) => row.statement);

  it('prepares a parameterised query once and runs it again from the prepared statement', async () => {
    for (let i = 0; i < 3; i++) await database.db.selectFrom('players').select(['id', 'nickname']).where('id', '=', `nobody-${i}`).execute();
    const texts = (await preparedTexts()).filter((text) => text.includes('from "players"'));
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain('select "id", "nickname" from "players" where "id" = $1');
  });

  it('leaves a SELECT * and a query without parameters unprepared', async () => {
    await database.db.selectFrom('accounts').selectAll().where('id', '=', 'nothing').execute();
    await sql`select 1 as one`.execute(database.db);
    const texts = await preparedTexts();
    expect(texts.some((text) => text.includes('from "accounts"'))).toBe(false);
    expect(texts.some((text) => text.includes('select 1 as one'))).toBe(false);
  });
});
