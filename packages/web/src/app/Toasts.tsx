/**
 * Informational messages over the table (not the red `error`, which stays for refused actions): the
 * server's notices (rules.md §5 timers and interruptions: a bet returned, a hand set by the house way,
 * leaving the table or the bank, a void or recovered round), the client's own (a banking player stopped
 * banking), and the "While you were away" panel of rounds settled while the player was not looking.
 * Test ids: `notice` (`data-code`), `notice-close`, `sit-again`; `away-panel` with one `away-round`
 * per round (`data-round-id`, `data-result`, `data-net-cents`), `away-close`.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeText } from './i18n/index.js';
import type { NoticeItem } from './useTable.js';
import type { AwayRound } from './away.js';

/** A message of the client itself, already translated. */
export interface ToastNotice {
  readonly id: string;
  readonly code: string;
  readonly text: string;
  /** Stays until closed (else it goes `TOAST_MS` after `atMs`). */
  readonly sticky: boolean;
  /** Browser clock when it was raised, epoch ms. */
  readonly atMs: number;
}

/** How long an informational notice stays on screen, ms. */
export const TOAST_MS = 20_000;

/** Server notices that stay until closed: they change what the player can do. */
const STICKY = new Set(['notice/left-table', 'notice/left-bank']);

export function Toasts({ notices, local, away, tableNames, currentTable, money, onDismiss, onDismissLocal, onDismissAway, onSitAgain, canSitAgain }: {
  notices: readonly NoticeItem[];
  local: readonly ToastNotice[];
  away: readonly AwayRound[];
  tableNames: ReadonlyMap<string, string>;
  currentTable: { readonly id: string; readonly name: string } | null;
  money: (cents: number, signed?: boolean) => string;
  onDismiss: (id: number) => void;
  onDismissLocal: (id: string) => void;
  onDismissAway: () => void;
  onSitAgain: () => void;
  canSitAgain: boolean;
}) {
  const { t } = useTranslation();
  // Informational notices go by themselves; a recovered round is told in the away panel instead.
  useEffect(() => {
    const timers = [
      ...notices.filter((n) => !STICKY.has(n.code)).map((n) => window.setTimeout(() => onDismiss(n.id), Math.max(0, n.atMs + TOAST_MS - Date.now()))),
      ...local.filter((n) => !n.sticky).map((n) => window.setTimeout(() => onDismissLocal(n.id), Math.max(0, n.atMs + TOAST_MS - Date.now()))),
    ];
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [notices, local, onDismiss, onDismissLocal]);
  const shown = notices.filter((n) => n.code !== 'notice/round-recovered' || away.length === 0);
  if (shown.length === 0 && local.length === 0 && away.length === 0) return null;
  const nameOf = (id: string) => tableNames.get(id) ?? (currentTable?.id === id ? currentTable.name : id);
  return (
    <div className="toasts" aria-live="polite">
      {away.length > 0 && (
        <section className="toast toast--away" data-testid="away-panel" role="status">
          <button type="button" className="toast__close" data-testid="away-close" aria-label={t('app.dismiss')} title={t('app.dismiss')} onClick={onDismissAway}>
            ×
          </button>
          <h3 className="toast__title">{t('away.title')}</h3>
          <ul className="toast__list">
            {away.map((r) => (
              <li
                key={r.roundId}
                className={`away-round away-round--${r.outcome}`}
                data-testid="away-round"
                data-round-id={r.roundId}
                data-result={r.outcome}
                data-net-cents={r.netCents}
              >
                {t(r.outcome === 'push' && r.netCents !== 0 ? 'away.pushNet' : `away.${r.outcome}`, { table: nameOf(r.tableId), amount: money(r.netCents, true) })}
                {(r.setBy === 'disconnect' || r.setBy === 'timeout') && r.outcome !== 'void' && r.outcome !== 'bank' ? ` (${t('away.houseWay')})` : ''}
              </li>
            ))}
          </ul>
          <p className="toast__note">{t('away.note')}</p>
        </section>
      )}
      {shown.map((n) => (
        <div key={n.id} className="toast" data-testid="notice" data-code={n.code} role="status">
          <span className="toast__text">{noticeText(t, n, money)}</span>
          {n.code === 'notice/left-table' && canSitAgain && (
            <button
              type="button"
              className="btn btn--gold btn--small"
              data-testid="sit-again"
              onClick={() => {
                onSitAgain();
                onDismiss(n.id);
              }}
            >
              {t('table.sitAgain')}
            </button>
          )}
          <button type="button" className="toast__close" data-testid="notice-close" aria-label={t('app.dismiss')} title={t('app.dismiss')} onClick={() => onDismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
      {local.map((n) => (
        <div key={n.id} className="toast" data-testid="notice" data-code={n.code} role="status">
          <span className="toast__text">{n.text}</span>
          <button type="button" className="toast__close" data-testid="notice-close" aria-label={t('app.dismiss')} title={t('app.dismiss')} onClick={() => onDismissLocal(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
