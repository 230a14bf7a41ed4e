/**
 * `paigow fortune --exact [--pay-table FILE] [--json]` (interfaces.md): the exact analysis of the
 * Fortune bonus over all 154,143,080 seven-card hands (rules.md §4; reference/fortune.json), and
 * `paigow fortune <7 cards> [--pay-table FILE] [--lang L] [--json]`: the line one hand is paid on.
 * `--pay-table` reads an operator's table (JSON: `{"<line>": pays, …}` with every line, or the
 * shape of reference/fortune.json); the default is seed 003's table.
 */

import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  FORTUNE_LINES,
  FORTUNE_PAY_TABLE,
  analyzeFortune,
  cardTexts,
  fortuneLine,
  fortuneLinesHeld,
  parseFortunePayTable,
  type FortuneLine,
  type FortunePayTable,
  type Hand,
} from '@paigow/engine';
import type { Language } from '@paigow/i18n';
import { UsageError, formatCount, formatTable, parseHandArgs, printJson, printText } from '../io.js';
import { langOptionSpec, translator } from '../lang-option.js';

/** The JSON document of `paigow fortune --exact` (interfaces.md, plus the extra fields below). */
export interface FortuneExactReport {
  /** Hands counted: 154,143,080. */
  readonly total: number;
  /** Hands paid on each line, highest line first. */
  readonly lines: Record<FortuneLine, number>;
  /** Hands holding no line (the bet loses). */
  readonly losing: number;
  /** The house edge as a fraction of the stake (0.0776… for the seed's table). */
  readonly houseEdge: number;
  /** The exact house edge, `"<numerator>/<total>"` (unreduced, as in reference/fortune.json). */
  readonly houseEdgeExact: string;
  /** The house edge in percent, rounded to 4 decimals (7.7656). */
  readonly houseEdgePercent: number;
  /** The pay table analysed ("to 1"). */
  readonly payTable: FortunePayTable;
  /** Time the analysis took, in seconds. */
  readonly seconds: number;
}

/** The JSON document of `paigow fortune <7 cards>`. */
export interface FortuneHandReport {
  /** The cards in canonical notation, in input order. */
  readonly cards: string[];
  /** The line the hand is paid on (its highest-paying held line), or null: the bet loses. */
  readonly line: FortuneLine | null;
  /** What the line pays "to 1" (0 when the bet loses). */
  readonly pays: number;
  /** Every line the hand holds, highest first. */
  readonly held: FortuneLine[];
  /** English name of the paid line, or "No line: the Fortune bet loses". */
  readonly description: string;
}

/** English names of the Fortune lines (rules.md §4), for the readable output. */
export const FORTUNE_LINE_NAMES: Readonly<Record<FortuneLine, string>> = {
  seven_card_straight_flush_natural: '7-card straight flush, natural',
  royal_flush_plus_royal_match: 'Royal flush plus royal match',
  seven_card_straight_flush_with_joker: '7-card straight flush with the joker',
  five_aces: 'Five aces',
  royal_flush: 'Royal flush',
  straight_flush: 'Straight flush',
  four_of_a_kind: 'Four of a kind',
  full_house: 'Full house',
  flush: 'Flush',
  three_of_a_kind: 'Three of a kind',
  straight: 'Straight',
};

/**
 * Reads and validates a pay table file.
 * @param file a path, or undefined for seed 003's table
 * @throws UsageError when the file cannot be read or is not a valid pay table (`config/invalid`'s message)
 */
