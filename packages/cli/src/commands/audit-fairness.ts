/**
 * `paigow audit-fairness [--limit N] [--json] [--data-dir DIR | --database-url URL]` (issue 15): compares
 * the frequencies of the rounds dealt on the configured database (the one `paigow serve` uses) with the
 * exact ones: the banker's seven-card category against reference/seven-card.json, the Fortune line of every
 * hand against reference/fortune.json, win / push / loss of one house-way wager per round against the
 * exact shares of its house way; Pearson's chi-square p-value for each (the server's `auditDatabase`).
 *
 * Exit status: 0 when no test flags the deal; 1 when a p-value is below 0.001 (a biased shuffle shows);
 * 2 for bad input (a bad --limit, a database that cannot be opened).
 */
import type { Command } from 'commander';
import { formatCount, formatTable, integerOption, printJson, printText } from '../io.js';
import { onOperatorDatabase, withDatabaseFlags, type DatabaseFlags } from './operator-database.js';

/** Exit status when a test flags the deal. */
export const EXIT_FAIRNESS_FLAGGED = 1;

/** What each test of the audit counts (the server sends the test's id only). */
const TEST_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'banker-category': "the banker's best five of seven cards, against reference/seven-card.json",
  'fortune-line': 'the Fortune line of every hand dealt, against reference/fortune.json',
  outcome: "win / push / loss of one house-way wager per round, against the exact shares of the round's house way",
};

/** A p-value for people: 4 significant digits, or `< 1e-12`. */
function formatPValue(p: number | null): string {
  if (p === null) return 'n/a';
  return p < 1e-12 ? '< 1e-12' : p < 0.001 ? p.toExponential(2) : p.toPrecision(4);
}

/** Registers `paigow audit-fairness` on the program. */
export function registerAuditFairness(program: Command): void {
  withDatabaseFlags(
    program
      .command('audit-fairness')
      .description("compare the dealt rounds' frequencies with the exact ones (chi-square; exit status 1 when a test flags the deal)")
      .option('--limit <rounds>', 'audit the newest N closed rounds (default: all)', integerOption('--limit', 1))
      .option('--json', 'print one JSON document: {"database", "rounds", "threshold", "flagged", "tests"}'),
  ).action(async (flags: DatabaseFlags & { limit?: number }) => {
    const { auditDatabase } = await import('@paigow/server');
    const { report, where } = await onOperatorDatabase(flags, async (database, at) => ({ report: await auditDatabase(database, flags.limit), where: at }));
    if (flags.json === true) {
      printJson({ database: where, ...report });
    } else {
      const lines = [`fairness audit of ${where}: ${formatCount(report.rounds)} closed rounds dealt from seeds`];
      for (const test of report.tests) {
        const verdict = test.pValue === null ? 'too few hands to test' : `chi-square ${test.statistic!.toFixed(2)}, ${test.degreesOfFreedom} df, p = ${formatPValue(test.pValue)}${test.flagged ? '  FLAGGED' : ''}`;
        lines.push('', `${test.name}: ${TEST_DESCRIPTIONS[test.name] ?? test.name}`, `  ${formatCount(test.sample)} counted; ${verdict}`);
        const rows = test.rows.map((row) => [row.keys.join('+'), formatCount(row.observed), row.expected.toFixed(1)]);
        lines.push(formatTable(['category', 'dealt', 'expected'], rows, ['left', 'right', 'right']).replace(/^/gm, '  '));
      }
      lines.push('', report.flagged ? `FLAGGED: a p-value is below ${report.threshold}` : `no test below p = ${report.threshold}`);
      printText(lines.join('\n'));
    }
    if (report.flagged) process.exitCode = EXIT_FAIRNESS_FLAGGED;
  });
}
