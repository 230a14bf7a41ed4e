/**
 * The site's navigation, the same on every page but the table (a tester: the verify page had no link to the coach,
 * which the lobby had): the house-way lab, the coach, the trainer and the daily challenge (`site-nav`: `lab-link`,
 * `coach-link`, `trainer-link`, `daily-link`), under the top bar; the page shown is marked `aria-current="page"`.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TopBar } from './TopBar.js';

/** The pages that show the navigation (the route's screen). */
export type SitePage = 'lobby' | 'house-way-lab' | 'coach' | 'trainer' | 'daily' | 'verify' | 'fairness-audit';

const LINKS = [
  { page: 'house-way-lab', href: '#/house-way-lab', testid: 'lab-link', label: 'lab.link' },
  { page: 'coach', href: '#/coach', testid: 'coach-link', label: 'coach.page.link' },
  { page: 'trainer', href: '#/trainer', testid: 'trainer-link', label: 'coach.trainer.link' },
  { page: 'daily', href: '#/daily', testid: 'daily-link', label: 'coach.daily.link' },
] as const;

/** The navigation landmark of page `current`. */
export function SiteNav({ current }: { current: SitePage }) {
  const { t } = useTranslation();
  return (
    <nav className="site-nav" aria-label={t('app.siteNav')} data-testid="site-nav">
      {LINKS.map((link) => (
        <a key={link.page} className="btn btn--small btn--ghost" href={link.href} data-testid={link.testid} aria-current={current === link.page ? 'page' : undefined}>
          {t(link.label)}
        </a>
      ))}
    </nav>
  );
}

/**
 * A page of the site that leads back with one button (the lab, Verify, the fairness audit): the top bar with that
 * button (`back`: its test id, words and action), the site's navigation marking `current`, then `children`.
 */
export function BackPage({ current, back, children }: { current: SitePage; back: { testid: string; label: string; onClick: () => void }; children: ReactNode }) {
  return (
    <>
      <TopBar>
        <button className="btn btn--ghost btn--small topbar__leave" data-testid={back.testid} onClick={back.onClick}>
          {back.label}
        </button>
      </TopBar>
      <SiteNav current={current} />
      {children}
    </>
  );
}
