/**
 * The help catalogs by language (issue 14 point 3). They are kept apart from the main catalogs
 * (src/app/i18n) and added to the i18n instance as the `help` namespace by `ensureHelpCatalogs`.
 */
import type { i18n as I18n } from 'i18next';
import type { Language } from '@paigow/i18n';
import { de } from './de.js';
import { en, type HelpCatalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ru } from './ru.js';

export type { HelpCatalog } from './en.js';

/** The help catalog of each language. */
export const HELP_CATALOGS: Readonly<Record<Language, HelpCatalog>> = { en, ru, fr, de, es };

/** The i18next namespace of the help text. */
export const HELP_NAMESPACE = 'help';

/** Adds the help catalogs to `i18n` as the `help` namespace (once; later calls change nothing). */
export function ensureHelpCatalogs(i18n: I18n): void {
  for (const [lng, catalog] of Object.entries(HELP_CATALOGS)) {
    if (!i18n.hasResourceBundle(lng, HELP_NAMESPACE)) i18n.addResourceBundle(lng, HELP_NAMESPACE, catalog);
  }
}
