/**
 * `paigow set <7 cards> [--house-way seeds|foxwoods] [--lang en|ru|fr|de|es]` (interfaces.md): the house way's setting of a hand, with
 * the rule that chose it and its explanation (house-way.md, house-way-foxwoods.md). `paigow set -` is bulk mode: one hand per line on stdin, one JSON
 * line per hand on stdout (the same fields plus `"cards"`, the line as read; a bad line gives
 * `{"cards", "error", "code"}` and the run goes on).
 */

import type { Command } from 'commander';
import {
  DECK_SIZE,
  DEFAULT_HOUSE_WAY,
  HAND_SIZE,
  categoryOf,
  evaluateHighHand5,
  evaluateLowHand2,
  formatCard,
  formatCards,
  houseWays,
  seedsHouseWay,
  toHand,
  unwrap,
  type Card,
  type Hand,
  type HouseWay,
  type HouseWayId,
  type HouseWaySetting,
} from '@paigow/engine';
import { houseWayText, type Language } from '@paigow/i18n';
import { HOUSE_WAY_OPTION_HELP, houseWayOption } from '../house-way-option.js';
import { langOptionSpec, translator } from '../lang-option.js';
import { formatTable, parseHandArgs, printJson, printText, readsStdin, runBulk, settingCards } from '../io.js';

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
export function setReport(hand: Hand, way: HouseWay = seedsHouseWay): SetReport {
  const setting: HouseWaySetting = way.set(hand);
  return {
    ...settingCards(setting),
    rule: setting.rule,
    explanation: setting.explanation.text,
    explanationKey: setting.explanation.key,
    explanationParams: setting.explanation.params,
  };
}

/** Each card's JSON text (`"As"`), by card code: bulk mode writes a million lines without a card text per line. */
const CARD_JSON: readonly string[] = Array.from({ length: DECK_SIZE }, (_, card) => `"${formatCard(card)}"`);

/** The JSON array of `cards` (`["As","Kd"]`). */
function cardsJson(cards: readonly Card[]): string {
  let out = CARD_JSON[cards[0]];
  for (let i = 1; i < cards.length; i++) out += `,${CARD_JSON[cards[i]]}`;
  return `[${out}]`;
}

/**
 * One bulk-mode line: the `SetReport` fields plus `"cards"` (the line as read), written straight from the house
 * way's setting: no report object, no card texts, no `JSON.stringify` of the whole, which made a million-line
 * run take 20 s.
 */
function setLine(line: string, hand: Hand, way: HouseWay): string {
  const setting = way.set(hand);
  const { key, params, text } = setting.explanation;
  let paramsJson = '';
  for (const name in params) paramsJson += `${paramsJson === '' ? '' : ','}"${name}":${JSON.stringify(params[name])}`;
  return (
    `{"cards":${JSON.stringify(line)},"high":${cardsJson(setting.high)},"low":${cardsJson(setting.low)},"rule":"${setting.rule}",` +
    `"explanation":${JSON.stringify(text)},"explanationKey":"${key}","explanationParams":{${paramsJson}}}`
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
  await runBulk(HAND_SIZE, (line, cards) => setLine(line, unwrap(toHand(cards)), way), input, output);
}

/**
 * The text of `paigow set`: a table of the high hand, the low hand (cards and hand names) and the
 * rule, then the explanation, in `lang` (packages/i18n, the web client's catalogs).
 */
export function setText(hand: Hand, way: HouseWay, lang: Language): string {
  const t = translator(lang);
  const setting = way.set(hand);
  const name = (side: readonly Card[]): string =>
    t(`category.${side.length === 5 ? categoryOf(evaluateHighHand5(side[0], side[1], side[2], side[3], side[4])) : categoryOf(evaluateLowHand2(side[0], side[1]))}`, {});
  const table = formatTable(
    [t('columns.highHand', {}), t('columns.lowHand', {}), t('columns.rule', {})],
    [
      [formatCards(setting.high), formatCards(setting.low), setting.rule],
      [name(setting.high), name(setting.low), ''],
    ],
  );
  return `${table}\n${houseWayText(t, setting.explanation, (text) => text)}`;
}

/** Registers `paigow set`. */
export function registerSet(program: Command): void {
  program
    .command('set')
    .alias('explain')
    .description('set seven cards by the house way and explain the rule ("-": one hand per line from stdin)')
    .argument('<cards...>', 'seven cards, as one quoted argument or separate arguments, or - to read stdin')
    .option('--house-way <name>', HOUSE_WAY_OPTION_HELP, houseWayOption, DEFAULT_HOUSE_WAY)
    .addOption(langOptionSpec())
    .option('--json', 'print one JSON document (in English whatever --lang says)')
    .action(async (args: string[], options: { json?: boolean; houseWay: HouseWayId; lang: Language }) => {
      const way = houseWays[options.houseWay];
      if (readsStdin(args)) {
        await setBulk(process.stdin, process.stdout, way);
        return;
      }
      const hand = parseHandArgs(args);
      if (options.json) {
        printJson(setReport(hand, way));
        return;
      }
      printText(setText(hand, way, options.lang));
    });
}