export function loadPayTable(file: string | undefined): FortunePayTable {
  if (file === undefined) return FORTUNE_PAY_TABLE;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : String((error as Error).message).split('\n')[0];
    throw new UsageError(`cannot read pay table '${file}': ${reason}`);
  }
  const parsed = parseFortunePayTable(text);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error.message}`);
  return parsed.value;
}

/** Runs the exact analysis (rules.md §4) under `payTable` and shapes its report; about a second. */
export function fortuneExactReport(payTable: FortunePayTable): FortuneExactReport {
  const start = performance.now();
  const analysis = analyzeFortune(payTable);
  const seconds = Math.round(performance.now() - start) / 1000;
  const { numerator, denominator, value } = analysis.houseEdge;
  return {
    total: analysis.total,
    lines: { ...analysis.lines },
    losing: analysis.losing,
    houseEdge: value,
    houseEdgeExact: `${numerator}/${denominator}`,
    houseEdgePercent: Math.round(value * 1e6) / 1e4,
    payTable: { ...payTable },
    seconds,
  };
}

/** The report of seven validated cards under `payTable`. */
export function fortuneHandReport(cards: Hand, payTable: FortunePayTable): FortuneHandReport {
  const { line, pays } = fortuneLine(cards, payTable);
  return {
    cards: cardTexts(cards),
    line,
    pays,
    held: fortuneLinesHeld(cards),
    description: line === null ? 'No line: the Fortune bet loses' : `${FORTUNE_LINE_NAMES[line]}, pays ${pays} to 1`,
  };
}

/**
 * The readable table of `paigow fortune --exact` in `lang` (headings, the last rows and the house edge
 * from packages/i18n `fortuneExact`; the lines' names from its `fortuneLine`, in English the longer
 * names above). The figures stay in the same notation in every language.
 */
export function formatExactReport(report: FortuneExactReport, lang: Language = 'en'): string {
  const t = translator(lang);
  const { total } = report;
  const rows = FORTUNE_LINES.map((line) => {
    const n = report.lines[line];
    const pays = report.payTable[line];
    const name = lang === 'en' ? FORTUNE_LINE_NAMES[line] : t(`fortuneLine.${line}`, {});
    return [name, t('fortuneExact.paysTo', { pays }), formatCount(n), `${((100 * n) / total).toFixed(6)}%`, ((n * pays) / total).toFixed(6)];
  });
  rows.push([t('fortuneExact.noLine', {}), '-1', formatCount(report.losing), `${((100 * report.losing) / total).toFixed(6)}%`, (-report.losing / total).toFixed(6)]);
  rows.push([t('fortuneExact.total', {}), '', formatCount(total), '100%', (-report.houseEdge).toFixed(6)]);
  const [numerator, denominator] = report.houseEdgeExact.split('/').map(Number);
  const headings = (['line', 'pays', 'hands', 'probability', 'return'] as const).map((key) => t(`fortuneExact.${key}`, {}));
  return [
    formatTable(headings, rows, ['left', 'right', 'right', 'right', 'right']),
    '',
    t('fortuneExact.houseEdge', { percent: (report.houseEdge * 100).toFixed(4), numerator: formatCount(numerator), denominator: formatCount(denominator) }),
    `${report.seconds.toFixed(3)} s`,
  ].join('\n');
}

/**
 * The readable line of `paigow fortune <7 cards>` in `lang` (the web client's catalogs, packages/i18n; in English
 * the lines' names above, as the JSON and the --exact table name them): the paid line and what it pays, and the
 * other lines the hand holds.
 */
function fortuneHandText(report: FortuneHandReport, lang: Language): string {
  const t = translator(lang);
  // In English the names of the JSON's `description` and of the --exact table (`7-card straight flush, natural`).
  const name = (line: FortuneLine): string => (lang === 'en' ? FORTUNE_LINE_NAMES[line] : t(`fortuneLine.${line}`, {}));
  const cards = report.cards.join(' ');
  const text = report.line === null ? t('fortuneText.none', { cards }) : t('fortuneText.pays', { cards, line: name(report.line), pays: report.pays });
  const others = report.held.filter((line) => line !== report.line).map(name);
  return others.length > 0 ? t('fortuneText.alsoHolds', { text, lines: others }) : text;
}

/** Registers `paigow fortune` on the program. */
export function registerFortune(program: Command): void {
  program
    .command('fortune')
    .description('the Fortune bonus: exact analysis of all 154,143,080 hands (--exact), or the line of one hand')
    .argument('[cards...]', 'seven cards, as one quoted argument or as separate arguments')
    .option('--exact', 'enumerate all 154,143,080 seven-card hands (about a second)')
    .option('--pay-table <file>', "an operator's pay table (JSON); default: seed 003's")
    .addOption(langOptionSpec())
    .option('--json', 'print one JSON document (in English whatever --lang says)')
    .action((cardArgs: string[], options: { exact?: boolean; payTable?: string; json?: boolean; lang: Language }) => {
      if (options.exact && cardArgs.length > 0) throw new UsageError('give either --exact or seven cards, not both');
      if (!options.exact && cardArgs.length === 0) throw new UsageError('fortune what? give --exact or seven cards');
      const payTable = loadPayTable(options.payTable);
      if (options.exact) {
        const report = fortuneExactReport(payTable);
        if (options.json) printJson(report);
        else printText(formatExactReport(report, options.lang));
        return;
      }
      const report = fortuneHandReport(parseHandArgs(cardArgs), payTable);
      if (options.json) {
        printJson(report);
        return;
      }
      printText(fortuneHandText(report, options.lang));
    });
}
