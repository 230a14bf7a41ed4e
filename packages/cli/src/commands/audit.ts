/**
 * `paigow audit [--json] [--data-dir DIR | --database-url URL]` (docs/operations.md "Audit"): checks the
 * ledger's invariants on the configured database (the one `paigow serve` uses): the balances sum to zero,
 * the entries chain, no wallet is negative, escrow equals the open rounds' holds, every settled or
 * refunded round was posted once.
 *
 * Exit status: 0 when every invariant holds; 1 when one does not (each problem on its own line, or in
 * `problems` with `--json`); 2 when the database cannot be opened (one line on stderr).
 */
import type { Command } from 'commander';
import { printJson, printText } from '../io.js';
import { onOperatorDatabase, withDatabaseFlags, type DatabaseFlags } from './operator-database.js';

/** Exit status when the ledger breaks an invariant. */
export const EXIT_AUDIT_FAILED = 1;

/** Cents as `1,234.56`. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Registers `paigow audit` on the program. */
export function registerAudit(program: Command): void {
  withDatabaseFlags(
    program
      .command('audit')
      .description("check the ledger's invariants on the server's database (exit status 1 on a problem)")
      .option('--json', 'print one JSON document: {"ok", "database", "problems", "invariants", "accounts", "transfers", "openRounds", "escrowCents"}'),
  ).action(async (flags: DatabaseFlags) => {
    const { auditLedger } = await import('@paigow/server');
    const { report, where } = await onOperatorDatabase(flags, async (database, at) => ({ report: await auditLedger(database), where: at }));
    if (flags.json === true) {
      printJson({ database: where, ...report });
    } else {
      const figures = `${report.accounts} accounts, ${report.transfers} transfers, ${report.openRounds} open round${report.openRounds === 1 ? '' : 's'}, escrow ${formatCents(report.escrowCents)}`;
      if (report.ok) printText(`ledger audit of ${where}: OK (${figures})\n${report.invariants.map((line) => `  ✓ ${line}`).join('\n')}`);
      else printText(`ledger audit of ${where}: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} (${figures})\n${report.problems.map((line) => `  ✗ ${line}`).join('\n')}`);
    }
    if (!report.ok) process.exitCode = EXIT_AUDIT_FAILED;
  });
}
