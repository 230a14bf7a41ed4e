/**
 * The banner over the table while its connection is lost (rules.md §5 "Interruptions"): "Connection lost —
 * reconnecting…" from the moment the browser goes offline or the room's socket drops (`status` `reconnecting`),
 * gone once joined again, when "Connected again: the table is back." takes its place for `BACK_SHOWN_MS` (a screen
 * reader reads words that come, not words that go: a tester heard the loss and never the return). A polite live
 * region that is always there, so a screen reader hears the words as they come; it lies over the top of the window
 * and moves nothing on the felt (ConnectionBanner.css).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionStatus } from '../net/table-connection.js';
import './ConnectionBanner.css';

/** How long "Connected again" stays in the live region after the connection came back (ms). */
export const BACK_SHOWN_MS = 6_000;

/** Whether the table's connection is lost now (reconnecting), by its `status`. */
export function connectionLost(status: ConnectionStatus | string): boolean {
  return status === 'reconnecting';
}

/** What the live region says: the connection is lost, it came back, or nothing. */
export type ConnectionNotice = 'lost' | 'back' | null;

/**
 * The notice after `status` when `before` was shown: `lost` while reconnecting; `back` once the table is joined again
 * (`open`) after a loss, kept while it stays open (the caller clears it after `BACK_SHOWN_MS`); else nothing (the
 * first join is no return, and a connection closed for good is said elsewhere).
 */
export function connectionNotice(before: ConnectionNotice, status: ConnectionStatus | string): ConnectionNotice {
  if (connectionLost(status)) return 'lost';
  if (status === 'open' && before !== null) return 'back';
  return null;
}

/** The live region, with `connection-lost` in it while `status` says the connection is lost, then `connection-back`. */
export function ConnectionBanner({ status }: { status: ConnectionStatus | string }) {
  const [notice, setNotice] = useState<ConnectionNotice>(() => connectionNotice(null, status));
  const next = connectionNotice(notice, status);
  if (next !== notice) setNotice(next);
  useEffect(() => {
    if (notice !== 'back') return;
    const timer = window.setTimeout(() => setNotice(null), BACK_SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [notice]);
  return <ConnectionLive notice={next} />;
}

/** The live region's content for `notice`. */
export function ConnectionLive({ notice }: { notice: ConnectionNotice }) {
  const { t } = useTranslation();
  return (
    <div className="connection-live" role="status" aria-live="polite">
      {notice === 'lost' && (
        <p className="connection-banner" data-testid="connection-lost">
          <strong>{t('table.connectionLost')}</strong> <span className="connection-banner__hint">{t('table.connectionLostHint')}</span>
        </p>
      )}
      {notice === 'back' && (
        <p className="connection-banner connection-banner--back" data-testid="connection-back">
          {t('table.connectionBack')}
        </p>
      )}
    </div>
  );
}
