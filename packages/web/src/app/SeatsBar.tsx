/**
 * The seats of a shared table (rules.md §5): each seat taken (its player, role, bets and state) or free
 * (a click sits there; a seated player is asked first, `MoveSeatDialog`, before standing up from its seat), one Tab stop
 * with the arrow keys between them, and the bank's controls when players may bank: Stop banking, Approve and
 * Auto-approve for the banking player, Be the banker for the others.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/protocol';
import { useRovingFocus } from '../table-ui/Toolbar.js';
import { youInRound } from '../table-ui/felt.js';
import { LeaveBank, TakeBank } from './BankStatus.js';
import { percent } from './TableFacts.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useFocusBack } from './useFocusBack.js';
import { useRowScrollBar } from './useRowScrollBar.js';

type Money = (cents: number, signed?: boolean) => string;

/**
 * The seats bar of a shared table; `send` sends the seat and bank messages. `offline`: the connection is lost (the
 * banner says so) and nothing sent would reach the table, so every seat and bank control is disabled meanwhile.
 */
export function SeatsBar({ view, you, send, money, offline = false }: {
  view: TableView;
  you: YouView;
  send: (type: 'sit' | 'stand' | 'take-bank' | 'leave-bank' | 'approve' | 'auto-approve', payload?: Record<string, unknown>) => string;
  money: Money;
  offline?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const inRound = youInRound(view);
  const closed = (s: TableView['seats'][number]) => (s.nickname !== null && !s.you) || inRound || offline;
  const banker = view.banker;
  const scroll = useRowScrollBar<HTMLDivElement>();
  // One Tab stop for the row, the player's own seat first (a tester Tabbed through six seats on the way to the chips).
  const roving = useRovingFocus(scroll.row, (buttons) => buttons.findIndex((b) => b.dataset.mine === 'true'));
  // The free seat a seated player pressed, while it asks whether to move there (`open`), and after, so the focus goes
  // back to that seat: Enter on a seat on the way to the chips moved a tester from seat 1 to seat 4 at once.
  const [asked, setAsked] = useState<{ seat: number; open: boolean } | null>(null);
  const askedSeat = asked?.open ? view.seats.find((s) => s.seat === asked.seat) : undefined;
  // The question follows the table: it goes once that seat is no longer free to move to (taken, a round dealt, offline).
  const moveTo = askedSeat && askedSeat.nickname === null && !closed(askedSeat) && you.seat !== null ? askedSeat.seat : null;
  if (asked?.open && moveTo === null) setAsked({ ...asked, open: false });
  useFocusBack(moveTo !== null, `seat-${asked?.seat ?? ''}`);
  // A row that scrolls sideways (a phone) brings the player's own seat into view once it overflows after the player sat
  // or changed its bets (at a full table the sixth seat was past the row's fading edge); once each time, so a row the
  // player scrolled stays where it is while others bet.
  const own = view.seats.find((s) => s.you);
  const ownKey = own ? `${own.seat}:${own.bets.main}:${own.bets.fortune}` : null;
  const shownKey = useRef<string | null>(null);
  useEffect(() => {
    const row = scroll.row.current;
    const mine = row?.querySelector<HTMLElement>('[data-mine="true"]');
    if (!row || !mine || ownKey === null || shownKey.current === ownKey || row.scrollWidth - row.clientWidth <= 1) return;
    shownKey.current = ownKey;
    const box = row.getBoundingClientRect();
    const seat = mine.getBoundingClientRect();
    // The row's last 14 px fade out (styles.css): the seat ends before them.
    if (seat.left < box.left) row.scrollLeft -= box.left - seat.left;
    else if (seat.right > box.right - 14) row.scrollLeft += seat.right - (box.right - 14);
  });
  return (
    <div className="seats-bar">
      <div className="seats-row">
        {/* On a phone the seats scroll sideways: with no seat to press (in a round), the row itself takes the
            focus so the keyboard can scroll it (axe scrollable-region-focusable). */}
        <div
          ref={scroll.row}
          className="seats"
          role="toolbar"
          aria-label={t('lobby.seats', { count: view.seats.length })}
          tabIndex={view.seats.every(closed) ? 0 : undefined}
          {...roving}
        >
          {view.seats.map((s) => {
            const taken = s.nickname !== null;
            const bet =
              taken && s.role === 'player' && s.bets.main > 0
                ? s.bets.fortune > 0
                  ? t('table.seatBetFortune', { main: money(s.bets.main), fortune: money(s.bets.fortune) })
                  : t('table.seatBet', { main: money(s.bets.main) })
                : null;
            const state = !taken ? null : !s.connected ? t('table.seatAway') : s.hasSet ? t('table.seatSet') : s.ready ? t('table.seatReady') : null;
            return (
              <button
                key={s.seat}
                type="button"
                className={`seat${s.you ? ' seat--mine' : ''}${taken ? ' seat--taken' : ''}${s.role === 'banker' ? ' seat--banker' : ''}${taken && !s.connected ? ' seat--away' : ''}${s.ready || s.hasSet ? ' seat--ready' : ''}`}
                data-testid={`seat-${s.seat}`}
                data-taken={taken}
                data-mine={s.you}
                data-main-cents={s.bets.main}
                data-fortune-cents={s.bets.fortune}
                data-ready={s.ready}
                disabled={closed(s)}
                title={taken ? [s.nickname, bet, state].filter(Boolean).join(' · ') : undefined}
                aria-label={taken ? undefined : t('table.seat', { n: s.seat + 1 })}
                onClick={() => {
                  if (taken) return;
                  if (you.seat !== null) setAsked({ seat: s.seat, open: true });
                  else send('sit', { seat: s.seat });
                }}
              >
                {taken ? (
                  <>
                    <span className="seat__name">
                      {s.nickname}
                      {/* Drawn apart (seat--mine); a screen reader heard the nickname alone. Inside the name, not beside
                          it: a part of its own was a part of the seat that a phone's row measured cut. */}
                      {s.you && <span className="visually-hidden"> {t('table.youMark')}</span>}
                    </span>
                    {s.role === 'banker' && <span className="seat__tag">{t('role.banker')}</span>}
                    {bet && <span className="seat__bet">{bet}</span>}
                    {state && <span className="seat__state">{state}</span>}
                  </>
                ) : (
                  // A 360 px phone shows the number alone (styles.css); the button is named by the words all the same.
                  <>
                    <span className="seat__words">{t('table.seat', { n: s.seat + 1 })}</span>
                    <span className="seat__number">{s.seat + 1}</span>
                  </>
                )}
              </button>
            );
          })}
        </div>
        {/* The row's scroll bar, drawn while the seats overflow it (useRowScrollBar.ts; a phone's own shows only while it moves). */}
        <div ref={scroll.bar} className="seats-scrollbar" data-testid="seats-scrollbar" aria-hidden="true" hidden>
          <span className="seats-scrollbar__thumb" />
        </div>
      </div>
      {moveTo !== null && you.seat !== null && (
        <MoveSeatDialog
          from={you.seat}
          to={moveTo}
          betCents={(own?.bets.main ?? 0) + (own?.bets.fortune ?? 0)}
          money={money}
          onStay={() => setAsked({ seat: moveTo, open: false })}
          onMove={() => {
            setAsked({ seat: moveTo, open: false });
            send('stand');
            send('sit', { seat: moveTo });
          }}
        />
      )}
      {view.config.playerBanking && (
        <div className="bank-controls">
          {you.role === 'banker' ? (
            <>
              <LeaveBank view={view} onLeave={() => send('leave-bank')} offline={offline} />
              <button
                className="btn btn--gold btn--small"
                data-testid="approve"
                disabled={offline || view.phase !== 'approval' || view.settlingRoundId !== null || (banker.kind === 'player' && banker.approved)}
                onClick={() => send('approve')}
              >
                {t('table.approve')}
              </button>
              <label className="toggle">
                <input
                  type="checkbox"
                  data-testid="auto-approve"
                  checked={banker.kind === 'player' && banker.autoApprove}
                  disabled={offline}
                  onChange={(e) => send('auto-approve', { on: e.target.checked })}
                />
                {t('table.autoApprove')}
              </label>
            </>
          ) : (
            <TakeBank view={view} money={money} feeRate={percent(i18n.language, view.config.bankerFeeBps)} onTake={() => send('take-bank')} offline={offline} />
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The question before a seated player moves to the free seat `to` (from seat `from`, both counted from 0): standing up
 * returns the bets not dealt (protocol.md `stand`), so it says them (`ConfirmDialog`, as the leave question).
 */
function MoveSeatDialog({ from, to, betCents, money, onStay, onMove }: {
  from: number;
  to: number;
  /** The player's bets on the felt, main + Fortune, cents. */
  betCents: number;
  money: Money;
  onStay: () => void;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  const seats = { from: from + 1, to: to + 1 };
  return (
    <ConfirmDialog
      name="seat-move"
      data={{ seat: to }}
      title={t('table.moveSeatTitle', seats)}
      text={`${t('table.moveSeatText', seats)}${betCents > 0 ? ` ${t('table.moveSeatBets', { amount: money(betCents) })}` : ''}`}
      stay={t('table.moveSeatStay', seats)}
      go={t('table.moveSeatGo', seats)}
      onStay={onStay}
      onGo={onMove}
    />
  );
}
