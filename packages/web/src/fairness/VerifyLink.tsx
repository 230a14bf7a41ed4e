/** The link from a history row to the verify page of its round (`history-verify`; issue 15). */
import { useTranslation } from 'react-i18next';
import { newTabHref } from '../app/session.js';

/**
 * A "Verify" link to `#/verify/<roundId>`, opened in a new tab so that the table stays open; `you` (the player's
 * seat in the round, from 0, or `'banker'`) lets the page mark the player's own hand (`#/verify/<roundId>?you=2`);
 * the new tab speaks the page's language (`?lang=`). `said` is its name for a screen reader, which round and that it
 * opens a new tab (every row's link was "Verify").
 */
export function VerifyLink({ roundId, you, said }: { roundId: string; you?: number | 'banker'; said: string }) {
  const { t, i18n } = useTranslation();
  const href = newTabHref(you === undefined ? { screen: 'verify', roundId } : { screen: 'verify', roundId, you }, i18n.language);
  return (
    <a className="history-row__verify" data-testid="history-verify" href={href} target="_blank" rel="noopener" aria-label={said}>
      {t('fairness.verify')}
    </a>
  );
}
