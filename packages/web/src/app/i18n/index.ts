/**
 * i18next set-up for the browser client. Every string a player reads comes from a catalog here:
 * English (en.ts, the shape), Russian, French, German and Spanish (the seeds' languages, each typed
 * `Translation` so a missing key does not compile), and the pseudo-locale `en-XA` for layout checks.
 * Hand names, house-way explanations and Fortune lines come from packages/i18n, shared with the CLI.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isErrorCode, type Category } from '@paigow/engine';
import { LANGUAGES, houseWayText as sharedHouseWayText, prettyCards, type Language } from '@paigow/i18n';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { accentLetters, PSEUDO_LANGUAGE, pseudoCatalog } from './pseudo.js';
import { ru } from './ru.js';
import { cardNames } from '../../table-ui/card-name.js';
import type { Translation } from './translation.js';

export { LANGUAGES, type Language } from '@paigow/i18n';
export { PSEUDO_LANGUAGE } from './pseudo.js';

/** Every catalog by language tag (the five languages and the pseudo-locale). */
export const CATALOGS: Readonly<Record<Language | typeof PSEUDO_LANGUAGE, Translation>> = { en, ru, fr, de, es, [PSEUDO_LANGUAGE]: pseudoCatalog(en) };

/**
 * Creates and initialises an i18next instance with the catalogs (synchronously: resources are bundled).
 * @param lng the language to start in: one of `LANGUAGES` or `PSEUDO_LANGUAGE` (others fall back to English)
 */
export function createI18n(lng: string = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES, PSEUDO_LANGUAGE],
    resources: Object.fromEntries(Object.entries(CATALOGS).map(([tag, translation]) => [tag, { translation }])),
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  // `{{x, list}}` as i18next's own (Intl.ListFormat), but in the pseudo-locale its joining words accented too: Intl
  // reads en-XA as English, and its "and" read as a string that escaped the catalogs (the dealt cards' announcement).
  instance.services.formatter?.addCached('list', (lng, options: Intl.ListFormatOptions) => {
    const format = new Intl.ListFormat(lng, options);
    return (items: string[]) => (lng === PSEUDO_LANGUAGE ? accentLetters(format.format(items)) : format.format(items));
  });
  return instance;
}

/** Error codes of the client itself (no server involved): the server cannot be reached, no such table. */
const CLIENT_ERRORS = ['network', 'table/unknown'];

/**
 * The message of an error code from the server or the engine (`errors.<code>`, else a generic one), with `params`
 * for its placeholders (the table screen's `minutes` of `action/idle-wait`: the table's idle-seat time).
 */
export function errorMessage(t: TFunction, code: string, params: Readonly<Record<string, string | number>> = {}): string {
  if (isErrorCode(code) || CLIENT_ERRORS.includes(code)) return t(`errors.${code}`, params);
  return t('errors.unknown', { code });
}

/**
 * The text of a server notice (docs/protocol.md `notice`, engine protocol/notices.ts):
 * `notices.<name>.<reason>` (or `.<outcome>`), else `notices.<name>.other`, with `amountCents` as
 * `amount` and `netCents` as a signed `net`, formatted by `money`; a notice the catalog does not know
 * shows the server's English `message`.
 * @param notice `{code: 'notice/<name>', params, message}`
 */
export function noticeText(
  t: TFunction,
  notice: { readonly code: string; readonly params: Readonly<Record<string, unknown>>; readonly message: string },
  money: (cents: number, signed?: boolean) => string,
): string {
  const name = notice.code.replace(/^notice\//, '');
  const { reason, outcome, amountCents, netCents } = notice.params;
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(notice.params)) if (typeof v === 'string' || typeof v === 'number') params[k] = String(v);
  if (typeof amountCents === 'number') params.amount = money(amountCents);
  if (typeof netCents === 'number') params.net = money(netCents, true);
  // A wait in whole minutes, rounded up (`notice/left-table` `idle`: the table's idle-seat time).
  if (typeof notice.params.waitSeconds === 'number') params.minutes = String(Math.ceil(notice.params.waitSeconds / 60));
  const keys = [reason, outcome].filter((k): k is string => typeof k === 'string').map((k) => `notices.${name}.${k}`);
  keys.push(`notices.${name}.other`);
  for (const key of keys) if (t(key, { defaultValue: '' }) !== '') return t(key, params);
  return notice.message || name;
}

/**
 * A table's name in the instance's language: a built-in table (`tableNames.<tableId>`, the server's
 * DEFAULT_TABLES) is translated while the server still calls it by its English catalog name; any other
 * table (an operator's, PAIGOW_TABLES, or a built-in id renamed) shows the server's configured `name`.
 */
export function tableName(t: TFunction, table: { readonly tableId: string; readonly name: string }): string {
  const key = `tableNames.${table.tableId}`;
  return t(key, { lng: 'en', defaultValue: '' }) === table.name ? t(key) : table.name;
}

/** The translated name of a hand category key (`one_pair` → "One pair"). */
export function categoryName(t: TFunction, category: Category | string): string {
  return t(`category.${category}`, { defaultValue: category });
}

