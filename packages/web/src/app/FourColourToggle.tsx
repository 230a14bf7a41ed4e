/**
 * The four-colour deck option (issue 14 point 5): diamonds blue and clubs green beside black spades and
 * red hearts, so that no two suits share a colour. A toggle button in the top bar (`four-colour`,
 * `aria-pressed`), remembered in this browser's localStorage; it sets the class `four-colour` on the
 * document's root element, which the card styles read.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const KEY = 'paigow.fourColour';

/** Whether this browser chose the four-colour deck (false when storage is unavailable). */
export function storedFourColour(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** The toggle; applies the stored choice on mount. */
export function FourColourToggle() {
  const { t } = useTranslation();
  const [on, setOn] = useState(storedFourColour);
  useEffect(() => {
    document.documentElement.classList.toggle('four-colour', on);
    try {
      window.localStorage.setItem(KEY, on ? '1' : '0');
    } catch {
      /* private mode: the choice lasts until the tab closes */
    }
  }, [on]);
  return (
    <button
      type="button"
      className="btn btn--small four-colour-toggle"
      data-testid="four-colour"
      aria-pressed={on}
      title={t('card.fourColour')}
      onClick={() => setOn((v) => !v)}
    >
      <span className="four-colour-toggle__suits" aria-hidden="true">
        <span className="four-colour-toggle__s">♠</span>
        <span className="four-colour-toggle__h">♥</span>
        <span className="four-colour-toggle__d">♦</span>
        <span className="four-colour-toggle__c">♣</span>
      </span>
      <span className="visually-hidden">{t('card.fourColour')}</span>
    </button>
  );
}
