/**
 * The language switcher (issue 14 point 1): a small select in the top bar and on the sign-in screen.
 * Each language is named in itself (Intl.DisplayNames: "Deutsch", "русский"), so no catalog holds
 * the list; the choice is remembered in this browser, and App.tsx saves it to the account (always: it
 * also drops the address's `?lang=`, which would otherwise keep its language from being saved).
 */
import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage, type Language } from '@paigow/i18n';
import { pickLanguage } from './i18n/choice.js';

/** A language's name in that language, with a capital first letter ("Русский"). */
export function languageName(lng: Language): string {
  const name = new Intl.DisplayNames([lng], { type: 'language' }).of(lng) ?? lng;
  return name.charAt(0).toLocaleUpperCase(lng) + name.slice(1);
}

/** The select; `data-testid="language"`. Shows the pseudo-locale as English (it is English, disguised). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <select
      className="language-switcher"
      data-testid="language"
      aria-label={t('app.language')}
      title={t('app.language')}
      value={current}
      onChange={(e) => {
        if (isLanguage(e.target.value)) pickLanguage(i18n, e.target.value);
      }}
    >
      {LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {languageName(lng)}
        </option>
      ))}
    </select>
  );
}
