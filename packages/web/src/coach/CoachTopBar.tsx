/**
 * The site header over the coach, trainer and daily-challenge pages (the lobby's and the table's `TopBar`):
 * the brand, the language switcher, Help and the four-colour deck, the way back to the lobby, and — when a
 * player is signed in — who it is, its comp points and its balance (the trainer needs no sign-in).
 */
import { useTranslation } from 'react-i18next';
import type { PlayerSummary } from '@paigow/protocol';
import { formatMoney, formatPoints } from '../app/i18n/index.js';
import { Stat, TopBar } from '../app/TopBar.js';

/**
 * The header; `player` is the signed-in player (`null` for a guest on the trainer), `onBack` returns to the
 * lobby (`coach-back`).
 */
export function CoachTopBar({ player, onBack }: { player: PlayerSummary | null; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  return (
    <TopBar>
      {player && (
        <Stat label={t('table.you')} className="stat--you">
          <span className="stat__name" title={player.nickname}>
            {player.nickname}
          </span>
        </Stat>
      )}
      <button className="btn btn--ghost btn--small topbar__leave" data-testid="coach-back" onClick={onBack}>
        {t('coach.page.back')}
      </button>
      {player && (
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
      )}
    </TopBar>
  );
}
