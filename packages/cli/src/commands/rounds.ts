/**
 * `paigow rounds --open [--json] [--data-dir DIR | --database-url URL]` (docs/operations.md "Open
 * rounds"): the rounds open in the configured database, oldest first, with their owner (server instance)
 * and its state (alive, expired, stopped, unknown, none; judged by `PAIGOW_LEASE_MS`, default 15 s), their
 * phase from the saved record (deciding: a hand not set before its deadline; settling: every hand set or past its
 * deadline, the settlement not recorded yet, e.g. retried after a database fault; unknown: an unreadable record)
 * with the hands set in it, the stakes held and their age.
 *
 * Exit status: 0; 2 when the database cannot be opened or the lease setting is malformed.
 */
import type { Command } from 'commander';
import { formatTable, printJson, printText, UsageError } from '../io.js';
import { formatCents } from './audit.js';
import { onOperatorDatabase, withDatabaseFlags, type DatabaseFlags } from './operator-database.js';

/** A duration in ms as `42 s`, `3 min 5 s`, `2 h 4 min`. */
function formatAge(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Registers `paigow rounds` on the program. */
export function registerRounds(program: Command): void {
  withDatabaseFlags(
    program
      .command('rounds')
      .description('list the rounds open in the server\'s database, with owner, phase and age')
      // Required, and the help says so (commander's help does not mark a required option): `--open` names the one listing there is.
      .usage('--open [options]')
      .requiredOption('--open', 'required: the rounds still open (dealt, not settled or refunded)')
      .option('--json', 'print one JSON document: {"database", "nowMs", "leaseMs", "rounds": [{"roundId", "tableId", "ownerInstanceId", "ownerState", "phase", "handsSet", "hands", "heldCents", "openedAtMs", "ageMs"}]}'),
  ).action(async (flags: DatabaseFlags & { open: true }) => {
    const { DEFAULT_LEASE, leaseFromEnv, openRoundSummaries } = await import('@paigow/server');
    let leaseMs: number;
    try {
      leaseMs = leaseFromEnv(process.env)?.leaseMs ?? DEFAULT_LEASE.leaseMs;
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const nowMs = Date.now();
    const { rounds, where } = await onOperatorDatabase(flags, async (database, at) => ({ rounds: await openRoundSummaries(database, nowMs, leaseMs), where: at }));
    if (flags.json === true) {
      printJson({ database: where, nowMs, leaseMs, rounds });
      return;
    }
    if (rounds.length === 0) {
      printText(`no open rounds in ${where}`);
      return;
    }
    const rows = rounds.map((round) => [
      round.roundId,
      round.tableId,
      round.ownerInstanceId === null ? '-' : round.ownerInstanceId.slice(0, 8),
      round.ownerState,
      round.phase === 'unknown' ? 'unknown' : `${round.phase} (${round.handsSet}/${round.hands} set)`,
      formatCents(round.heldCents),
      formatAge(round.ageMs),
    ]);
    printText(`${rounds.length} open round${rounds.length === 1 ? '' : 's'} in ${where}\n${formatTable(['round', 'table', 'owner', 'owner state', 'phase', 'held', 'age'], rows, ['left', 'left', 'left', 'left', 'left', 'right', 'right'])}`);
  });
}
