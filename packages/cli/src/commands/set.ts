/**
 * `paigow set <7 cards> [--house-way seeds|foxwoods]` (interfaces.md): the house way's setting of a hand, with
 * the rule that chose it and its explanation (house-way.md, house-way-foxwoods.md). `paigow set -` is bulk mode: one hand per line on stdin, one JSON
 * line per hand on stdout (the same fields plus `"cards"`, the line as read; a bad line gives
 * `{"cards", "error", "code"}` and the run goes on).
 */

import type { Command } from 'commander';
import { DEFAULT_HOUSE_WAY, formatCard, houseWays, seedsHouseWay, type Card, type HouseWay, type HouseWayId, type HouseWaySetting } from '@paigow/engine';
import { HOUSE_WAY_OPTION_HELP, houseWayOption } from '../house-way-option.js';
import { formatTable, parseCardArgs, printJson, printText, readsStdin, runBulk } from '../io.js';

/** The JSON document of `paigow set` (interfaces.md). */
export interface SetReport {
  readonly high: string[];
  readonly low: string[];
  /** The house-way rule variant, e.g. `'8.split-sevens-no-ace'` (docs/house-way.md). */
  readonly rule: string;
  /** The rule's explanation in English. */
  readonly explanation: string;
  /** The explanation's i18n key and parameters, for programs that translate it. */
  readonly explanationKey: string;
  readonly explanationParams: Readonly<Record<string, string | number>>;
}

/** The report of a validated hand of seven cards, set by `way` (default: the seeds' house way). */
export function setReport(hand: readonly Card[], way: HouseWay = seedsHouseWay): SetReport {
  const setting: HouseWaySetting = way.set(hand);
  return {
    high: setting.high.map(formatCard),
    low: setting.low.map(formatCard),
    rule: setting.rule,
    explanation: setting.explanation.text,
    explanationKey: setting.explanation.key,
    explanationParams: setting.explanation.params,
  };
}

const quoted = (cards: readonly string[]): string => `["${cards.join('","')}"]`;

/**
 * One bulk-mode line: the `SetReport` fields plus `"cards"` (the line as read), written without
 * `JSON.stringify` of the whole object, which is the slowest part of a million-line run.
 */
function setLine(line: string, hand: readonly Card[], way: HouseWay): string {
  const r = setReport(hand, way);
  let params = '';
  for (const [key, value] of Object.entries(r.explanationParams)) params += `${params ? ',' : ''}"${key}":${JSON.stringify(value)}`;
  return (
    `{"cards":${JSON.stringify(line)},"high":${quoted(r.high)},"low":${quoted(r.low)},"rule":"${r.rule}",` +
    `"explanation":${JSON.stringify(r.explanation)},"explanationKey":"${r.explanationKey}","explanationParams":{${params}}}`
  );
}

/**
 * Bulk mode: one hand per line from `input`, one JSON line per hand to `output` (a bad line: `{"cards", "error", "code"}`).
 * @param way the house way that sets the hands (default: the seeds')
 */
export async function setBulk(
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
  way: HouseWay = seedsHouseWay,
): Promise<void> {
  await runBulk(7, (line, hand) => setLine(line, hand, way), input, output);
}

/** Registers `paigow set`. */
export function registerSet(program: Command): void {
  program
    .command('set')
    .description('set seven cards by the house way and explain the rule ("-": one hand per line from stdin)')
    .argument('<cards...>', 'seven cards, as one quoted argument or separate arguments, or - to read stdin')
    .option('--house-way <name>', HOUSE_WAY_OPTION_HELP, houseWayOption, DEFAULT_HOUSE_WAY)
    .option('--json', 'print one JSON document')
    .action(async (args: string[], options: { json?: boolean; houseWay: HouseWayId }) => {
      const way = houseWays[options.houseWay];
      if (readsStdin(args)) {
        await setBulk(process.stdin, process.stdout, way);
        return;
      }
      const report = setReport(parseCardArgs(args, 7), way);
      if (options.json) {
        printJson(report);
        return;
      }
      printText(
        `${formatTable(['high hand', 'low hand', 'rule'], [[report.high.join(' '), report.low.join(' '), report.rule]])}\n${report.explanation}`,
      );
    });
}
