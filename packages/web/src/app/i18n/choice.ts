/**
 * Which language the client speaks (issue 14 point 1): `?lang=` in the address (a language, or
 * `pseudo` for the pseudo-locale), else the player's choice remembered in this browser
 * (localStorage), else the browser's languages (navigator.languages), else English. A signed-in
 * player's account keeps the choice too (`PUT /api/me/language`, App.tsx).
 */
import type { i18n as I18n } from 'i18next';
import { isLanguage, matchLanguage, type Language } from '@paigow/i18n';
import { PSEUDO_LANGUAGE } from './pseudo.js';

/** The localStorage key of the remembered choice. */
export const LANGUAGE_STORAGE_KEY = 'paigow.language';

/** A language the client can show: one of `LANGUAGES`, or the pseudo-locale. */
export type ShownLanguage = Language | typeof PSEUDO_LANGUAGE;

/** What `initialLanguage` decides from. */
export interface LanguageSources {
  /** `location.search`, e.g. `?lang=de`. */
  readonly search: string;
  /** The remembered choice (localStorage), or null. */
  readonly stored: string | null;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  readonly browser: readonly string[];
}

/** The language named by `?lang=` (`pseudo` → the pseudo-locale), or undefined. */
export function languageFromAddress(search: string): ShownLanguage | undefined {
  const asked = new URLSearchParams(search).get('lang');
  if (asked === null) return undefined;
  if (asked === 'pseudo' || asked === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  return matchLanguage([asked]);
}

/** The language to start in: `?lang=`, else the remembered choice, else the browser's first supported language, else English. */
export function initialLanguage(sources: LanguageSources): ShownLanguage {
  return languageFromAddress(sources.search) ?? (isLanguage(sources.stored) ? sources.stored : undefined) ?? matchLanguage(sources.browser) ?? 'en';
}

/** The remembered choice of this browser, or null (storage unavailable). */
export function storedLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Switches `i18n` to `lng` and remembers it in this browser (when storage is available). */
export function chooseLanguage(i18n: I18n, lng: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
  void i18n.changeLanguage(lng);
}

/**
 * `href` without its `?lang=` parameter (the rest of the query and the hash kept), or null when it names none.
 * @param href an absolute address, e.g. `https://paigow.example/?lang=fr&x=1#/help/rules`
 */
export function addressWithoutLanguage(href: string): string | null {
  const url = new URL(href);
  if (!url.searchParams.has('lang')) return null;
  url.searchParams.delete('lang');
  return url.href;
}

/**
 * The player's choice in the switcher: drops `?lang=` from the address first (history.replaceState, no
 * reload), since a link's language lasts only until the player picks one, so the account saves the choice
 * (useAccountLanguage reads the address) and a reload keeps it; then switches and remembers it (`chooseLanguage`).
 */
export function pickLanguage(i18n: I18n, lng: Language): void {
  const address = addressWithoutLanguage(window.location.href);
  if (address !== null) window.history.replaceState(window.history.state, '', address);
  chooseLanguage(i18n, lng);
}

/** The page follows the language: `<html lang>` (screen readers, hyphenation) and the tab's title. */
export function followLanguage(i18n: I18n): void {
  const apply = (lng: string) => {
    document.documentElement.lang = lng;
    document.title = i18n.t('app.title');
  };
  apply(i18n.language);
  i18n.on('languageChanged', apply);
}