/** The translated name of a Fortune pay-table line key (`four_of_a_kind` → "Four of a kind"); unknown keys show as is. */
export function fortuneLineName(t: TFunction, line: string): string {
  return t(`fortuneLine.${line}`, { defaultValue: line });
}

/**
 * The hands that earned an envy bonus (rules.md §4), one text each ("Pat: Five aces"), for a
 * `{{hands, list}}` placeholder: i18next joins them by the language's rules (Intl.ListFormat:
 * "Pat: Five aces and Lee: Royal flush", "… und …", "… и …").
 */
export function envyHandsText(t: TFunction, hands: readonly { readonly nickname: string; readonly line: string }[]): string[] {
  return hands.map((h) => t('result.envyHand', { nickname: h.nickname, line: fortuneLineName(t, h.line) }));
}

/** Card text with suit symbols (`Kd 9c` → `K♦ 9♣`); shared with the CLI (packages/i18n). */
export { prettyCards } from '@paigow/i18n';

/**
 * A house-way explanation in the instance's language (packages/i18n `houseWayText`): the catalog's
 * `houseWay.<rule>` / `houseWayFoxwoods.<rule>` with readable params, else the engine's English text.
 */
export function houseWayText(
  t: TFunction,
  explanation: { key: string; params?: Readonly<Record<string, string | number>>; text: string },
): string {
  return sharedHouseWayText((key, options) => t(key, options), explanation, (text) => cardsText(t, text));
}

/**
 * A house-way explanation as a screen reader hears it (`houseWayText` with the cards by their names, "jack of diamonds,
 * seven of diamonds", not "J♦ 7♦").
 */
export function houseWaySaid(
  t: TFunction,
  explanation: { key: string; params?: Readonly<Record<string, string | number>>; text: string },
): string {
  return sharedHouseWayText((key, options) => t(key, options), explanation, (text) => cardNames(t, text.split(/\s+/).filter(Boolean)).join(', '));
}

/**
 * Card codes ("Jd 7d", "Jk As") as the page shows cards in text: suit symbols ("J♦ 7♦") and the joker by the catalog's
 * word (`card.joker`: "Joker", "Джокер", "Comodín"), never the code "Jk".
 * @param text card codes separated by spaces
 */
export function cardsText(t: TFunction, text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => (c === 'Jk' ? t('card.joker') : prettyCards(c)))
    .join(' ');
}

/**
 * Formats cents as money in the current language (play money shown in dollars, as in seed 002), with the plain "$"
 * in every language ("1 023,70 $", not the "1 023,70 $US" or "1023,70 US$" of Intl's default, a tester's point: the
 * play money is no country's, and the longer symbol cost the phone's top bar its comp points in French and Spanish).
 * @param cents integer cents
 * @param signed prefix a + for gains
 */
export function formatMoney(lng: string, cents: number, signed = false): string {
  const text = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(Math.abs(cents) / 100);
  if (cents < 0) return `−${text}`;
  return signed && cents > 0 ? `+${text}` : text;
}

/**
 * Formats comp points (a whole number, negative for a banker who spent more than it had) in the current
 * language, with "−" (U+2212) for negatives as `formatMoney` does: `-1234` → "−1,234", "−1.234" in German.
 * @param points comp points (integer)
 */
export function formatPoints(lng: string, points: number): string {
  const text = new Intl.NumberFormat(lng, { maximumFractionDigits: 0 }).format(Math.abs(points));
  return points < 0 ? `−${text}` : text;
}

/**
 * Formats a number in the current language (`1234.5` → "1.234,50" in German) through Intl.
 * @param digits decimals shown (fixed), or `{ significant }` significant digits at most
 */
export function formatDecimal(lng: string, value: number, digits: number | { readonly significant: number }): string {
  const options: Intl.NumberFormatOptions =
    typeof digits === 'number' ? { minimumFractionDigits: digits, maximumFractionDigits: digits } : { maximumSignificantDigits: digits.significant };
  return new Intl.NumberFormat(lng, options).format(value);
}

/**
 * Formats a moment as the time of day in the current language (`15:42`, `09:05`, `3:42 PM`): hours and minutes.
 * A 12-hour clock writes the hour without a leading zero ("2:54 PM", never "02:54 PM"); a 24-hour one keeps two digits.
 * @param ms milliseconds since the epoch
 */
export function formatTime(lng: string, ms: number): string {
  const twelveHour = new Intl.DateTimeFormat(lng, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  return new Intl.DateTimeFormat(lng, { hour: twelveHour ? 'numeric' : '2-digit', minute: '2-digit' }).format(ms);
}

/**
 * Formats a fraction as a percentage in the current language, one decimal (`0.0123` → "1.2%").
 * @param fraction e.g. an EV per unit bet (docs/protocol.md `hint`)
 * @param signed prefix + for positive values and − for negative ones (as `formatMoney`)
 */
export function formatPercent(lng: string, fraction: number, signed = false): string {
  const text = new Intl.NumberFormat(lng, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(Math.abs(fraction));
  const rounded = Math.round(Math.abs(fraction) * 1000);
  if (fraction < 0 && rounded > 0) return `−${text}`;
  return signed && fraction > 0 && rounded > 0 ? `+${text}` : text;
}
