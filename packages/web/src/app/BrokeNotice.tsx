/**
 * On the felt, for a player whose balance is under the table minimum (rules.md §5: play money; a broke
 * player may top up): says so with the figures and offers Top up when the server grants one; a player whose
 * money is held as its bank's cover at another table is told so instead.
 */
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/protocol';
import { BROKE_BELOW_CENTS, brokeAt } from '../table-ui/broke.js';

type Money = (cents: number, signed?: boolean) => string;

/** The `broke` notice (`data-balance-cents`, `data-min-cents`) with `broke-top-up`; nothing when the player can bet. */
export function BrokeNotice({ view, you, money, onTopUp, busy }: { view: TableView; you: YouView; money: Money; onTopUp: () => void; busy: boolean }) {
  const { t } = useTranslation();
  const broke = brokeAt(you, view.config.limits.main);
  if (broke === null) return null;
  return (
    <div className="broke" data-testid="broke" data-balance-cents={broke.balanceCents} data-min-cents={broke.minCents} role="status">
      <span>{t('bets.broke', { balance: money(broke.balanceCents), min: money(broke.minCents) })}</span>{' '}
      {broke.canTopUp ? (
        <>
          <span>{t('bets.brokeTopUp')}</span>{' '}
          <button className="btn btn--gold btn--small" data-testid="broke-top-up" disabled={busy} onClick={onTopUp}>
            {t('table.topUp')}
          </button>
        </>
      ) : broke.heldElsewhereCents > 0 ? (
        <span>{t('bets.brokeHeld', { held: money(broke.heldElsewhereCents) })}</span>
      ) : (
        <span>{t('bets.brokeElsewhere', { below: money(BROKE_BELOW_CENTS) })}</span>
      )}
    </div>
  );
}
