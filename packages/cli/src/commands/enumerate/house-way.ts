/**
 * `paigow enumerate house-way [--house-way seeds|foxwoods]` (interfaces.md): sets all 154,143,080 seven-card
 * hands by the house way, on worker threads, and reports the fouls (there must be none: house-way.md) and the settings per rule.
 */

import type { Command } from 'commander';
import { DEFAULT_HOUSE_WAY, houseWays, type HouseWayId, type HouseWaySweep } from '@paigow/engine';
import { HOUSE_WAY_OPTION_HELP, houseWayOption } from '../../house-way-option.js';
import { formatCount, formatTable, formatThreads, integerOption, printJson, printText } from '../../io.js';
import { startProgress } from '../../progress.js';
import { defaultThreads, runTasks } from '../../workers/pool.js';

/** The JSON document of `paigow enumerate house-way`. */
export interface EnumerateHouseWayReport {
  /** The house way swept (`--house-way`). */
  readonly houseWay: HouseWayId;
  readonly total: number;
  /** Settings that foul or are not five plus two of the hand's seven cards. */
  readonly fouls: number;
  /** Settings per rule id (docs/house-way.md, docs/house-way-foxwoods.md), in the spec's order. */
  readonly rules: Record<string, number>;
  readonly seconds: number;
  readonly threads: number;
}

const TOTAL_HANDS = 154_143_080;

/** Registers `paigow enumerate house-way`. */
export function registerEnumerateHouseWay(enumerate: Command): void {
  enumerate
    .command('house-way')
    .description('set all 154,143,080 seven-card hands by the house way: fouls and settings per rule')
    .option('--house-way <name>', HOUSE_WAY_OPTION_HELP, houseWayOption, DEFAULT_HOUSE_WAY)
    .option('--threads <n>', 'worker threads (default: every core)', integerOption('--threads', 1, 256))
    .option('--json', 'print one JSON document')
    .action(async (options: { json?: boolean; threads?: number; houseWay: HouseWayId }) => {
      const way = houseWays[options.houseWay];
      const threads = options.threads ?? defaultThreads();
      const start = performance.now();
      // More shares than threads, so that the uneven shares even out across the threads.
      const parts = threads * 8;
      const progress = startProgress(TOTAL_HANDS, 'hands');
      const shares = await runTasks<HouseWaySweep>(
        Array.from({ length: parts }, (_, part) => ({ kind: 'house-way-sweep' as const, part, parts, houseWay: way.id })),
        threads,
        (done) => progress.add(done),
      );
      progress.stop();
      const seconds = Math.round(performance.now() - start) / 1000;
      const rules: Record<string, number> = {};
      way.rules.forEach((rule, i) => (rules[rule] = shares.reduce((sum, s) => sum + s.rules[i], 0)));
      const report: EnumerateHouseWayReport = {
        houseWay: way.id,
        total: shares.reduce((sum, s) => sum + s.total, 0),
        fouls: shares.reduce((sum, s) => sum + s.fouls, 0),
        rules,
        seconds,
        threads,
      };
      if (options.json) {
        printJson(report);
        return;
      }
      const rows = way.rules.map((rule) => [rule, formatCount(rules[rule]), `${((100 * rules[rule]) / report.total).toFixed(4)}%`]);
      rows.push(['total', formatCount(report.total), '100%']);
      printText(
        `${way.name}\n${formatTable(['rule', 'hands', 'share'], rows, ['left', 'right', 'right'])}\nfouls: ${formatCount(report.fouls)}\n${seconds.toFixed(3)} s on ${formatThreads(threads)}`,
      );
    });
}
