/**
 * The databases the storage contract tests run on (test support; not used by the server):
 * SQLite `:memory:` always, PostgreSQL when `DATABASE_URL` is set. Each `open()` gives a fresh,
 * migrated database: a new in-memory SQLite, or a new PostgreSQL schema dropped by `close()`.
 *
 * Use it so that a missing PostgreSQL shows up as skipped rather than vanishing:
 *
 *     for (const backend of TEST_BACKENDS) {
 *       describe.skipIf(!backend.enabled)(backend.title, () => { ... });
 *     }
 */
import { randomBytes } from 'node:crypto';
import { unwrap } from '@paigow/engine';
import { createLedger, type Ledger } from '../ledger/index.js';
import { createPlayers } from '../players/players.js';
import { createDatabase, type Database, type DialectName } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrations.js';

export interface TestBackend {
  readonly name: DialectName;
  readonly title: string;
  /** False when the backend cannot run here (PostgreSQL without `DATABASE_URL`). */
  readonly enabled: boolean;
  open(): Promise<Database>;
  close(database: Database): Promise<void>;
}

/** The line printed when the PostgreSQL variant is skipped. */
export const POSTGRES_SKIPPED_NOTICE = 'PostgreSQL storage tests did not run: DATABASE_URL is not set';

const databaseUrl = process.env.DATABASE_URL || undefined;

const sqlite: TestBackend = {
  name: 'sqlite',
  title: 'sqlite :memory:',
  enabled: true,
  async open() {
    const database = createDatabase({ sqlitePath: ':memory:' });
    await migrateToLatest(database);
    return database;
  },
  close: (database) => database.db.destroy(),
};

const postgres: TestBackend = {
  name: 'postgres',
  title: databaseUrl === undefined ? 'postgres (set DATABASE_URL to run)' : 'postgres',
  enabled: databaseUrl !== undefined,
  async open() {
    const schema = `paigow_test_${randomBytes(6).toString('hex')}`;
    const database = createDatabase({ databaseUrl: databaseUrl!, schema, maxConnections: 8 });
    await migrateToLatest(database);
    return database;
  },
  async close(database) {
    await database.db.schema.dropSchema(database.schema!).ifExists().cascade().execute();
    await database.db.destroy();
  },
};

export const TEST_BACKENDS: readonly TestBackend[] = [sqlite, postgres];

/** A fresh database with its ledger and guests (`openLedger`). */
export interface OpenLedger {
  readonly database: Database;
  readonly ledger: Ledger;
  /** The guests' player ids, in the order of the nicknames; each wallet holds the guest grant (1,000.00). */
  readonly guests: string[];
}

/**
 * Opens a fresh database of `backend` (close it with `backend.close(database)`), its ledger, and one guest per
 * nickname, created in order (`createGuest`; throws if one is refused).
 */
export async function openLedger(backend: TestBackend, ...nicknames: string[]): Promise<OpenLedger> {
  const database = await backend.open();
  const players = createPlayers(database);
  const guests: string[] = [];
  for (const nickname of nicknames) guests.push(unwrap(await players.createGuest(nickname)).player.id);
  return { database, ledger: createLedger(database), guests };
}

/**
 * A ledger on `database` that counts the statements it runs, only those of kind `kind` when given (Kysely's node
 * kind, e.g. `'SelectQueryNode'`, `'UpdateQueryNode'`): `statements()` is how many so far. For tests of statements
 * merged or batched.
 */
export function countingLedger(database: Database, kind?: string): { readonly ledger: Ledger; statements(): number } {
  let count = 0;
  const db = database.db.withPlugin({
    transformQuery: (args) => {
      if (kind === undefined || args.node.kind === kind) count += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { ledger: createLedger({ ...database, db }), statements: () => count };
}
