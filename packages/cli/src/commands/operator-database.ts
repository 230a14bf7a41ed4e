/**
 * The database an operator's command reads (`paigow audit`, `paigow rounds --open`): the one `paigow serve`
 * would use, from `--database-url` / `--data-dir` or `DATABASE_URL` / `PAIGOW_DATA_DIR` (default `./data`).
 */
import type { Command } from 'commander';
import type { OperatorDatabase } from '@paigow/server';
import { chooseDatabase } from '../database-choice.js';
import { UsageError } from '../io.js';

/** The options the operators' commands share. */
export interface DatabaseFlags {
  dataDir?: string;
  databaseUrl?: string;
  json?: boolean;
}

/** Adds `--data-dir`, `--database-url` and `--json` to `command`. */
export function withDatabaseFlags(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'folder of the SQLite database, SQLite even if $DATABASE_URL is set (default: $PAIGOW_DATA_DIR or ./data)')
    .option('--database-url <url>', 'PostgreSQL URL instead of SQLite (default: $DATABASE_URL)');
}

/**
 * Opens the configured database (without creating or migrating it), runs `work` on it, closes it.
 * @throws UsageError (exit status 2) when there is no database there, it cannot be reached, or it holds no ledger, or
 *   `DATABASE_URL` or `PAIGOW_DATA_DIR` is set but empty
 */
export async function onOperatorDatabase<T>(
  flags: DatabaseFlags,
  work: (database: OperatorDatabase, where: string) => Promise<T>,
): Promise<T> {
  // Loaded here so that the other commands never load the server.
  const { openOperatorDatabase, OperatorDatabaseError, settingText } = await import('@paigow/server');
  // Read as `paigow serve` reads them: set but empty is refused (it meant SQLite under ./data).
  let env: { databaseUrl?: string; dataDir?: string };
  try {
    env = { databaseUrl: settingText(process.env, 'DATABASE_URL'), dataDir: settingText(process.env, 'PAIGOW_DATA_DIR') };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { databaseUrl, dataDir = './data' } = chooseDatabase(flags, env);
  let opened;
  try {
    opened = await openOperatorDatabase({ databaseUrl, dataDir });
  } catch (error) {
    if (error instanceof OperatorDatabaseError) throw new UsageError(error.message);
    throw error;
  }
  try {
    return await work(opened.database, opened.where);
  } finally {
    await opened.database.db.destroy();
  }
}
