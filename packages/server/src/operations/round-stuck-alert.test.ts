/**
 * The runbook's `PaigowRoundStuck` alert (docs/operations.md "Alerts and what to do"). A dealt round is open in the
 * ledger, in normal play, for up to its table's decision timer (`timers.decisionMs`: every hand not set by then is set
 * by the house way), plus a deal's and a settlement's retries on database faults (`DEFAULT_ROUND_DEADLINES`). No metric
 * knows each table's timers, so the runbook has the operator set the threshold from the tables file: its longest
 * decision timer plus a margin. An operator's: the rule's fixed 300 s, explained with "45 s decisions", fired in normal
 * play at a table of a tables file whose timers may be up to 24 hours.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableConfig, unwrap } from '@paigow/engine';
import { DEFAULT_TABLES } from '../server.js';
import { DEFAULT_ROUND_DEADLINES } from '../table/round-deadlines.js';

const RUNBOOK = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'docs', 'operations.md'), 'utf8');

/** The longest decision timer of `tables`, s. */
function longestDecisionSeconds(tables: readonly Parameters<typeof tableConfig>[0][]): number {
  return Math.max(...tables.map((input) => unwrap(tableConfig(input)).timers.decisionMs)) / 1_000;
}

describe("the runbook's round-stuck alert", () => {
  it("sets its threshold from the tables file's longest decision timer, with a margin over a deal's and a settlement's retries", () => {
    const formula = /the\s+longest\s+`timers\.decisionMs`\s+of\s+the\s+tables\s+file,\s+in\s+seconds,\s+plus\s+(\d+)/.exec(RUNBOOK);
    expect(formula, 'the runbook says how to set the threshold from the tables file').not.toBeNull();
    const margin = Number(formula![1]);
    expect(margin * 1_000).toBeGreaterThan(DEFAULT_ROUND_DEADLINES.dealMs + DEFAULT_ROUND_DEADLINES.settleMs);
    // The rule as shipped is the formula for the built-in tables.
    const rule = /- alert: PaigowRoundStuck\n(?:\s*#.*\n)*\s*expr: max\(paigow_oldest_open_round_seconds\) > (\d+)\n/.exec(RUNBOOK);
    expect(rule).not.toBeNull();
    expect(Number(rule![1])).toBe(longestDecisionSeconds(DEFAULT_TABLES) + margin);
  });
});
