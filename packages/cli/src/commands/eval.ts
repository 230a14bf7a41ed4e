/**
 * `paigow eval <5 cards>` and `paigow eval --low <2 cards>` (interfaces.md): the value of a high
 * hand (rules.md §2.1–§2.2) or a low hand (rules.md §2.3). `paigow eval -` (with or without
 * `--low`) is bulk mode: one hand per line on stdin, one JSON line per hand on stdout.
 */

import type { Command } from 'commander';
import {
  categoryOf,
  describeValue,
  evaluateHighHand5,
  evaluateLowHand2,
  formatCard,
  parseCard,
  parseCards,
  type Card,
  type Category,
  type HandValue,
  type Result,
} from '@paigow/engine';
import { LineWriter, UsageError, forEachLine, formatTable, parseCardArgs, printJson, printText } from '../io.js';

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
  return { category: categoryOf(value), value, cards: cards.map(formatCard), description: describeValue(value) };
}

/** The word separators of `parseCards` (engine notation module): whitespace and commas. */
const SEPARATORS = /[\s,]+/;
/** Most distinct words the bulk parser remembers (garbage input must not grow memory). */
const WORD_CACHE_LIMIT = 10_000;

/**
 * `parseCards(line, count)` for bulk mode, faster on the common case: each word's `parseCard`
 * result is remembered, and any line that is not `count` valid distinct cards is handed to
 * `parseCards` itself, so results and error messages are exactly the engine's.
 */
export function createLineParser(count: number): (line: string) => Result<Card[]> {
  const words = new Map<string, Card>();
  const seen = new Int32Array(53);
  let stamp = 0;
  return (line) => {
    stamp++;
    const cards: Card[] = [];
    for (const word of line.split(SEPARATORS)) {
      if (word.length === 0) continue;
      let card = words.get(word);
      if (card === undefined) {
        const parsed = parseCard(word);
        if (!parsed.ok) return parseCards(line, count);
        card = parsed.value;
        if (words.size < WORD_CACHE_LIMIT) words.set(word, card);
      }
      if (seen[card] === stamp || cards.length === count) return parseCards(line, count);
      seen[card] = stamp;
      cards.push(card);
    }
    return cards.length === count ? { ok: true, value: cards } : parseCards(line, count);
  };
}

/**
 * Bulk mode: reads hands from `input`, one per line, and writes one JSON line per hand to `output`
 * (interfaces.md): `{"cards": "<the line as read>", "category", "value", "description", "canonical": [...]}`,
 * or `{"cards": "<the line>", "error": "<message>", "code": "<error code>"}` for a bad line; the run goes on.
 * @returns the number of lines read and of bad lines
 */
export async function evalBulk(
  low: boolean,
  input: NodeJS.ReadableStream = process.stdin,
  output: NodeJS.WritableStream = process.stdout,
): Promise<{ lines: number; errors: number }> {
  const count = low ? LOW_CARDS : HIGH_CARDS;
  const writer = new LineWriter(output);
  // A hand's fields depend only on its value: serialise each value once (a few thousand at most).
  const fieldsByValue = new Map<HandValue, string>();
  const parseLine = createLineParser(count);
  let lines = 0;
  let errors = 0;
  await forEachLine(
    input,
    (line) => {
      lines++;
      const parsed = parseLine(line);
      if (!parsed.ok) {
        errors++;
        writer.line(`{"cards":${JSON.stringify(line)},"error":${JSON.stringify(parsed.error.message)},"code":"${parsed.error.code}"}`);
        return;
      }
      const cards = parsed.value;
      const value = valueOf(cards, low);
      let fields = fieldsByValue.get(value);
      if (fields === undefined) {
        fields = `"category":"${categoryOf(value)}","value":${value},"description":${JSON.stringify(describeValue(value))}`;
        fieldsByValue.set(value, fields);
      }
      let canonical = `"${formatCard(cards[0])}"`;
      for (let i = 1; i < count; i++) canonical += `,"${formatCard(cards[i])}"`;
      writer.line(`{"cards":${JSON.stringify(line)},${fields},"canonical":[${canonical}]}`);
    },
    () => writer.drain(),
  );
  await writer.end();
  return { lines, errors };
}

/** Registers `paigow eval` on the program. */
export function registerEval(program: Command): void {
  program
    .command('eval')
    .description('evaluate a five-card high hand, or with --low a two-card low hand ("-": one hand per line from stdin)')
    .argument('<cards...>', 'the cards, as one quoted argument or separate arguments (As Td 9c Jk), or - to read stdin')
    .option('--low', 'evaluate a two-card low hand')
    .option('--json', 'print one JSON document')
    .action(async (args: string[], options: { low?: boolean; json?: boolean }) => {
      const low = options.low === true;
      if (args.includes('-')) {
        if (args.length !== 1) throw new UsageError("'-' (read hands from stdin) takes no other cards");
        await evalBulk(low);
        return;
      }
      const report = evalReport(parseCardArgs(args, low ? LOW_CARDS : HIGH_CARDS), low);
      if (options.json) {
        printJson(report);
        return;
      }
      printText(
        formatTable(
          ['cards', 'category', 'value', 'description'],
          [[report.cards.join(' '), report.category, String(report.value), report.description]],
        ),
      );
    });
}
