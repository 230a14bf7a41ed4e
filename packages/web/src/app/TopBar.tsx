/** The bar above every screen after sign-in: the brand, who you are, and the money. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerSummary } from '@paigow/protocol';
import { Suit } from '../table-ui/Suit.js';
import { formatMoney, formatPoints } from './i18n/index.js';
import { LanguageSwitcher } from './LanguageSwitcher.js';
import { HelpButton } from '../help/HelpButton.js';
import { FourColourToggle } from './FourColourToggle.js';

/** The top bar: the brand, the language switcher, Help and the four-colour deck, then `children` (the screen's figures and buttons). */
export function TopBar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <header className="topbar">
      <div className="brand" title={t('app.title')}>
        <Suit suit={0} />
        <span>{t('app.title')}</span>
      </div>
      <LanguageSwitcher />
      <HelpButton />
      <FourColourToggle />
      {children}
    </header>
  );
}

/** A labelled figure in the top bar; `short`, when given, is its label on a phone (the whole one in its title). */
export function Stat({ label, short, children, className, testid, data }: {
  label: string;
  short?: string;
  children: ReactNode;
  className?: string;
  testid?: string;
  data?: Record<string, string | number>;
}) {
  const attrs = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, String(v)]));
  return (
    <div className={`stat ${className ?? ''}`}>
      {short === undefined ? (
        <span className="stat__label">{label}</span>
      ) : (
        <span className="stat__label" title={label}>
          <span className="stat__long">{label}</span>
          <span className="stat__short">{short}</span>
        </span>
      )}
      <span className="stat__value" data-testid={testid} {...attrs}>
        {children}
      </span>
    </div>
  );
}

/** Who is signed in, in the top bar (the lobby's and the coach pages'; the table has its own, with short labels). */
export function YouStat({ player }: { player: PlayerSummary }) {
  const { t } = useTranslation();
  return (
    <Stat label={t('table.you')} className="stat--you">
      <span className="stat__name" title={player.nickname}>
        {player.nickname}
      </span>
    </Stat>
  );
}

/** The signed-in player's comp points and balance (`comp-points`, `balance`), after a line break on a phone. */
export function PlayerFigures({ player }: { player: PlayerSummary }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <>
      <span className="topbar__break" />
      <span className="topbar__spacer" />
      <Stat label={t('table.compPoints')} testid="comp-points" data={{ points: player.compPoints }}>
        {formatPoints(lng, player.compPoints)}
      </Stat>
      <Stat label={t('table.balance')} className="stat--balance" testid="balance" data={{ cents: player.balanceCents }}>
        <span className="stat__value--gold">{formatMoney(lng, player.balanceCents)}</span>
      </Stat>
    </>
  );
}
