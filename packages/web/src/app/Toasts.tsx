/**
 * Informational messages beside the table (not the red `error`, which stays for refused actions): the
 * server's notices (rules.md §5 timers and interruptions: a bet returned, a hand set by the house way,
 * leaving the table or the bank, a void or recovered round), the client's own (a banking player stopped
 * banking), and the "While you were away" panel of rounds settled while the player was not looking.
 * A notice of another table than the one on screen is told with that table's name (`otherTable`).
 * Test ids: `notice` (`data-code`), `notice-close`, `sit-again`; `away-panel` with one `away-round`
 * per round (`data-round-id`, `data-result`, `data-net-cents`), `away-close`.
 *
 * They never cover the felt's hands nor its controls, nor the top bar (styles.css: the bottom right corner, under the
 * side column, on a wide screen; in the felt's flow under the actions on a narrower one; on a phone in the page's flow
 * under the top bar, moving the felt down while they show: at the window's bottom a tester's phone had them over Clear,
 * Undo and Double, and over the top bar they hid a new player's balance, Lobby button and seats), and they go by
 * themselves: a notice after `TOAST_MS`, one that asks for an action after `ACTION_TOAST_MS`, the away panel `AWAY_MS`
 * after its last round; each can be closed sooner.
 * In the corner they cover none of the side column's controls (its fairness link, history, sound switch):
 * while they show, the column ends above them (`--toasts-room`, their height and `TOASTS_GAP_PX`, set on the
 * page; the column's panels scroll in what is left).
 */
import { useCallback, useEffect, type CSSProperties } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { noticeText } from './i18n/index.js';
import type { NoticeItem } from './useTable.js';
import type { AwayRound } from './away.js';

/** A message of the client itself, already translated. */
export interface ToastNotice {
  readonly id: string;
  readonly code: string;
  readonly text: string;
  /** Asks the player to act: stays `ACTION_TOAST_MS` instead of `TOAST_MS` (it fades all the same). */
  readonly sticky: boolean;
  /** Browser clock when it was raised, epoch ms. */
  readonly atMs: number;
}

/** How long an informational notice stays on screen, ms (then it fades by itself). */
export const TOAST_MS = 9_000;

/** How long a notice that asks the player to act (sit again, bank again) stays on screen, ms. */
export const ACTION_TOAST_MS = 20_000;

/** How long the "While you were away" panel stays after its last round was added, ms. */
export const AWAY_MS = 30_000;

/** The fade-out at the end of a toast's time, ms (styles.css `toast-out`). */
export const TOAST_FADE_MS = 600;

/** The room between the side column's end and the notices in the corner under it, px. */
const TOASTS_GAP_PX = 8;

/** Server notices that change what the player can do: they stay longer (`ACTION_TOAST_MS`). */
const ACTION_CODES = new Set(['notice/left-table', 'notice/left-bank']);

/**
 * How long a toast stays on screen, ms: `ACTION_TOAST_MS` for a notice that asks the player to act
 * (`notice/left-table`, `notice/left-bank`, or a client notice marked `sticky`), else `TOAST_MS`.
 * Every toast goes by itself (rules.md §5 timers and interruptions are told, never left over the felt).
 * @param code the notice code (`notice/...` from the server, `local/...` from the client)
 */
export function toastLifetimeMs(code: string, sticky = false): number {
  return sticky || ACTION_CODES.has(code) ? ACTION_TOAST_MS : TOAST_MS;
}

/** A toast to take off the screen after `inMs` milliseconds. */
export type Dismissal = { readonly kind: 'server'; readonly id: number; readonly inMs: number } | { readonly kind: 'local'; readonly id: string; readonly inMs: number };

/**
 * When each toast on screen goes: its lifetime (`toastLifetimeMs`) counted from its arrival `atMs`
 * (browser clock, epoch ms), never negative (an overdue toast goes at once).
 * @param nowMs the browser clock now, epoch ms
 */
export function dismissals(notices: readonly NoticeItem[], local: readonly ToastNotice[], nowMs: number): Dismissal[] {
  const left = (atMs: number, lifeMs: number) => Math.max(0, atMs + lifeMs - nowMs);
  return [
    ...notices.map((n): Dismissal => ({ kind: 'server', id: n.id, inMs: left(n.atMs, toastLifetimeMs(n.code)) })),
    ...local.map((n): Dismissal => ({ kind: 'local', id: n.id, inMs: left(n.atMs, toastLifetimeMs(n.code, n.sticky)) })),
  ];
}

/** The CSS delay of a toast's fade-out (`--toast-fade-in`), so that it has faded when it is taken off. */
function fadeStyle(atMs: number, lifeMs: number): CSSProperties {
  const delay = Math.max(0, atMs + lifeMs - Date.now() - TOAST_FADE_MS);
  return { ['--toast-fade-in' as string]: `${delay}ms` } as CSSProperties;
}

/**
 * One round of "While you were away": its outcome line, and when the house set the hand (time ran
 * out, a disconnection, the server stopped) the catalog's `away.withHouseWay` around it, so each language orders the two.
 */
export function awayLine(t: TFunction, r: AwayRound, table: string, money: (cents: number, signed?: boolean) => string): string {
  const line = t(r.outcome === 'push' && r.netCents !== 0 ? 'away.pushNet' : `away.${r.outcome}`, { table, amount: money(r.netCents, true) });
  const setByHouse = (r.setBy === 'disconnect' || r.setBy === 'timeout' || r.setBy === 'recovery') && r.outcome !== 'void' && r.outcome !== 'bank';
  return setByHouse ? t('away.withHouseWay', { line, houseWay: t('away.houseWay') }) : line;
}

