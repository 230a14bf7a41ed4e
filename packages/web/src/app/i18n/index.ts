/**
 * i18next set-up for the browser client. Every string a player reads comes from a catalog here.
 * English is built in; another language is one more `resources` entry of the same `Catalog` shape.
 */
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isErrorCode, type Category } from '@paigow/engine';
import { en } from './en.js';

/** Languages with a catalog; the first is the fallback. */
export const LANGUAGES = ['en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Creates and initialises an i18next instance with the catalogs (synchronously: resources are bundled).
 * @param lng the language to start in (falls back to English)
 */
export function createI18n(lng: string = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

/** Error codes of the client itself (no server involved): the server cannot be reached, no such table. */
const CLIENT_ERRORS = ['network', 'table/unknown'];

/** The message of an error code from the server or the engine (`errors.<code>`, else a generic one). */
export function errorMessage(t: TFunction, code: string): string {
  if (isErrorCode(code) || CLIENT_ERRORS.includes(code)) return t(`errors.${code}`);
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
  const keys = [reason, outcome].filter((k): k is string => typeof k === 'string').map((k) => `notices.${name}.${k}`);
  keys.push(`notices.${name}.other`);
  for (const key of keys) if (t(key, { defaultValue: '' }) !== '') return t(key, params);
  return notice.message || name;
}

/** The translated name of a hand category key (`one_pair` → "One pair"). */
export function categoryName(t: TFunction, category: Category | string): string {
  return t(`category.${category}`, { defaultValue: category });
}

/** The translated name of a Fortune pay-table line key (`four_of_a_kind` → "Four of a kind"); unknown keys show as is. */
export function fortuneLineName(t: TFunction, line: string): string {
  return t(`fortuneLine.${line}`, { defaultValue: line });
}

/** The hands that earned an envy bonus (rules.md §4) as one text: "Pat: Five aces, Lee: Royal flush". */
export function envyHandsText(t: TFunction, hands: readonly { readonly nickname: string; readonly line: string }[]): string {
  return hands.map((h) => t('result.envyHand', { nickname: h.nickname, line: fortuneLineName(t, h.line) })).join(', ');
}

/** Card text with suit symbols for reading (`Kd 9c` → `K♦ 9♣`, `Td` → `10♦`); the joker stays `Jk`. */
export function prettyCards(text: string): string {
  const suits: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => (c === 'Jk' ? c : (c[0] === 'T' ? '10' : c[0]) + (suits[c[1]] ?? c[1])))
    .join(' ');
}

/**
 * A house-way explanation (house-way.md, house-way-foxwoods.md): the catalog's `houseWay.<rule>` (or
 * `houseWayFoxwoods.<rule>`) with the explanation's
 * params made readable (`rank` letter → plural rank name, `pairs` → "two pairs (aces and kings)",
 * cards with suit symbols), or the English text the engine supplied when the catalog lacks the key.
 */
export function houseWayText(
  t: TFunction,
  explanation: { key: string; params?: Readonly<Record<string, string | number>>; text: string },
): string {
  const key = /^houseWay(Foxwoods)?\./.test(explanation.key) ? explanation.key : `houseWay.${explanation.key}`;
  const raw = explanation.params ?? {};
  const params: Record<string, string | number> = { ...raw };
  if (typeof raw.rank === 'string') params.rank = t(`rankPlural.${raw.rank}`, { defaultValue: raw.rank });
  if (typeof raw.pairs === 'string') {
    const names = raw.pairs.split(/\s+/).filter(Boolean).map((r) => t(`rankPlural.${r}`, { defaultValue: r }));
    const [first, second, third] = names;
    params.pairs = names.length === 3 ? t('houseWayParams.threePairs', { first, second, third }) : t('houseWayParams.twoPairs', { first, second });
  }
  for (const k of ['low', 'high'] as const) if (typeof raw[k] === 'string') params[k] = prettyCards(raw[k] as string);
  return t(key, { ...params, defaultValue: explanation.text });
}

/**
 * Formats cents as money in the current language (play money shown in US dollars, as in seed 002).
 * @param cents integer cents
 * @param signed prefix a + for gains
 */
export function formatMoney(lng: string, cents: number, signed = false): string {
  const text = new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', minimumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(Math.abs(cents) / 100);
  if (cents < 0) return `−${text}`;
  return signed && cents > 0 ? `+${text}` : text;
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
