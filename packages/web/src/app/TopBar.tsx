/** The bar above every screen after sign-in: the brand, who you are, and the money. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Suit } from '../table-ui/Suit.js';
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
