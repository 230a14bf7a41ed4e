/**
 * The player's languages shared by the web client and the `paigow` command (issue 14 point 7): hand
 * names, house-way explanations and Fortune lines in English, Russian, French, German and Spanish, as
 * plain data in i18next's resource format (`{{name}}` interpolation), and the function that turns a
 * house-way explanation (engine/src/house-way/explain.ts: key, params, English text) into a sentence
 * of a catalog. No React, no i18next: callers pass their own translate function.
 */
import { PLAYER_LANGUAGES, isPlayerLanguage, type PlayerLanguage } from '@paigow/protocol';
import { de } from './de.js';
import { en, type SharedCatalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ru } from './ru.js';

export type { SharedCatalog } from './en.js';

/** The languages with a catalog (the protocol's `PLAYER_LANGUAGES`: en, ru, fr, de, es); the first is the fallback. */
export const LANGUAGES = PLAYER_LANGUAGES;
/** One of `LANGUAGES`. */
export type Language = PlayerLanguage;

/** The shared catalog of each language. */
export const SHARED_CATALOGS: Readonly<Record<Language, SharedCatalog>> = { en, ru, fr, de, es };

/** Whether `value` is one of `LANGUAGES`. */
export const isLanguage: (value: unknown) => value is Language = isPlayerLanguage;

/**
 * The first supported language among locale tags, by their primary subtag (`de-AT` → `de`,
 * `ru_RU.UTF-8` → `ru`); `undefined` when none is supported.
 * @param tags BCP 47 tags (navigator.languages) or POSIX locales (LANG, LC_ALL); empty ones are skipped
 */
export function matchLanguage(tags: readonly (string | undefined)[]): Language | undefined {
  for (const tag of tags) {
    const primary = tag?.split(/[-_.@]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** A translate function: a catalog key (dotted path) and its interpolation values → the text. */
export type Translate = (key: string, options: Record<string, unknown>) => string;

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
 * A house-way explanation (house-way.md, house-way-foxwoods.md) in the translator's language: the
 * catalog's `houseWay.<rule>` (or `houseWayFoxwoods.<rule>`) with the explanation's params made
 * readable (`rank` letter → plural rank name, `pairs` → "two pairs (aces and kings)", cards with
 * suit symbols), or the English text the engine supplied when the catalog lacks the key.
 * @param t translates a key with interpolation values (`defaultValue` is the fallback text)
 * @param explanation `{key, params, text}` as the engine's `HouseWaySetting.explanation`
 * @param cards how card text is shown (default `prettyCards`; the CLI keeps its `Kd 9c` notation)
 */
export function houseWayText(
  t: Translate,
  explanation: { readonly key: string; readonly params?: Readonly<Record<string, string | number>>; readonly text: string },
  cards: (text: string) => string = prettyCards,
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
  for (const k of ['low', 'high'] as const) if (typeof raw[k] === 'string') params[k] = cards(raw[k] as string);
  return t(key, { ...params, defaultValue: explanation.text });
}

export { handDescription } from './hand-description.js';
