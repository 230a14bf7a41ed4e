/**
 * The lobby (docs/protocol.md `GET /api/tables`): the tables with their limits; a click sits down (or, at a full
 * table, opens it to watch).
 * Signing out asks first: a guest account cannot be recovered once its token is forgotten. A seat the player
 * may still hold (a tab closed at a table, seat-memory.ts) is offered first (`seat-return`), until its hold runs out;
 * a seat it plays at in another tab or window is said as such, with the way to open that table here.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeldSeat, LobbyTable, PlayerSummary } from '@paigow/protocol';
import { ApiError, type Api } from '../net/http.js';
import { BROKE_BELOW_CENTS } from '../table-ui/broke.js';
import { errorMessage, formatMoney, formatPoints, tableName } from './i18n/index.js';
import { PlayerFigures, TopBar, YouStat } from './TopBar.js';
import { SiteNav } from './SiteNav.js';
import type { Session } from './session.js';
import { localStore } from '../table-ui/browser-storage.js';
import { seatNotice, seatToReturn, type RememberedSeat } from './seat-memory.js';
import { useFocusBack } from './useFocusBack.js';
import { usePageHeading } from './opening-focus.js';

/** How often the lobby asks again about a seat played in another tab or window, ms. */
const SEAT_RECHECK_MS = 3_000;
/** How long after leaving a round in play the lobby keeps asking for the balance (the longest a round waits, with room). */
const ROUND_LEFT_RECHECK_MS = 120_000;

/** Whether every seat of a lobby table is taken: it can be opened only to watch. */
export function tableFull(table: Pick<LobbyTable, 'seats' | 'seatsTaken'>): boolean {
  return table.seatsTaken >= table.seats;
}

/**
 * A table's tile (`table-<tableId>`): its name, limits, who banks, its house way, its seats, its bonuses and banker,
 * and what pressing it does: Sit down, or at a full table (`table-full-<tableId>` says so) Watch.
 */
