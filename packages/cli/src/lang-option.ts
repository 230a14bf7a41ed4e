/**
 * The `--lang <code>` option of the commands that print hand names and house-way explanations
 * (issue 14 point 7): en, ru, fr, de or es, by default from the environment (LC_ALL, then
 * LC_MESSAGES, then LANG; English when none names a supported language). The texts come from the
 * same catalogs as the web client's (packages/i18n), read through i18next.
 */

import { Option } from 'commander';
import i18next from 'i18next';
import { LANGUAGES, SHARED_CATALOGS, matchLanguage, type Language, type Translate } from '@paigow/i18n';
import { UsageError } from './io.js';

/**
 * The `--lang <code>` option, to `addOption`: its default is the environment's language (`environmentLanguage`),
 * which the help says instead of the value this process happened to find (it printed both, and they disagreed).
 */
export function langOptionSpec(): Option {
  return new Option('--lang <code>', `language of hand names and explanations: ${LANGUAGES.join(', ')}`)
    .argParser(langOption)
    .default(environmentLanguage(), 'from LC_ALL / LC_MESSAGES / LANG, else en');
}

/**
 * Parses a `--lang` value (commander's option parser); `de-DE` and `de_DE.UTF-8` read as `de`.
 * @throws UsageError (exit status 2) naming the languages there are, for an unsupported one
 */
export function langOption(text: string): Language {
  const found = matchLanguage([text]);
  if (found === undefined) throw new UsageError(`--lang: no language '${text}' (there are: ${LANGUAGES.join(', ')})`);
  return found;
}

/**
 * The language the environment asks for: the first of LC_ALL, LC_MESSAGES and LANG that is set
 * (POSIX precedence), if it names a supported language; else English (`C`, `POSIX`, unset, others).
 */
export function environmentLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  const chosen = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((v) => v !== undefined && v !== '');
  return matchLanguage([chosen]) ?? 'en';
}

/** A translate function over the shared catalogs in `lang` (English where a key is missing). */
export function translator(lang: Language): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: lang,
    fallbackLng: 'en',
    resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: SHARED_CATALOGS[l] }])),
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return (key, options) => instance.t(key, options);
}
