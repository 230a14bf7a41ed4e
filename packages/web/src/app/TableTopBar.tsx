/**
 * The top bar of the table screen: who the viewer is and its role, Leave, the opponent (the banker, or
 * the players against a banking viewer), the player's last round at any table, its comp points and
 * balance (with what its bank holds out of it: its cover of the round dealt here, or its cover at another table),
 * and Top up when the balance is low. Leaving with a hand in play or bets on the felt asks first,
 * saying what will happen to them (rules.md §5).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableView, YouView } from '@paigow/protocol';
import { canTopUp } from '../table-ui/broke.js';
import { leaveWarningOf, type LeaveWarning } from '../table-ui/felt.js';
import { bankerOpponents, bankHeldCents } from '../table-ui/bank-status.js';
import { formatPoints } from './i18n/index.js';
import type { LastRound } from './last-round.js';
import { Stat, TopBar } from './TopBar.js';
import { useFiguresFit } from './useFiguresFit.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { useFocusBack } from './useFocusBack.js';

type Money = (cents: number, signed?: boolean) => string;
type T = ReturnType<typeof useTranslation>['t'];

/** The table's top bar; `tableNames` names the table of the last round (its `title`). */
export function TableTopBar({ view, you, ownDeadline = null, lastRound, tableNames, money, onLeave, onTopUp, offline = false }: {
  view: TableView;
  you: YouView;
  /** The viewer's own running deadline (browser clock, epoch ms: `Felt.timer.own`), shown in the leave dialog; `null` when none. */
  ownDeadline?: number | null;
  lastRound: LastRound | null;
  tableNames: ReadonlyMap<string, string>;
  money: Money;
  onLeave: () => void;
  onTopUp: () => void;
  /** The connection is lost: Top up is disabled (nothing sent would reach the table); Lobby still leaves. */
  offline?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const role = you.role;
  const [confirming, setConfirming] = useState<LeaveWarning | null>(null);
  // The dialog follows the table while it is open: what it warns about may end behind it (the house way sets the hand
  // at the timeout, the player is stood up, the round is settled); it then closes (a tester's: "You have a hand in play"
  // stayed on after the hand was gone).
  const warning = liveLeaveWarning(confirming, confirming === null ? null : leaveWarningOf(view, you));
  if (confirming !== null && warning === null) setConfirming(null);
  // The question gives the focus back to Lobby when it closes (Escape, Stay, a click beside it), as Help does to "?".
  useFocusBack(warning !== null, 'leave');
  const figures = useFiguresFit<HTMLDivElement>();
  const held = bankHeldCents(view);
  const askLeave = () => {
    const warning = leaveWarningOf(view, you);
    if (warning === null) onLeave();
    else setConfirming(warning);
  };
  return (
    <>
    <TopBar>
      <Stat label={t('table.you')} className="stat--you">
        <span className="stat__name" title={you.nickname}>
          {you.nickname}
        </span>
        <span className={`role-badge role-badge--${role}`} data-testid="role" data-role={role}>
          {t(`role.${role}`)}
        </span>
      </Stat>
      <button className="btn btn--small topbar__leave" data-testid="leave" onClick={askLeave}>
        {t('table.leave')}
      </button>
      <span className="topbar__break" />
      {/* The figures: one row of their own on a phone, where they share its width (styles.css); the comp points and
          the last round give way there to keep the balance whole (useFiguresFit.ts). */}
      <div className="topbar__figures" ref={figures}>
      <Stat label={t('table.opponent')} testid="opponent"><Opponent view={view} t={t} /></Stat>
      <Stat label={t('table.lastRound')} short={t('table.lastRoundShort')} className="stat--last">
        <span
          data-testid="last-round"
          data-net-cents={lastRound?.netCents ?? ''}
          data-round-id={lastRound?.roundId ?? ''}
          data-table-id={lastRound?.tableId ?? ''}
          title={lastRound ? t('table.lastRoundAt', { table: tableNames.get(lastRound.tableId) ?? lastRound.tableId }) : undefined}
          className={lastRound ? (lastRound.netCents > 0 ? 'stat__value--win' : lastRound.netCents < 0 ? 'stat__value--lose' : '') : ''}
        >
          {lastRound ? money(lastRound.netCents, true) : '—'}
        </span>
      </Stat>
      <span className="topbar__spacer" />
      <Stat label={t('table.compPoints')} short={t('table.compPointsShort')} className="stat--points" testid="comp-points" data={{ points: you.compPoints }}>
        {formatPoints(i18n.language, you.compPoints)}
      </Stat>
      <Stat label={t('table.balance')} short={t('table.balanceShort')} testid="balance" data={{ cents: you.balanceCents }}>
        <span className="stat__value--gold">{money(you.balanceCents)}</span>
      </Stat>
      {held !== null && (
        <span className="topbar__held" data-testid="balance-held" data-cents={held}>
          {t('bank.heldForRound', { amount: money(held) })}
        </span>
      )}
      {/* What the player's bank at another table holds, left out of the balance here (docs/protocol.md `heldElsewhereCents`). */}
      {you.heldElsewhereCents > 0 && (
        <span
          className="topbar__held topbar__held--elsewhere"
          data-testid="balance-held-elsewhere"
          data-cents={you.heldElsewhereCents}
          title={t('bets.brokeHeld', { held: money(you.heldElsewhereCents) })}
        >
          {t('bank.heldElsewhere', { amount: money(you.heldElsewhereCents) })}
        </span>
      )}
      {canTopUp(you, view.config.limits.main) && (
        <button className="btn btn--gold btn--small" data-testid="top-up" onClick={onTopUp} disabled={offline}>
          {t('table.topUp')}
        </button>
      )}
      </div>
    </TopBar>
    {warning && (
      <LeaveDialog
        warning={warning}
        deadline={warning.kind === 'dealt' && you.deadlineKind === 'decision' ? ownDeadline : null}
        money={money}
        onStay={() => setConfirming(null)}
        onLeave={onLeave}
      />
    )}
    </>
  );
}

/**
 * What the open leave dialog warns about now: `now` (today's warning, `leaveWarningOf`) while it is still the kind
 * `asked` when Lobby was pressed, with its current figures; `null` (the dialog closes) once that is over: no warning any
 * more (the round settled, the player stood up or no longer a player) or another one (a hand once dealt now set by the
 * house way at the timeout, bets once on the felt now dealt).
 * @param asked the warning shown when the dialog opened, `null` when it is closed
 * @param now `leaveWarningOf` of the latest view
 */
export function liveLeaveWarning(asked: LeaveWarning | null, now: LeaveWarning | null): LeaveWarning | null {
  if (asked === null || now === null || now.kind !== asked.kind) return null;
  return now;
}

/** The confirmation before leaving with a hand in play or bets on the felt (the app's dialog, as signing out). */
function LeaveDialog({ warning, deadline, money, onStay, onLeave }: {
  warning: LeaveWarning;
  /** The decision's deadline (browser clock), shown as the time left; `null` for none. */
  deadline: number | null;
  money: Money;
  onStay: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const text =
    warning.kind === 'bets'
      ? t('table.leaveConfirmBets', { amount: money(warning.amountCents) })
      : warning.kind === 'bank'
        ? t(warning.dealt ? 'table.leaveConfirmBankDealt' : 'table.leaveConfirmBank')
        : t(warning.kind === 'dealt' ? 'table.leaveConfirmDealt' : 'table.leaveConfirmSet');
  return (
    <ConfirmDialog
      name="leave"
      data={{ kind: warning.kind }}
      title={t('table.leaveConfirmTitle')}
      text={text}
      stay={t('table.leaveConfirmStay')}
      go={t('table.leaveConfirmGo')}
      danger
      onStay={onStay}
      onGo={onLeave}
    >
      {deadline !== null && <TimeLeft deadline={deadline} />}
    </ConfirmDialog>
  );
}

/**
 * Whom the viewer plays against: the banker, or (banking) the seated players. Two players or more are counted ("4
 * players"), their names in the tooltip and for a screen reader: listed whole, they took the room of the banker's own
 * name and the comp points' label at 1280×900 ("YOU Ca…", "Alice, Bob, Dave, and E…", "COMP POIN…", a tester's).
 */
function Opponent({ view, t }: { view: TableView; t: T }) {
  if (view.you?.role === 'banker') {
    const names = bankerOpponents(view);
    if (names.length === 0) return <>{t('table.noOpponent')}</>;
    if (names.length === 1) return <>{t('table.opponents', { names })}</>;
    const all = t('table.opponents', { names });
    return (
      <span title={all} data-names={all}>
        {t('table.opponentCount', { count: names.length })}
        <span className="visually-hidden"> {all}</span>
      </span>
    );
  }
  return <>{view.banker.kind === 'house' ? t('table.theHouse') : view.banker.nickname}</>;
}

/** The time left to set the hand, in whole seconds, counted down four times a second (`leave-time-left`, `data-seconds`). */
function TimeLeft({ deadline }: { deadline: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const id = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(id);
  }, [deadline]);
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <p className="muted" data-testid="leave-time-left" data-seconds={seconds}>
      {t('table.leaveTimeLeft', { seconds })}
    </p>
  );
}
