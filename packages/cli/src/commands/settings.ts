/**
 * `paigow settings <7 cards>` (interfaces.md): the 21 settings of a hand (rules.md §2) with their
 * legality (rules.md §2.4: the low hand must not outrank the high hand).
 */

import type { Command } from 'commander';
import { categoryOf, describeValue, isFoulValues, settingValues, settings, type Category, type Hand, type HandValue } from '@paigow/engine';
import { formatTable, parseHandArgs, printJson, printText, settingCards } from '../io.js';

/** One setting in the JSON document of `paigow settings`. */
export interface SettingReport {
  /** The five cards of the high hand, canonical notation. */
  readonly high: string[];
  /** The two cards of the low hand. */
  readonly low: string[];
  /** False when the setting fouls (rules.md §2.4). */
  readonly legal: boolean;
  readonly highCategory: Category;
  readonly highValue: HandValue;
  readonly lowCategory: Category;
  readonly lowValue: HandValue;
}

/** The 21 settings of seven validated cards, in the engine's order (`LOW_HAND_PAIRS`). */
export function settingsReport(hand: Hand): { settings: SettingReport[] } {
  return {
    settings: settings(hand).map((setting) => {
      const values = settingValues(setting);
      return {
        ...settingCards(setting),
        legal: !isFoulValues(values),
        highCategory: categoryOf(values.high),
        highValue: values.high,
        lowCategory: categoryOf(values.low),
        lowValue: values.low,
      };
    }),
  };
}

/** Registers `paigow settings` on the program. */
export function registerSettings(program: Command): void {
  program
    .command('settings')
    .description('list the 21 ways to set seven cards into a high hand and a low hand, and which ones foul')
    .argument('<cards...>', 'seven cards, as one quoted argument or separate arguments')
    .option('--json', 'print one JSON document')
    .action((args: string[], options: { json?: boolean }) => {
      const report = settingsReport(parseHandArgs(args));
      if (options.json) {
        printJson(report);
        return;
      }
      const rows = report.settings.map((s, i) => [
        String(i + 1),
        s.high.join(' '),
        s.low.join(' '),
        describeValue(s.highValue),
        describeValue(s.lowValue),
        s.legal ? 'legal' : 'FOUL',
      ]);
      printText(formatTable(['#', 'high hand', 'low hand', 'high hand is', 'low hand is', 'setting'], rows, ['right']));
    });
}