export function TableTile({ table, onOpen }: { table: LobbyTable; onOpen: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const full = tableFull(table);
  return (
    <button className="table-tile" data-testid={`table-${table.tableId}`} data-full={full} onClick={onOpen}>
      <span className="table-tile__name">{tableName(t, table)}</span>
      <span className="table-tile__limits">
        {t('lobby.limits', { min: formatMoney(lng, table.limits.main.minCents), max: formatMoney(lng, table.limits.main.maxCents) })}
      </span>
      <span className="table-tile__meta">{table.playerBanking ? t('lobby.playerBanks') : t('lobby.houseBanks')}</span>
      <span className="table-tile__meta" data-testid={`house-way-${table.tableId}`} data-house-way={table.houseWay}>
        {t('lobby.houseWay', { name: t(`houseWayNames.${table.houseWay}`) })}
      </span>
      <span className="table-tile__meta">
        {t('lobby.players', { count: table.seatsTaken })} · {t('lobby.seats', { count: table.seats })}
        {table.limits.fortune ? ` · ${t('lobby.fortune')}` : ''}
      </span>
      {full && (
        <span className="table-tile__meta table-tile__full" data-testid={`table-full-${table.tableId}`}>
          {t('lobby.full')}
        </span>
      )}
      {table.envyBonus && (
        <span className="table-tile__meta envy-badge" data-testid={`envy-${table.tableId}`}>
          {t('lobby.envy')}
        </span>
      )}
      {table.banker !== 'house' && <span className="table-tile__meta">{t('table.banker')}: {table.banker.nickname}</span>}
      <span className="btn btn--gold btn--small table-tile__sit">{full ? t('lobby.watch') : t('lobby.sit')}</span>
    </button>
  );
}

/** The lobby screen: the player's figures (a Top up when broke), the tables to sit at, and Sign out. */
export function Lobby({ api, session, onSit, onSignOut, onPlayer, flash = null, roundLeftAtMs = null }: {
  api: Api;
  session: Session;
  onSit: (tableId: string) => void;
  onSignOut: () => void;
  onPlayer: (p: Partial<PlayerSummary>) => void;
  /** A message to show on arrival (why the player was sent back here), or `null`. */
  flash?: string | null;
  /**
   * When the player last left a round of its own still in play (epoch ms), or `null`: its balance and comp points change
   * when that round settles, with no connection to tell the lobby, which asks again meanwhile (a player saw a push as
   * a loss until it pressed Refresh).
   */
  roundLeftAtMs?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [tables, setTables] = useState<readonly LobbyTable[] | null>(null);
  // The seats the server says the player holds (with the tables, from the same refresh).
  const [seats, setSeats] = useState<readonly HeldSeat[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  // The lobby's title takes the focus as it opens (Join or the table's Lobby button that had it is gone).
  const heading = usePageHeading();
  // The sign-out question gives the focus back to Sign out when it closes (Escape, Stay, a click beside it), as Help does.
  useFocusBack(confirming, 'sign-out');
  const [heldSeat, setHeldSeat] = useState<RememberedSeat | null>(() => seatToReturn(localStore(), session.player.id, Date.now()));
  // The way back goes once the server would have stood the player up: the browser cannot tell whether it did sooner.
  useEffect(() => {
    if (heldSeat === null) return;
    const timer = window.setTimeout(() => setHeldSeat(null), Math.max(0, heldSeat.seenAtMs + heldSeat.holdMs - Date.now()));
    return () => window.clearTimeout(timer);
  }, [heldSeat]);
  const notice = seatNotice(heldSeat, seats);
  const noticeTable = notice === null ? undefined : tables?.find((x) => x.tableId === notice.tableId);

  const refresh = useCallback(async () => {
    try {
      const [list, me] = await Promise.all([api.tables(), api.me(session.token)]);
      setTables(list.tables);
      setSeats(me.seats);
      onPlayer(me.player);
      setError(null);
    } catch (e) {
      const code = e instanceof ApiError ? e.code : 'network';
      if (code === 'auth/invalid-session') onSignOut();
      else setError(code);
    }
  }, [api, session.token, onPlayer, onSignOut]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  // A seat played in another tab or window may be left there any moment (or be this page's own connection, closing as
  // the lobby asked): asked again while it is said, so the notice turns to the kept seat's.
  const playing = notice?.kind === 'playing';
  // A round left in play settles within its timers (rules.md §5: the decision, a banker's approval, a lost connection's
  // grace): asked again until then.
  const [settling, setSettling] = useState(() => roundLeftAtMs !== null && Date.now() < roundLeftAtMs + ROUND_LEFT_RECHECK_MS);
  useEffect(() => {
    if (!settling || roundLeftAtMs === null) return;
    const timer = window.setTimeout(() => setSettling(false), Math.max(0, roundLeftAtMs + ROUND_LEFT_RECHECK_MS - Date.now()));
    return () => window.clearTimeout(timer);
  }, [settling, roundLeftAtMs]);
  useEffect(() => {
    if (!playing && !settling) return;
    const timer = window.setInterval(() => void refresh(), SEAT_RECHECK_MS);
    return () => window.clearInterval(timer);
  }, [playing, settling, refresh]);

  async function topUp() {
    try {
      const r = await api.topUp(session.token);
      onPlayer({ balanceCents: r.balanceCents });
      setError(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.code : 'network');
    }
  }

  const { player } = session;
  const broke = player.balanceCents < BROKE_BELOW_CENTS;
  return (
    <>
      <TopBar>
        <YouStat player={player} />
        <button className="btn btn--ghost btn--small topbar__leave" data-testid="sign-out" onClick={() => setConfirming(true)}>
          {t('app.signOut')}
        </button>
        <PlayerFigures player={player} />
        {broke && (
          <button className="btn btn--gold btn--small" data-testid="top-up" onClick={() => void topUp()}>
            {t('table.topUp')}
          </button>
        )}
      </TopBar>
      <SiteNav current="lobby" />
      <main className="screen">
        <section className="panel panel--wide">
          <h1 className="page-title" data-testid="page-title" ref={heading} tabIndex={-1}>
            {t('lobby.title')}
          </h1>
          <p className="error-toast" data-testid="error" hidden={error === null && flash === null} role="alert">
            {error ? errorMessage(t, error) : (flash ?? '')}
          </p>
          {notice !== null && noticeTable && (
            <div className="seat-return" data-testid="seat-return" data-table-id={notice.tableId} data-kind={notice.kind} role="status">
              <p>
                {notice.kind === 'playing'
                  ? t('lobby.playingNote', { table: tableName(t, noticeTable) })
                  : t('lobby.returnNote', { table: tableName(t, noticeTable), seconds: Math.round(notice.holdMs / 1000) })}
              </p>
              <button className="btn btn--gold" data-testid="seat-return-button" onClick={() => onSit(notice.tableId)}>
                {t(notice.kind === 'playing' ? 'lobby.playingButton' : 'lobby.returnButton')}
              </button>
            </div>
          )}
          {tables === null ? (
            <p className="muted">{t('app.loading')}</p>
          ) : tables.length === 0 ? (
            <p className="muted">{t('lobby.empty')}</p>
          ) : (
            <div className="tables">
              {tables.map((table) => (
                <TableTile key={table.tableId} table={table} onOpen={() => onSit(table.tableId)} />
              ))}
            </div>
          )}
          {tables
            ?.filter((x) => x.bankMinCompPoints !== null)
            .map((x) => (
              <p key={x.tableId} className="note muted" data-testid="bank-cost-note">
                {t('lobby.bankCost', { table: tableName(t, x), points: formatPoints(lng, x.bankMinCompPoints ?? 0) })}
              </p>
            ))}
          <p className="note">
            <button className="btn btn--small" onClick={() => void refresh()}>
              {t('lobby.refresh')}
            </button>
          </p>
        </section>
      </main>
      {confirming && (
        <div className="dialog-backdrop" onClick={() => setConfirming(false)}>
          <div
            className="dialog panel"
            role="alertdialog"
            aria-modal="true"
            aria-labelledby="sign-out-title"
            data-testid="sign-out-dialog"
            onClick={(e) => e.stopPropagation()}
            onKeyDown={(e) => e.key === 'Escape' && setConfirming(false)}
          >
            <h2 id="sign-out-title">{t('app.signOutTitle', { nickname: player.nickname })}</h2>
            <p>
              {t('app.signOutWarning', { nickname: player.nickname, balance: formatMoney(lng, player.balanceCents), points: formatPoints(lng, player.compPoints) })}
            </p>
            <div className="dialog__actions">
              <button className="btn" data-testid="sign-out-cancel" autoFocus onClick={() => setConfirming(false)}>
                {t('app.signOutCancel')}
              </button>
              <button className="btn btn--red" data-testid="sign-out-confirm" onClick={onSignOut}>
                {t('app.signOutConfirm')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
