/** The link from a history row to the verify page of its round (`history-verify`; issue 15). */
import { useTranslation } from 'react-i18next';
import { routeHash } from '../app/session.js';

/** A "Verify" link to `#/verify/<roundId>`, opened in a new tab so that the table stays open. */
export function VerifyLink({ roundId }: { roundId: string }) {
  const { t } = useTranslation();
  return (
    <a className="history-row__verify" data-testid="history-verify" href={routeHash({ screen: 'verify', roundId })} target="_blank" rel="noopener">
      {t('fairness.verify')}
    </a>
  );
}
