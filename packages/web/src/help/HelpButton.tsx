/** The "?" button of the top bar (`help-open`; seed `002`'s Hilfe): opens the help over the current screen. */
import { useTranslation } from 'react-i18next';
import { helpHash } from './route.js';

/** The button; the help's first section opens over whatever screen the hash names. */
export function HelpButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="btn btn--small help-open"
      data-testid="help-open"
      aria-label={t('a11y.help')}
      title={t('a11y.help')}
      onClick={() => {
        window.location.hash = helpHash(window.location.hash, 'hands');
      }}
    >
      ?
    </button>
  );
}
