/**
 * `paigow enumerate five` (interfaces.md): the category of every five-card hand of the 53-card
 * deck, C(53,5) = 2,869,685 (rules.md §2.1–§2.2; reference: `reference/five-card.json`).
 */

import type { Command } from 'commander';
import { CATEGORIES, countHighHandCategories, type Category } from '@paigow/engine';
import { formatCount, formatTable, printJson, printText } from '../../io.js';

/** The JSON document of `paigow enumerate five`. `withJoker` is the reference's `with_joker` column. */
export interface EnumerateFiveReport {
  readonly total: number;
  readonly counts: Record<Category, number>;
  readonly withJoker: Record<Category, number>;
  readonly seconds: number;
}

/** Categories highest first, the order of the reference tables. */
export const CATEGORIES_HIGH_FIRST: readonly Category[] = [...CATEGORIES].reverse();

/** Re-keys counts highest category first (JSON key order for people; values unchanged). */
export function highestFirst(counts: Record<Category, number>): Record<Category, number> {
  return Object.fromEntries(CATEGORIES_HIGH_FIRST.map((key) => [key, counts[key]])) as Record<Category, number>;
}

/** Registers `paigow enumerate five`. */
export function registerEnumerateFive(enumerate: Command): void {
  enumerate
    .command('five')
    .description('categories of all 2,869,685 five-card hands')
    .option('--json', 'print one JSON document')
    .action((options: { json?: boolean }) => {
      const start = performance.now();
      const { total, counts, withJoker } = countHighHandCategories();
      const seconds = Math.round(performance.now() - start) / 1000;
      const report: EnumerateFiveReport = { total, counts: highestFirst(counts), withJoker: highestFirst(withJoker), seconds };
      if (options.json) {
        printJson(report);
        return;
      }
      const rows = CATEGORIES_HIGH_FIRST.map((key) => [key, formatCount(counts[key]), formatCount(withJoker[key]), `${((100 * counts[key]) / total).toFixed(4)}%`]);
      rows.push(['total', formatCount(total), formatCount(Object.values(withJoker).reduce((a, b) => a + b, 0)), '100%']);
      printText(`${formatTable(['category', 'hands', 'with joker', 'share'], rows, ['left', 'right', 'right', 'right'])}\n${seconds.toFixed(3)} s`);
    });
}
