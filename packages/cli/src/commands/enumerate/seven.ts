/**
 * `paigow enumerate seven` (interfaces.md): the best five-card hand of every seven-card hand of
 * the 53-card deck, C(53,7) = 154,143,080 (rules.md §2.1–§2.2; reference: `reference/seven-card.json`).
 */

import type { Command } from 'commander';
import { countBestHandCategories, type Category } from '@paigow/engine';
import { formatCount, formatTable, printJson, printText } from '../../io.js';
import { CATEGORIES_HIGH_FIRST, highestFirst } from './five.js';

/** The JSON document of `paigow enumerate seven`. */
export interface EnumerateSevenReport {
  readonly total: number;
  readonly counts: Record<Category, number>;
  readonly seconds: number;
}

/** Registers `paigow enumerate seven`. */
export function registerEnumerateSeven(enumerate: Command): void {
  enumerate
    .command('seven')
    .description('best five-card hand of all 154,143,080 seven-card hands (about a second)')
    .option('--json', 'print one JSON document')
    .action((options: { json?: boolean }) => {
      const start = performance.now();
      const counts = countBestHandCategories();
      const seconds = Math.round(performance.now() - start) / 1000;
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      const report: EnumerateSevenReport = { total, counts: highestFirst(counts), seconds };
      if (options.json) {
        printJson(report);
        return;
      }
      const rows = CATEGORIES_HIGH_FIRST.map((key) => [key, formatCount(counts[key]), `${((100 * counts[key]) / total).toFixed(4)}%`]);
      rows.push(['total', formatCount(total), '100%']);
      printText(`${formatTable(['best hand', 'seven-card hands', 'share'], rows, ['left', 'right', 'right'])}\n${seconds.toFixed(3)} s`);
    });
}
