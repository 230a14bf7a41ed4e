/**
 * The site header over the coach, trainer and daily-challenge pages (the lobby's and the table's `TopBar`):
 * the brand, the language switcher, Help and the four-colour deck, the way back to the lobby, and — when a
 * player is signed in — who it is, its comp points and its balance (the trainer needs no sign-in); then the site's
 * navigation (SiteNav).
 */
import { useTranslation } from 'react-i18next';
import type { PlayerSummary } from '@paigow/protocol';
import { PlayerFigures, TopBar, YouStat } from '../app/TopBar.js';
import { SiteNav } from '../app/SiteNav.js';

/**
 * The header of page `current`; `player` is the signed-in player (`null` for a guest on the trainer), `onBack` returns to
 * the lobby (`coach-back`).
 */
export function CoachTopBar({ current, player, onBack }: { current: 'coach' | 'trainer' | 'daily'; player: PlayerSummary | null; onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <TopBar>
        {player && <YouStat player={player} />}
        <button className="btn btn--ghost btn--small topbar__leave" data-testid="coach-back" onClick={onBack}>
          {t('coach.page.back')}
        </button>
        {player && <PlayerFigures player={player} />}
      </TopBar>
      <SiteNav current={current} />
    </>
  );
}