/**
 * Whether a refusal `code` is told already by a notice on screen, so the red error would only contradict it: a Deal
 * refused for want of a bet (`bet/none`) just after the server gave the bets back (`notice/bet-returned`: a balance
 * spent at another table, the bet timer). A retester read "Place a bet first." in red beside "Your bets (500.00) went
 * back to your balance: …", having bet and pressed Deal.
 */
export function toldByNotice(code: string, notices: readonly { readonly code: string }[]): boolean {
  return code === 'bet/none' && notices.some((n) => n.code === 'notice/bet-returned');
}

/**
 * The table a server notice happened at when it is not the one on screen (a join is sent every notice not yet
 * acknowledged, from any table: docs/protocol.md `notice`), else null: such a notice is told with that table's name
 * (`notices.atTable`) and offers no "Sit again" here.
 */
export function otherTable(notice: { readonly tableId: string | null }, currentTable: { readonly id: string } | null): string | null {
  return notice.tableId !== null && currentTable !== null && notice.tableId !== currentTable.id ? notice.tableId : null;
}

/**
 * A ref for the notices in the corner: while they are on the page, `--toasts-room` on the root element is their
 * height and `TOASTS_GAP_PX`, followed as they come, go and change (styles.css takes it from the side column's height).
 */
function useCornerRoom(inCorner: boolean): (el: HTMLElement | null) => (() => void) | undefined {
  return useCallback(
    (el: HTMLElement | null) => {
      if (!el || !inCorner || typeof ResizeObserver !== 'function') return undefined;
      const root = document.documentElement;
      const observer = new ResizeObserver(() => root.style.setProperty('--toasts-room', `${el.offsetHeight + TOASTS_GAP_PX}px`));
      observer.observe(el);
      return () => {
        observer.disconnect();
        root.style.removeProperty('--toasts-room');
      };
    },
    [inCorner],
  );
}

/**
 * The notices and the away panel (see the file's comment), each going by itself; `null` when there is
 * nothing to show. Where they are drawn: `inCorner`, else in the page's flow where they are put. `money` formats cents;
 * `canSitAgain` offers "Sit again" on `notice/left-table` after a timeout (not after an idle stand-up: the sit would be
 * refused `action/idle-wait` for the table's idle-seat time, which the notice gives).
 */
export function Toasts({ notices, local, away, tableNames, currentTable, money, inCorner = false, onDismiss, onDismissLocal, onDismissAway, onSitAgain, canSitAgain }: {
  notices: readonly NoticeItem[];
  local: readonly ToastNotice[];
  away: readonly AwayRound[];
  tableNames: ReadonlyMap<string, string>;
  currentTable: { readonly id: string; readonly name: string } | null;
  money: (cents: number, signed?: boolean) => string;
  /** Drawn in the bottom right corner under the side column (a wide screen), not in the page's flow (the default). */
  inCorner?: boolean;
  onDismiss: (id: number) => void;
  onDismissLocal: (id: string) => void;
  onDismissAway: () => void;
  onSitAgain: () => void;
  canSitAgain: boolean;
}) {
  const { t } = useTranslation();
  const cornerRoom = useCornerRoom(inCorner);
  // Every notice goes by itself (those asking for an action a little later); a recovered round is told in
  // the away panel instead.
  useEffect(() => {
    const timers = dismissals(notices, local, Date.now()).map((d) =>
      window.setTimeout(() => (d.kind === 'server' ? onDismiss(d.id) : onDismissLocal(d.id)), d.inMs),
    );
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [notices, local, onDismiss, onDismissLocal]);
  // The away panel goes `AWAY_MS` after its last change (the rounds stay in the history).
  useEffect(() => {
    if (away.length === 0) return;
    const timer = window.setTimeout(onDismissAway, AWAY_MS);
    return () => window.clearTimeout(timer);
  }, [away, onDismissAway]);
  const shown = notices.filter((n) => n.code !== 'notice/round-recovered' || away.length === 0);
  if (shown.length === 0 && local.length === 0 && away.length === 0) return null;
  const nameOf = (id: string) => tableNames.get(id) ?? (currentTable?.id === id ? currentTable.name : id);
  return (
    <div className="toasts" aria-live="polite" ref={cornerRoom}>
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
                {awayLine(t, r, nameOf(r.tableId), money)}
              </li>
            ))}
          </ul>
          <p className="toast__note">{t('away.note')}</p>
        </section>
      )}
      {shown.map((n) => {
        const elsewhere = otherTable(n, currentTable);
        return (
          <div key={n.id} className="toast toast--fading" style={fadeStyle(n.atMs, toastLifetimeMs(n.code))} data-testid="notice" data-code={n.code} role="status">
            <span className="toast__text">{elsewhere === null ? noticeText(t, n, money) : t('notices.atTable', { table: nameOf(elsewhere), text: noticeText(t, n, money) })}</span>
            {n.code === 'notice/left-table' && n.params.reason !== 'idle' && canSitAgain && elsewhere === null && (
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
        );
      })}
      {local.map((n) => (
        <div key={n.id} className="toast toast--fading" style={fadeStyle(n.atMs, toastLifetimeMs(n.code, n.sticky))} data-testid="notice" data-code={n.code} role="status">
          <span className="toast__text">{n.text}</span>
          <button type="button" className="toast__close" data-testid="notice-close" aria-label={t('app.dismiss')} title={t('app.dismiss')} onClick={() => onDismissLocal(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
