/**
 * The banner over the table while its connection is lost (rules.md §5 "Interruptions"): "Connection lost —
 * reconnecting…" from the moment the browser goes offline or the room's socket drops (`status` `reconnecting`),
 * gone once joined again. A polite live region that is always there, so a screen reader hears the words as they come
 * and go; it lies over the top of the window and moves nothing on the felt (ConnectionBanner.css).
 */
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../net/table-connection.js';
import './ConnectionBanner.css';

/** Whether the table's connection is lost now (reconnecting), by its `status`. */
export function connectionLost(status: ConnectionStatus | string): boolean {
  return status === 'reconnecting';
}

/** The live region, with `connection-lost` in it while `status` says the connection is lost. */
export function ConnectionBanner({ status }: { status: ConnectionStatus | string }) {
  const { t } = useTranslation();
  const lost = connectionLost(status);
  return (
    <div className="connection-live" role="status" aria-live="polite">
      {lost && (
        <p className="connection-banner" data-testid="connection-lost">
          <strong>{t('table.connectionLost')}</strong> <span className="connection-banner__hint">{t('table.connectionLostHint')}</span>
        </p>
      )}
    </div>
  );
}
