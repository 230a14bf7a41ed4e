/**
 * `paigow eval <5 cards>` and `paigow eval --low <2 cards>` (interfaces.md): the value of a high
 * hand (rules.md §2.1–§2.2) or a low hand (rules.md §2.3). `paigow eval -` (with or without
 * `--low`) is bulk mode: one hand per line on stdin, one JSON line per hand on stdout.
 */

import type { Command } from 'commander';
import { categoryOf, describeValue, evaluateHighHand5, evaluateLowHand2, cardTexts, formatCard, type Card, type Category, type HandValue } from '@paigow/engine';
import { handDescription, type Language } from '@paigow/i18n';
import { formatTable, parseCardArgs, printJson, printText, readsStdin, runBulk } from '../io.js';
import { langOptionSpec, translator } from '../lang-option.js';

/** The JSON document of `paigow eval` (interfaces.md). */
export interface EvalReport {
  /** Category key, e.g. `'two_pair'` (a low hand is `'one_pair'` or `'high_card'`). */
  readonly category: Category;
  /** Grows with hand strength; equal exactly for copies. High and low hands share the scale. */
  readonly value: HandValue;
  /** The cards in canonical notation, in input order. */
  readonly cards: string[];
  /** English description, e.g. "Kings and threes, ace kicker". */
  readonly description: string;
}

/** Number of cards of a high hand and of a low hand. */
const HIGH_CARDS = 5;
const LOW_CARDS = 2;

function valueOf(cards: readonly Card[], low: boolean): HandValue {
  return low ? evaluateLowHand2(cards[0], cards[1]) : evaluateHighHand5(cards[0], cards[1], cards[2], cards[3], cards[4]);
}

/** The report of validated cards: five for a high hand, two for a low hand (`low`). */
export function evalReport(cards: readonly Card[], low: boolean): EvalReport {
  const value = valueOf(cards, low);
  return { category: categoryOf(value), value, cards: cardTexts(cards), description: describeValue(value) };
}

/**
 * Bulk mode: reads hands from `input`, one per line, and writes one JSON line per hand to `output`
 * (interfaces.md): `{"cards": "<the line as read>", "category", "value", "description", "canonical": [...]}`,
 * or `{"cards": "<the line>", "error": "<message>", "code": "<error code>"}` for a bad line; the run goes on.
 */
export async function evalBulk(
  low: boolean,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  const count = low ? LOW_CARDS : HIGH_CARDS;
  // A hand's fields depend only on its value: serialise each value once (a few thousand at most).
  const fieldsByValue = new Map<HandValue, string>();
  await runBulk(
    count,
    (line, cards) => {
      const value = valueOf(cards, low);
      let fields = fieldsByValue.get(value);
      if (fields === undefined) {
        fields = `"category":"${categoryOf(value)}","value":${value},"description":${JSON.stringify(describeValue(value))}`;
        fieldsByValue.set(value, fields);
      }
      let canonical = `"${formatCard(cards[0])}"`;
      for (let i = 1; i < count; i++) canonical += `,"${formatCard(cards[i])}"`;
      return `{"cards":${JSON.stringify(line)},${fields},"canonical":[${canonical}]}`;
    },
    input,
    output,
  );
}

/** Registers `paigow eval` on the program. */
export function registerEval(program: Command): void {
  program
    .command('eval')
    .alias('evaluate')
    .description('evaluate a five-card high hand, or with --low a two-card low hand ("-": one hand per line from stdin)')
    .argument('<cards...>', 'the cards, as one quoted argument or separate arguments (As Td 9c Jk), or - to read stdin')
    .option('--low', 'evaluate a two-card low hand')
    .addOption(langOptionSpec())
    .option('--json', 'print one JSON document (in English whatever --lang says)')
    .action(async (args: string[], options: { low?: boolean; json?: boolean; lang: Language }) => {
      const low = options.low === true;
      if (readsStdin(args)) {
        await evalBulk(low);
        return;
      }
      const report = evalReport(parseCardArgs(args, low ? LOW_CARDS : HIGH_CARDS), low);
      if (options.json) {
        printJson(report);
        return;
      }
      // The hand's name and description in --lang (packages/i18n); in English the engine's own
      // description (describeValue, as in --json), which names the ranks in words.
      const t = translator(options.lang);
      const description = options.lang === 'en' ? report.description : handDescription(t, report.value);
      printText(
        formatTable(
          [t('columns.cards', {}), t('columns.category', {}), t('columns.value', {}), t('columns.description', {})],
          [[report.cards.join(' '), t(`category.${report.category}`, {}), String(report.value), description]],
        ),
      );
    });
}
