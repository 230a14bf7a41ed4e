/**
 * The database an operator's command reads (`paigow audit`, `paigow rounds --open`; docs/operations.md):
 * the one `paigow serve` would use (`DATABASE_URL`, else `paigow.sqlite` in `PAIGOW_DATA_DIR`), opened
 * without creating or migrating anything.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createDatabase, type Database } from '../storage/index.js';
import { checkDatabaseUrl } from '../storage/database-url.js';
import { redactUrl } from '../settings/urls.js';

/** The database cannot be used: not found, unreachable, or not a paigow database. `message` is one line. */
export class OperatorDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorDatabaseError';
  }
}

/** An open database, as operators' commands get it (close it with `db.destroy()`). */
export type OperatorDatabase = Database;

/** Where the data is: a PostgreSQL URL (and schema), else the SQLite file of a data folder. */
export interface OperatorDatabaseOptions {
  readonly databaseUrl?: string;
  readonly databaseSchema?: string;
  /** Folder of `paigow.sqlite` (default `./data`); unused with `databaseUrl`. */
  readonly dataDir?: string;
}

function firstLine(error: unknown): string {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message.split('\n')[0] : String(error);
  return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
}

/**
 * Opens the configured database for reading by an operator's command, and checks it holds the
 * ledger (`rounds`, `accounts`). Close it with `database.db.destroy()`.
 * @returns the database and `where` (the file path, or the URL without its password)
 * @throws OperatorDatabaseError `the database URL must be a postgres:// URL …` (another scheme or no URL), `no database file at <path>`, `cannot reach the database at <url> (…)`,
 *   `<where> holds no paigow ledger (…)`
 */
export async function openOperatorDatabase(options: OperatorDatabaseOptions): Promise<{ database: Database; where: string }> {
  let database: Database;
  let where: string;
  if (options.databaseUrl) {
    where = redactUrl(options.databaseUrl);
    try {
      checkDatabaseUrl(options.databaseUrl);
    } catch (error) {
      throw new OperatorDatabaseError(`the database URL ${(error as Error).message}`);
    }
    try {
      database = createDatabase({ databaseUrl: options.databaseUrl, schema: options.databaseSchema, maxConnections: 2 });
      await sql`select 1`.execute(database.db);
    } catch (error) {
      throw new OperatorDatabaseError(`cannot reach the database at ${where} (${firstLine(error)})`);
    }
  } else {
    where = join(options.dataDir ?? './data', 'paigow.sqlite');
    if (!existsSync(where)) throw new OperatorDatabaseError(`no database file at ${where} (set PAIGOW_DATA_DIR or DATABASE_URL, or --data-dir / --database-url)`);
    try {
      database = createDatabase({ sqlitePath: where });
    } catch (error) {
      throw new OperatorDatabaseError(`cannot open the database file ${where} (${firstLine(error)})`);
    }
  }
  try {
    await database.db.selectFrom('rounds').select('id').limit(1).execute();
    await database.db.selectFrom('accounts').select('id').limit(1).execute();
  } catch (error) {
    await database.db.destroy().catch(() => undefined);
    throw new OperatorDatabaseError(`${where} holds no paigow ledger (${firstLine(error)})`);
  }
  return { database, where };
}
