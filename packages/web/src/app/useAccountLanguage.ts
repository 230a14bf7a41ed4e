/**
 * The account keeps the player's language (issue 14 point 1). When a session starts, the account's
 * language (once chosen) becomes the page's, unless the address names one (`?lang=`); from then on
 * the page's language is saved to the account (`PUT /api/me/language`) whenever it differs, so the
 * next browser the player signs in from speaks it too, except the language the address names: a link
 * with `?lang=de` (a friend's, a help page's) shows that visit in German without changing the account,
 * until the player picks a language in the switcher, which drops `?lang=` from the address (`pickLanguage`)
 * so the pick is saved even when it is the language the link named.
 * A failed save changes nothing: this browser remembers the choice anyway (localStorage, i18n/choice.ts).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@paigow/i18n';
import type { PlayerSummary } from '@paigow/protocol';
import type { Api } from '../net/http.js';
import { chooseLanguage, languageFromAddress } from './i18n/choice.js';

/**
 * The language to save to the account, or null: the page's language `lng` when it is one of the five, differs
 * from the account's and is not the one the address names (`search`, `?lang=`), which lasts for the visit only.
 */
export function languageToSave(lng: string, account: Language | null, search: string): Language | null {
  if (!isLanguage(lng) || lng === account || languageFromAddress(search) === lng) return null;
  return lng;
}

/**
 * Keeps the page's language and the account's in step.
 * @param session the signed-in session, or null
 * @param onPlayer receives the account's new `language` after a save
 */
export function useAccountLanguage(
  api: Api,
  session: { readonly token: string; readonly player: PlayerSummary } | null,
  onPlayer: (player: Partial<PlayerSummary>) => void,
): void {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  // The token whose account language has been applied to the page.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    if (session === null) {
      applied.current = null;
      return;
    }
    const account = session.player.language;
    if (applied.current !== session.token) {
      applied.current = session.token;
      if (account !== null && account !== lng && languageFromAddress(window.location.search) === undefined) {
        chooseLanguage(i18n, account);
        return;
      }
    }
    const save = languageToSave(lng, account, window.location.search);
    if (save !== null) {
      api.setLanguage(session.token, save).then(
        ({ player }) => onPlayer({ language: player.language }),
        () => undefined,
      );
    }
  }, [api, session, lng, i18n, onPlayer]);
}
