/**
 * Migrations on a PostgreSQL database shared with other schemas: Kysely's introspector, which the migrator
 * asks whether its tables exist, reads every schema of the database and fails with "schema … does not exist"
 * (SQLSTATE 3F000) when another schema is dropped at that moment (another deployment's, a parallel test's: it
 * failed a CI run). A migration is not failed by a schema that is not its own.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrations.js';

const databaseUrl = process.env.DATABASE_URL || undefined;
const schemaName = (): string => `paigow_test_${randomBytes(6).toString('hex')}`;

describe.skipIf(databaseUrl === undefined)('migrations on postgres', () => {
  it('are not failed by another schema dropped while they look for their tables', async () => {
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    let churning = true;
    // Another schema with tables, created and dropped over and over while the migrations run.
    const churn = (async () => {
      while (churning) {
        const name = schemaName();
        await other.query(`create schema ${name}; create table ${name}.a (id serial primary key, b text); create table ${name}.c (id serial primary key, d text)`);
        await other.query(`drop schema ${name} cascade`);
      }
    })();
    const schemas: string[] = [];
    try {
      for (let attempt = 0; attempt < 15; attempt++) {
        const schema = schemaName();
        schemas.push(schema);
        const database = createDatabase({ databaseUrl: databaseUrl!, schema, maxConnections: 2 });
        try {
          expect((await migrateToLatest(database)).length).toBeGreaterThan(0);
        } finally {
          await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
          await database.db.destroy();
        }
      }
    } finally {
      churning = false;
      await churn;
      await other.end();
    }
  }, 120_000);
});
