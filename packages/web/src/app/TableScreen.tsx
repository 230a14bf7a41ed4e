/**
 * The table screen (rules.md §4, §5, interfaces.md "The web page"): the felt with the banker's and the
 * player's hands, the bet spots and chips, the actions (with the Hint panel), the timer, and beside it
 * the Fortune pay table, the round's players at a shared table and the history. Everything shown comes
 * from the server's `TableView` (and its `hint` and `notice` messages); the engine is used only to check
 * the player's arrangement before Split (the foul reason) and to label hands and explain the house way.
 *
 * Interruptions (rules.md §5): the server's notices (a bet returned, a hand set by the house way, leaving
 * the table or the bank) are shown as informational toasts, apart from the red `error` (refused actions);
 * rounds settled while the player was away (a dropped connection, a server restart, a reload) are listed
 * in a "While you were away" panel, read from `GET /api/history` on every (re)connection.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { houseWays, parseCards, type HistoryEntry, type HouseWayId, type PlayerSummary, type RoundResultView, type TableView, type YouView } from '@paigow/engine';
import { ApiError, type Api } from '../net/http.js';
import { Countdown, Timer } from '../table-ui/Timer.js';
import { FortunePayTable } from '../table-ui/FortunePayTable.js';
import { BetSpot, ChipRack, HandBox, Mark, Zone } from '../table-ui/parts.js';
import {
  arrange,
  bankerMark,
  betUnitOf,
  categoryOfCards,
  chipsCents,
  localDeadline,
  resultOf,
  sortForDisplay,
  stageOf,
  toggleLow,
  viewerPlayed,
  waitingFor,
  type Arrangement,
  type CardText,
  type Stage,
  type Waiting,
} from '../table-ui/model.js';
import { bankerHandMarks, bankerRow } from '../table-ui/banker-side.js';
import { canTopUp } from '../table-ui/broke.js';
import { categoryName, errorMessage, formatMoney, houseWayText, tableName } from './i18n/index.js';
import { useBetChips } from './useBetChips.js';
import { BetTools, BetTotal, betsBlockText } from './BetTools.js';
import { BankRoom, LeaveBank, TakeBank } from './BankStatus.js';
import { BrokeNotice } from './BrokeNotice.js';
import { ResultBanner, resultTexts } from './ResultBanner.js';
import { Announcer } from './Announcer.js';
import { TableHelp } from '../help/HelpOverlay.js';
import { useTable, type TableState } from './useTable.js';
import { COMPACT_LAYOUT, SheetToggle, SideSheet } from './SideSheet.js';
import { percent, TableFacts } from './TableFacts.js';
import { SoundToggle } from './sound/SoundToggle.js';
import { useRoundCues, useSoundSetting } from './sound/useSound.js';
import { SettleChips } from '../table-ui/SettleChips.js';
import { Stat, TopBar } from './TopBar.js';
import { History } from './History.js';
import { HintPanel } from './HintPanel.js';
import { useFocusKeeper } from './useFocusKeeper.js';
import { MiniHands } from './MiniCards.js';
import { Toasts, type ToastNotice } from './Toasts.js';
import { useClientSeed, withClientSeed } from '../fairness/client-seed.js';
import { FairnessPanel } from '../fairness/FairnessPanel.js';
import { lastRoundOf } from './last-round.js';
import { awayOfRecovered, loadAwaiting, mergeAway, missedRounds, saveAwaiting, trackRounds, type AwayRound } from './away.js';
import type { Session } from './App.js';
import { ExplanationText } from './ExplanationText.js';

type Money = (cents: number, signed?: boolean) => string;

export interface TableScreenProps {
  api: Api;
  session: Session;
  tableId: string;
  onLeave: () => void;
  onSessionLost: () => void;
  onPlayer: (p: Partial<PlayerSummary>) => void;
  /** The table does not exist (a stale or mistyped link): back to the lobby, saying so. */
  onUnknownTable?: (tableId: string) => void;
}

/** The table, connected to the server. */
export function TableScreen(props: TableScreenProps) {
  const table = useTable(props.tableId, props.session.token, props.onSessionLost);
  const { api, tableId, onUnknownTable } = props;
  const { view, status, error } = table;

  // A join that failed for good: no such table, or (Colyseus saying only "network") a table the lobby
  // does not list while the server answers.
  useEffect(() => {
    if (view !== null || status !== 'closed' || error === null || !onUnknownTable) return;
    if (error.code === 'table/unknown') {
      onUnknownTable(tableId);
      return;
    }
    if (error.code !== 'network') return;
    let live = true;
    api
      .tables()
      .then((r) => {
        if (live && !r.tables.some((t) => t.tableId === tableId)) onUnknownTable(tableId);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, tableId, view, status, error, onUnknownTable]);

  return <TableLayout {...props} table={table} />;
}

/** The table drawn from a `TableState` (live, or a fixture in the visual preview). */
export function TableLayout({ api, session, tableId, onLeave, onSessionLost, onPlayer, table, initialLow, initialAway }: TableScreenProps & {
  table: TableState;
  initialLow?: CardText[];
  initialAway?: readonly AwayRound[];
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const money = useCallback<Money>((cents, signed = false) => formatMoney(lng, cents, signed), [lng]);
  const { view, send: sendPlain, pending, error, status, connections, notices } = table;
  const you = view?.you ?? null;
  // fairness.md §2: the client seed goes with Deal and the banker's approval.
  const clientSeed = useClientSeed(view?.fairness?.roundId ?? null);
  const send = withClientSeed(sendPlain, clientSeed);

  const [low, setLow] = useState<CardText[]>(initialLow ?? []);
  const [localError, setLocalError] = useState<string | null>(null);
  const [history, setHistory] = useState<readonly HistoryEntry[] | null>(null);
  const [historyBump, setHistoryBump] = useState(0);
  const [tableNames, setTableNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [away, setAway] = useState<readonly AwayRound[]>(initialAway ?? []);
  const [localNotices, setLocalNotices] = useState<readonly ToastNotice[]>([]);
  // Wide screens show the Hint panel beside the felt (the side column), narrow ones in the felt.
  const wide = useMediaQuery(WIDE_LAYOUT);
  // A phone: the felt fills the window, the side column is a sheet behind a tap (SideSheet.tsx).
  const compact = useMediaQuery(COMPACT_LAYOUT);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [soundOn, setSoundOn] = useSoundSetting();

  // A new deal starts a new arrangement.
  const roundId = view?.roundId ?? null;
  const [lowRound, setLowRound] = useState(roundId);
  if (lowRound !== roundId) {
    setLowRound(roundId);
    setLow([]);
  }

  // Keep the lobby's idea of the balance current.
  const balance = you?.balanceCents;
  const comp = you?.compPoints;
  useEffect(() => {
    if (balance !== undefined && comp !== undefined) onPlayer({ balanceCents: balance, compPoints: comp });
  }, [balance, comp, onPlayer]);


  // Rounds dealt to the player and not yet seen settled (kept per player and table, across reloads).
  const playerId = session.player.id;
  const awaiting = useRef<readonly string[] | null>(null);
  const onScreen = useRef<string | null>(null);
  if (awaiting.current === null) awaiting.current = loadAwaiting(playerId, tableId);
  useEffect(() => {
    if (!view) return;
    const last = view.lastRound;
    onScreen.current = last && viewerPlayed(last) ? last.roundId : null;
    const next = trackRounds(awaiting.current ?? [], view);
    if (next !== awaiting.current) {
      awaiting.current = next;
      saveAwaiting(playerId, tableId, next);
    }
  }, [view, playerId, tableId]);

  // The history: on every (re)connection, after every revealed round, and after a notice about a
  // round; rounds awaited and now closed are the ones the player missed.
  const lastRoundId = view?.lastRound?.roundId ?? null;
  useEffect(() => {
    if (connections === 0) return;
    let live = true;
    api
      .history(session.token, 20)
      .then((r) => {
        if (!live) return;
        setHistory(r.items);
        const { missed, pending: left } = missedRounds(awaiting.current ?? [], r.items, onScreen.current);
        if (left !== awaiting.current) {
          awaiting.current = left;
          saveAwaiting(playerId, tableId, left);
        }
        if (missed.length > 0) setAway((a) => mergeAway(a, missed));
      })
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 'auth/invalid-session') onSessionLost();
      });
    return () => {
      live = false;
    };
  }, [api, session.token, lastRoundId, connections, historyBump, onSessionLost, playerId, tableId]);

  // Table names for the history rows (the lobby's list).
  useEffect(() => {
    let live = true;
    api
      .tables()
      .then((r) => live && setTableNames(new Map(r.tables.map((x) => [x.tableId, tableName(t, x)]))))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, t]);

  // Notices about rounds: a recovered round joins the away panel; both re-read the history.
  const handled = useRef(new Set<number>());
  useEffect(() => {
    let bump = false;
    for (const n of notices) {
      if (handled.current.has(n.id)) continue;
      handled.current.add(n.id);
      if (n.code === 'notice/round-recovered') {
        const round = awayOfRecovered(n.params, tableId);
        if (round) setAway((a) => mergeAway(a, [round]));
        bump = true;
      } else if (n.code === 'notice/round-void' || n.code === 'notice/bet-returned') bump = true;
    }
    if (bump) setHistoryBump((b) => b + 1);
  }, [notices, tableId]);

  // A banking player who stops banking (any reason): the other players are told the house banks now.
  const bankerRef = useRef<TableView['banker'] | null>(null);
  const bankerNow = view?.banker ?? null;
  const iBank = you?.role === 'banker';
  useEffect(() => {
    const before = bankerRef.current;
    bankerRef.current = bankerNow;
    if (before?.kind === 'player' && bankerNow?.kind === 'house' && !iBank && before.seat !== you?.seat) {
      const text = t('notices.bankChanged', { nickname: before.nickname });
      const atMs = Date.now();
      setLocalNotices((list) => [...list, { id: `bank-${atMs}`, code: 'local/bank-changed', text, sticky: false, atMs }].slice(-3));
    }
  }, [bankerNow, iBank, you?.seat, t]);

  const dismissLocal = useCallback((id: string) => setLocalNotices((list) => list.filter((n) => n.id !== id)), []);
  const dismissAway = useCallback(() => setAway([]), []);

  const pendingTypes = useMemo(() => new Set<string>(pending.values()), [pending]);
  const stage: Stage = view ? stageOf(view) : { kind: 'empty' };
  const connected = status === 'open';
  const canBet = you?.role === 'player' && view?.phase === 'betting' && connected;
  // The chips on the felt and their tools (Clear, Undo, Double, Rebet).
  const bets = useBetChips({ view, you, canBet, send, pendingTypes, error, setLocalError, money });
  useRoundCues(soundOn, stage.kind === 'setting' ? roundId : null, view ? resultOf(view) : null);
  // Keyboard focus that falls with its control (Deal, a moved card, Hint, Split) goes to the next one.
  useFocusKeeper({ stage: stage.kind, hintOpen: stage.kind === 'setting' && table.hint !== null });
  const hintButton = useRef<HTMLButtonElement>(null);

  const leave = async () => {
    await table.leave();
    onLeave();
  };

  const toasts = (
    <Toasts
      notices={notices}
      local={localNotices}
      away={away}
      tableNames={tableNames}
      currentTable={view ? { id: view.tableId, name: tableName(t, { tableId: view.tableId, name: view.config.name }) } : null}
      money={money}
      onDismiss={table.dismissNotice}
      onDismissLocal={dismissLocal}
      onDismissAway={dismissAway}
      onSitAgain={table.sitAgain}
      canSitAgain={you !== null && you.seat === null}
    />
  );

  if (!view || !you) {
    return (
      <>
        <TopBar>
          <span className="topbar__spacer" />
          <button className="btn btn--small" data-testid="leave" onClick={onLeave}>
            {t('table.leave')}
          </button>
        </TopBar>
        <div className="center-msg">
          <div style={{ textAlign: 'center' }}>
            <p>{status === 'closed' ? '' : t('app.connecting')}</p>
            <p className="error-toast" data-testid="error" hidden={error === null} role="alert">
              {error ? errorMessage(t, error.code) : ''}
            </p>
          </div>
        </div>
      </>
    );
  }

  const role = you.role;
  const isPlayer = role === 'player';
  const betPending = bets.betPending;
  const unit = betUnitOf(view.config);
  const mainLimits = view.config.limits.main;
  const fortuneLimits = view.config.limits.fortune;
  const shownMain = bets.shown.main;
  const shownFortune = bets.shown.fortune;
  const mainDraft = bets.drafts.main;
  const fortuneDraft = bets.drafts.fortune;

  const addsToFortune = bets.fortuneAdds;
  const onDeal = () => {
    const refusal = bets.draftRefusal();
    if (refusal !== null) {
      setLocalError(refusal);
      return;
    }
    if (clientSeed.error !== null) {
      setLocalError(errorMessage(t, clientSeed.error));
      return;
    }
    setLocalError(null);
    send('deal');
  };

  const dealt = stage.kind === 'setting' && isPlayer && you.cards !== null;
  const setting = dealt && stage.kind === 'setting' && !stage.submitted && connected;
  const arrangement: Arrangement | null = stage.kind === 'setting' ? arrange(stage.cards, low) : null;
  const submitting = pendingTypes.has('set') || pendingTypes.has('house-way');
  // The Hint of this round, while the player still sets its hand.
  const hint = setting && table.hint !== null && table.hint.roundId === view.roundId ? table.hint : null;
  const closeHint = () => {
    table.clearHint();
    hintButton.current?.focus();
  };
  const hintPanel =
    hint === null ? null : <HintPanel reply={hint.reply} canUse={!submitting} onUse={(cards) => setLow([...cards])} onClose={closeHint} />;
  const splitBlock = arrangement?.block ?? null;
  const splitReason =
    setting && splitBlock
      ? splitBlock.kind === 'low-count'
        ? t('splitReason.lowCount', { count: splitBlock.count })
        : errorMessage(t, splitBlock.code)
      : null;

  const result = resultOf(view);
  const waiting = waitingFor(view);
  const timers = view.config.timers;
  // The viewer's own deadline; else, while it waits for others, the latest of theirs.
  const ownDeadline = localDeadline(you.deadlineMs, view.serverNowMs, table.receivedAtMs);
  const waitDeadline = waiting ? localDeadline(waiting.deadlineMs, view.serverNowMs, table.receivedAtMs) : null;
  const deadline = ownDeadline ?? waitDeadline;
  const kind = ownDeadline !== null ? you.deadlineKind : waiting ? { deal: 'bet', set: 'decision', approval: 'approval' }[waiting.kind] : null;
  const totalMs = kind === 'decision' ? timers.decisionMs : kind === 'approval' ? timers.approvalMs : timers.betMs;

  const mainTotal = chipsCents(shownMain);
  const mainNote =
    isPlayer && view.phase === 'betting' && mainLimits.minCents > unit && mainTotal < mainLimits.minCents
      ? t('table.minBet', { amount: money(mainLimits.minCents) })
      : isPlayer && mainDraft !== null && mainTotal % unit !== 0
        ? t('table.unitBet', { amount: money(unit) })
        : null;
  const shownError = localError ?? (error ? errorMessage(t, error.code) : null);
  const shared = view.config.seats > 1 || view.config.playerBanking;
  // The player's last round at any table (the history's newest settled round, or this table's if newer).
  const lastRound = lastRoundOf(view, history);
  const shownName = tableName(t, { tableId: view.tableId, name: view.config.name });
  const names = withCurrent(tableNames, view.tableId, shownName);
  // A shared table's last round beside the felt: for those who did not play it (never drawn on their felt
  // as if current), and for its players when there were several; the banker of it reads it on its felt.
  const sideRound = view.lastRound !== null && view.config.seats > 1 && !(stage.kind === 'revealed' && stage.asBanker) ? view.lastRound : null;
  const showRoundPlayers = sideRound !== null && (!viewerPlayed(sideRound) || sideRound.players.length > 1);
  const rebetWhy = bets.rebetBlock === null || bets.rebetBlock === 'none' || bets.rebetBlock === 'placed' ? null : betsBlockText(t, money, bets.rebetBlock, view, you, you.lastBets ? you.lastBets.main + you.lastBets.fortune : 0);

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
        <button className="btn btn--small topbar__leave" data-testid="leave" onClick={() => void leave()}>
          {t('table.leave')}
        </button>
        <span className="topbar__break" />
        <Stat label={t('table.opponent')} testid="opponent">{opponentName(view, t)}</Stat>
        <Stat label={t('table.lastRound')} className="stat--last">
          <span
            data-testid="last-round"
            data-net-cents={lastRound?.netCents ?? ''}
            data-round-id={lastRound?.roundId ?? ''}
            data-table-id={lastRound?.tableId ?? ''}
            title={lastRound ? t('table.lastRoundAt', { table: names.get(lastRound.tableId) ?? lastRound.tableId }) : undefined}
            className={lastRound ? (lastRound.netCents > 0 ? 'stat__value--win' : lastRound.netCents < 0 ? 'stat__value--lose' : '') : ''}
          >
            {lastRound ? money(lastRound.netCents, true) : '—'}
          </span>
        </Stat>
        <span className="topbar__spacer" />
        <Stat label={t('table.compPoints')} testid="comp-points" data={{ points: you.compPoints }}>
          {you.compPoints}
        </Stat>
        <Stat label={t('table.balance')} testid="balance" data={{ cents: you.balanceCents }}>
          <span className="stat__value--gold">{money(you.balanceCents)}</span>
        </Stat>
        {canTopUp(you, mainLimits) && (
          <button className="btn btn--gold btn--small" data-testid="top-up" onClick={() => send('top-up')}>
            {t('table.topUp')}
          </button>
        )}
      </TopBar>
      {/* Notices: in the bottom right corner on a wide screen (styles.css), under the actions on a narrow one. */}
      {wide && toasts}
      <main className="table-screen">
        <Announcer result={result && stage.kind === 'revealed' ? { roundId: result.roundId, lines: resultTexts(result, t, money) } : null} deadline={ownDeadline} />
        <TableHelp config={view.config} />
        <section className="felt" aria-label={shownName} data-stage={stage.kind}>
          {shared && <SeatsBar view={view} you={you} send={send} money={money} />}
          <BankerZone view={view} stage={stage} />
          <div className="middle">
            <div className="middle__left">
              <p className="message" data-testid="message">
                <PhaseMessage view={view} you={you} stage={stage} status={status} waiting={waiting} waitDeadline={waitDeadline} />
              </p>
              {result && stage.kind === 'revealed' && <ResultBanner result={result} money={money} />}
              {isPlayer && view.phase === 'betting' && <BetTotal bets={bets} money={money} />}
              {canBet && <BrokeNotice view={view} you={you} money={money} onTopUp={() => send('top-up')} busy={pendingTypes.has('top-up')} />}
              <BankRoom view={view} money={money} />
            </div>
            <div className="middle__center spots">
              {role === 'spectator' ? null : role === 'banker' ? (
                <div className="bets-against" data-testid="bets-against">
                  <span className="stat__label">{t('table.betsAgainst')}</span>
                  <span className="bets-against__amount">{money(betsAgainst(view))}</span>
                </div>
              ) : (
                <>
                  {result && stage.kind === 'revealed' && !stage.asBanker && (
                    <SettleChips key={result.roundId} outcome={result.outcome} cents={result.outcome === 'push' ? (you.lastBets?.main ?? 0) : result.netCents} />
                  )}
                  <BetSpot
                    kind="main"
                    testid="bet-stack"
                    label={t('table.bet')}
                    cents={you.bets.main}
                    draftCents={mainDraft ? mainTotal : null}
                    amount={mainTotal > 0 ? money(mainTotal) : null}
                    chips={shownMain}
                    title={t('table.removeChip')}
                    onClick={bets.onBetStack}
                    disabled={!canBet}
                    note={mainNote}
                    warn={mainDraft !== null}
                  />
                  {fortuneLimits && (
                    <BetSpot
                      kind="fortune"
                      testid="fortune-stack"
                      label={t('table.fortune')}
                      cents={you.bets.fortune}
                      draftCents={fortuneDraft ? chipsCents(fortuneDraft) : null}
                      amount={chipsCents(shownFortune) > 0 ? money(chipsCents(shownFortune)) : null}
                      chips={shownFortune}
                      title={
                        addsToFortune === null
                          ? t('bets.fortuneAtMax', { max: money(fortuneLimits.maxCents) })
                          : t('table.addFortune', { chip: money(addsToFortune * 100) })
                      }
                      onClick={bets.onFortune}
                      disabled={!canBet}
                      warn={fortuneDraft !== null}
                      note={fortuneDraft !== null ? t('table.minBet', { amount: money(fortuneLimits.minCents) }) : null}
                      badge={addsToFortune === null ? null : t('table.fortuneAdds', { chip: money(addsToFortune * 100) })}
                      onClear={canBet && shownFortune.length > 0 ? bets.onFortuneRemove : null}
                      clearTitle={t('table.fortuneRemove')}
                      clearTestid="fortune-clear"
                    />
                  )}
                </>
              )}
            </div>
            <div className="middle__right">
              <Timer deadline={deadline} totalMs={totalMs} />
              {compact ? <SheetToggle open={sheetOpen} onToggle={() => setSheetOpen((o) => !o)} /> : <TableFacts view={view} money={money} />}
            </div>
          </div>
          {stage.kind === 'revealed' && stage.asBanker ? (
            <BankerResults round={stage.round} money={money} />
          ) : iBank && stage.kind !== 'revealed' ? null : role === 'spectator' && stage.kind !== 'revealed' ? null : (
            <PlayerZone you={you} stage={stage} arrangement={arrangement} setting={setting && !submitting} onCard={(c) => setLow((l) => toggleLow(l, c))} />
          )}
          <div className="controls">
            <Explanation view={view} stage={stage} who="you" />
            <p className="error-toast" data-testid="error" hidden={shownError === null} role="alert">
              {shownError ?? ''}
            </p>
            {splitReason && splitBlock && (
              // Two cards still to move is an instruction (a neutral hint); only a foul is drawn as an error.
              <p
                className={splitBlock.kind === 'low-count' ? 'split-hint' : 'foul-reason'}
                data-testid="split-reason"
                data-kind={splitBlock.kind === 'low-count' ? 'hint' : 'foul'}
                role="status"
              >
                {splitReason}
              </p>
            )}
            <div className="controls__row">
              {/* Chips and their tools come before the actions in the tab order (bet, then Deal), drawn after them (styles.css). */}
              {hintPanel !== null && !wide ? null : isPlayer && (
                <ChipRack
                  selected={bets.selected}
                  onChip={bets.onChip}
                  disabled={!canBet}
                  allowed={bets.target === 'fortune' && fortuneLimits ? (v) => chipsCents(shownFortune) + v * 100 <= fortuneLimits.maxCents : undefined}
                />
              )}
              {isPlayer && !dealt && <BetTools view={view} you={you} bets={bets} canBet={canBet} money={money} />}
              <div className="actions">
                {role === 'spectator' ? (
                  <button className="btn btn--gold btn--big" data-testid="sit-down" disabled={!connected} onClick={table.sitAgain}>
                    {t('table.sitDown')}
                  </button>
                ) : dealt ? (
                  <>
                    <button
                      className="btn btn--gold btn--big"
                      data-testid="split"
                      disabled={!setting || splitBlock !== null || submitting}
                      title={splitReason ?? undefined}
                      onClick={() => arrangement && send('set', { low: [...arrangement.low], roundId })}
                    >
                      {t('table.split')}
                    </button>
                    <button className="btn btn--big" data-testid="house-way" disabled={!setting || submitting} onClick={() => send('house-way', { roundId })}>
                      {t('table.houseWay')}
                    </button>
                  </>
                ) : isPlayer ? (
                  <>
                    <button
                      className="btn btn--gold btn--big"
                      data-testid="deal"
                      disabled={!canBet || (you.bets.main === 0 && mainDraft === null) || you.ready || pendingTypes.has('deal') || betPending}
                      onClick={onDeal}
                    >
                      {t('table.deal')}
                    </button>
                    <button
                      className="btn btn--big"
                      data-testid="rebet"
                      data-reason={bets.rebetBlock ?? undefined}
                      title={rebetWhy ?? undefined}
                      disabled={!canBet || bets.rebetBlock !== null || betPending}
                      onClick={bets.rebet}
                    >
                      {t('table.rebet')}
                    </button>
                  </>
                ) : null}
                {isPlayer && (
                  <button
                    className="btn btn--big"
                    data-testid="hint"
                    ref={hintButton}
                    disabled={!setting || submitting || pendingTypes.has('hint')}
                    title={t('table.hintTitle')}
                    aria-expanded={hint !== null}
                    onClick={table.askHint}
                  >
                    {t('table.hint')}
                  </button>
                )}
              </div>
            </div>
            {rebetWhy && canBet && !dealt && (
              <p className="rebet-reason muted" data-testid="rebet-reason">
                {rebetWhy}
              </p>
            )}
            {hintPanel !== null && !wide ? hintPanel : null}
            {!wide && toasts}
          </div>
        </section>
        <SideSheet compact={compact} open={sheetOpen} onClose={() => setSheetOpen(false)}>
          <SoundToggle on={soundOn} onChange={setSoundOn} />
          {compact && <TableFacts view={view} money={money} />}
          {wide && hintPanel}
          {showRoundPlayers && sideRound && (
            <section className="panel" data-testid="last-round-panel" data-round-id={sideRound.roundId}>
              <h2>{viewerPlayed(sideRound) ? t('table.roundPlayers') : t('table.lastRoundPanel')}</h2>
              <p className="muted">{t('table.lastRoundBanker', { name: sideRound.banker.kind === 'house' ? t('table.theHouse') : sideRound.banker.nickname })}</p>
              <RoundPlayers round={sideRound} money={money} />
            </section>
          )}
          {view.fairness && (
            <FairnessPanel
              fairness={view.fairness}
              clientSeed={clientSeed}
              locked={you.ready || view.fairness.clientSeeds !== null || (you.role === 'banker' && view.banker.kind === 'player' && view.banker.approved)}
            />
          )}
          <History entries={history} money={money} tableNames={names} />
          {view.config.fortunePayTable && (
            <FortunePayTable payTable={view.config.fortunePayTable} limits={fortuneLimits} envy={view.config.envyBonus} money={money} />
          )}
        </SideSheet>
      </main>
    </>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** The screens where the side column sits beside the felt (styles.css: below 1100px it goes under it). */
const WIDE_LAYOUT = '(min-width: 1101px)';

/** The lobby's table names (as shown), with this table's shown name from its view (always known). */
function withCurrent(names: ReadonlyMap<string, string>, tableId: string, name: string): ReadonlyMap<string, string> {
  return names.get(tableId) === name ? names : new Map([...names, [tableId, name]]);
}

/** Whether a CSS media query matches, following changes (false where there is no `matchMedia`). */
function useMediaQuery(query: string): boolean {
  const get = () => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
  const [matches, setMatches] = useState(get);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

/** The main bets of the seated players: what a banking player has against it this round. */
function betsAgainst(view: TableView): number {
  return view.seats.reduce((total, seat) => total + (seat.role === 'player' ? seat.bets.main : 0), 0);
}

function opponentName(view: TableView, t: T): string {
  if (view.you?.role === 'banker') {
    const names = view.seats.filter((s) => s.nickname !== null && !s.you && s.role === 'player').map((s) => s.nickname);
    return names.length > 0 ? t('table.opponents', { names }) : t('table.noOpponent');
  }
  return view.banker.kind === 'house' ? t('table.theHouse') : view.banker.nickname;
}

/** The line above the bet spots: what to do now, or whom the viewer waits for (with a countdown). */
function PhaseMessage({ view, you, stage, status, waiting, waitDeadline }: {
  view: TableView;
  you: YouView;
  stage: Stage;
  status: string;
  waiting: Waiting | null;
  waitDeadline: number | null;
}) {
  const { t } = useTranslation();
  if (status === 'reconnecting' || status === 'connecting') return <>{t('app.reconnecting')}</>;
  if (waiting) {
    const head = waiting.kind === 'approval' ? t('waiting.approval') : t(`waiting.${waiting.kind}`, { count: waiting.count });
    return (
      <span data-testid="waiting" data-kind={waiting.kind} data-count={waiting.count}>
        {head}
        {waitDeadline !== null ? <Countdown deadline={waitDeadline} render={(seconds) => t('waiting.within', { seconds })} /> : t('waiting.none')}
      </span>
    );
  }
  return <>{phaseMessage(view, you, stage, t)}</>;
}

function phaseMessage(view: TableView, you: YouView, stage: Stage, t: T): string {
  if (you.role === 'banker') {
    if (view.phase === 'approval' && view.banker.kind === 'player' && !view.banker.approved) return t('phase.approve');
    return t('phase.banking');
  }
  if (you.role === 'spectator') return t('phase.spectator');
  switch (view.phase) {
    case 'approval':
      return t('phase.awaitingApproval');
    case 'dealing':
      return t('phase.dealing');
    case 'setting':
      if (stage.kind === 'setting') return stage.submitted ? t('phase.waitingOthers') : t('phase.setting');
      return t('phase.waitingOthers');
    default:
      return you.ready ? t('phase.waitingDeal') : stage.kind === 'revealed' ? t('phase.settled') : t('phase.betting');
  }
}

/**
 * A house-way explanation: the viewer's hand when the house set it (`who="you"`; saying so when it was
 * for a timeout or a disconnection), or the banker's hand at the reveal (`who="banker"`).
 */
function Explanation({ view, stage, who }: { view: TableView; stage: Stage; who: 'you' | 'banker' }) {
  const { t } = useTranslation();
  let text: string | null = null;
  let key = who === 'you' ? 'table.houseWayRule' : 'table.bankerHouseWay';
  if (who === 'you') {
    if (stage.kind === 'setting' && view.you?.houseWay) {
      text = houseWayText(t, view.you.houseWay.explanation);
    } else if (stage.kind === 'revealed' && stage.mine && stage.mine.setBy !== 'player') {
      text = explainLocally(stage.mine.cards, stage.mine.houseWayRule, view.config.houseWay, t);
      if (stage.mine.setBy === 'timeout') key = 'table.houseWayRuleTimeout';
      if (stage.mine.setBy === 'disconnect') key = 'table.houseWayRuleDisconnect';
    }
  } else if (stage.kind === 'revealed') {
    text = explainLocally(stage.round.bankerHand.cards, stage.round.bankerHand.rule, view.config.houseWay, t);
  }
  if (!text) return null;
  return (
    <ExplanationText who={who} testid={who === 'you' ? 'house-way-explanation' : 'banker-explanation'} text={t(key, { text })} />
  );
}

/**
 * The explanation of a house-way setting after the reveal. The view carries only the rule id there,
 * so the (deterministic) engine recomputes the explanation from the seven cards by the table's house way,
 * for display only; it is used only when it names the same rule as the server.
 */
function explainLocally(cards: readonly CardText[], rule: string | null, way: HouseWayId, t: T): string | null {
  const parsed = parseCards([...cards], 7);
  if (!parsed.ok) return null;
  const hw = houseWays[way].set(parsed.value);
  if (rule !== null && hw.rule !== rule) return null;
  return houseWayText(t, hw.explanation);
}

function BankerZone({ view, stage }: { view: TableView; stage: Stage }) {
  const { t } = useTranslation();
  // The viewer's finished round, tagged "Last round", with the banker of that round (it may have changed
  // since); a round the viewer did not play is not drawn here (the side panel names its players).
  if (stage.kind === 'revealed') {
    const round = stage.round;
    const name = round.banker.kind === 'house' ? t('table.theHouse') : round.banker.nickname;
    const mine = stage.mine;
    const setting = round.bankerHand.setting;
    // The marks over the banker's hands: from the viewer's side (its own hands' mirror), or as the banker.
    const sides = stage.asBanker ? bankerHandMarks(round) : null;
    const lastTag = (
      <>
        {name}{' '}
        <span className="last-round-tag" data-testid="last-round-tag" data-round-id={round.roundId}>
          {t('table.lastRoundTag')}
        </span>
      </>
    );
    return (
      <Zone title={t('table.banker')} name={lastTag} className="zone--banker">
        <div className="hands hands--banker">
          <HandBox
            kind="low"
            small
            label={t('table.bankerLow')}
            cards={sortForDisplay(setting.low)}
            slots={2}
            cardTestid="dealer-card"
            testid="dealer-low-hand"
            caption={captionOf(setting.low, t)}
            mark={sides ? sides.low : mine ? bankerMark(mine.low) : null}
            markTestid="dealer-low-mark"
          />
          <HandBox
            kind="high"
            small
            label={t('table.bankerHigh')}
            cards={sortForDisplay(setting.high)}
            slots={5}
            cardTestid="dealer-card"
            testid="dealer-high-hand"
            caption={captionOf(setting.high, t)}
            mark={sides ? sides.high : mine ? bankerMark(mine.high) : null}
            markTestid="dealer-high-mark"
          />
        </div>
        <Explanation view={view} stage={stage} who="banker" />
      </Zone>
    );
  }
  const name = view.banker.kind === 'house' ? t('table.theHouse') : view.banker.nickname;
  const dealt = stage.kind === 'setting' || stage.kind === 'watching';
  return (
    <Zone title={t('table.banker')} name={name} className="zone--banker">
      <div className="hands hands--banker">
        <HandBox kind="high" small label={t('table.bankerCards')} cards={dealt ? Array<null>(7).fill(null) : []} slots={7} cardTestid="dealer-card" testid="dealer-hand" />
      </div>
    </Zone>
  );
}

function captionOf(cards: readonly CardText[], t: T): string | null {
  const c = categoryOfCards(cards);
  return c ? categoryName(t, c) : null;
}

function PlayerZone({ you, stage, arrangement, setting, onCard }: {
  you: YouView;
  stage: Stage;
  arrangement: Arrangement | null;
  setting: boolean;
  onCard: (c: CardText) => void;
}) {
  const { t } = useTranslation();
  let high: readonly CardText[] = [];
  let low: readonly CardText[] = [];
  let marks: { high: 'win' | 'lose' | 'copy'; low: 'win' | 'lose' | 'copy' } | null = null;
  let state: 'ok' | 'foul' | null = null;
  let highCaption: string | null = null;
  let lowCaption: string | null = null;
  if (stage.kind === 'setting' && arrangement) {
    const submitted = stage.submitted;
    high = submitted ? sortForDisplay(submitted.high) : arrangement.high;
    low = submitted ? sortForDisplay(submitted.low) : arrangement.low;
    if (!submitted && arrangement.block === null) state = 'ok';
    if (!submitted && arrangement.block?.kind === 'error') state = 'foul';
    highCaption = submitted ? captionOf(high, t) : arrangement.highCategory ? categoryName(t, arrangement.highCategory) : null;
    lowCaption = submitted ? captionOf(low, t) : arrangement.lowCategory ? categoryName(t, arrangement.lowCategory) : null;
  } else if (stage.kind === 'revealed' && stage.mine) {
    const mine = stage.mine;
    high = sortForDisplay(mine.setting.high);
    low = sortForDisplay(mine.setting.low);
    marks = { high: mine.high, low: mine.low };
    highCaption = captionOf(high, t);
    lowCaption = captionOf(low, t);
  }
  return (
    <Zone title={t('table.yourCards')} name={you.nickname} className="zone--player">
      <div className="hands" title={setting ? t('table.clickToMove') : undefined}>
        <HandBox
          kind="low"
          label={t('table.lowHand')}
          cards={low}
          slots={2}
          cardTestid="player-card"
          testid="low-hand"
          caption={lowCaption}
          mark={marks?.low ?? null}
          markTestid="low-mark"
          state={state}
          onCardClick={setting ? onCard : undefined}
        />
        <HandBox
          kind="high"
          label={t('table.highHand')}
          cards={high}
          slots={5}
          cardTestid="player-card"
          testid="high-hand"
          caption={highCaption}
          mark={marks?.high ?? null}
          markTestid="high-mark"
          state={state}
          onCardClick={setting ? onCard : undefined}
        />
      </div>
    </Zone>
  );
}

/**
 * The banking player's view of a revealed round: each player's result in the banker's words ("Pat lost
 * $10 → you +$10"), with both hands and the marks, and the banker's net after its fee (rules.md §3.1:
 * the fee is 1.5% of the total wagered against it; the Fortune bets are the house's business).
 */
function BankerResults({ round, money }: { round: RoundResultView; money: Money }) {
  const { t } = useTranslation();
  return (
    <Zone title={t('table.players')} className="zone--player zone--results">
      <RoundPlayers round={round} money={money} asBanker />
      <p className="banker-net" data-testid="banker-net" data-net-cents={round.bankerNetCents} data-fee-cents={round.bankerFeeCents}>
        {t('bankerResult.fee', { net: money(round.bankerNetCents, true), fee: money(round.bankerFeeCents) })}
      </p>
    </Zone>
  );
}

/**
 * Every player's hands and result in a revealed round (a shared table shows them to all after the
 * reveal). `asBanker`: the result told from the banking player's side (its main-bet money only).
 */
export function RoundPlayers({ round, money, asBanker = false }: { round: RoundResultView; money: Money; asBanker?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="round-players" data-testid="round-players" data-count={round.players.length}>
      {round.players.map((p) => {
        // The banking player reads each row from its side: its marks against the player's hands, its money.
        const side = bankerRow(p);
        const { playerMainCents, bankerCents } = side;
        const cls = asBanker ? side.outcome : p.outcome;
        const text = asBanker
          ? t(`bankerResult.${p.outcome}`, { nickname: p.nickname, amount: money(Math.abs(playerMainCents)) })
          : p.outcome === 'push'
            ? p.netCents === 0
              ? t('roundPlayer.push')
              : t('roundPlayer.pushNet', { amount: money(p.netCents, true) })
            : t(`roundPlayer.${p.outcome}`, { amount: money(Math.abs(p.netCents)) });
        const how = p.setBy === 'player' ? '' : t(`roundPlayer.setBy.${p.setBy}`);
        return (
          <li
            key={p.seat}
            className={`round-player history-row history-row--${cls}`}
            data-testid="round-player"
            data-seat={p.seat}
            data-result={p.outcome}
            data-net-cents={p.netCents}
            data-banker-cents={asBanker ? bankerCents : undefined}
            data-banker-result={asBanker ? side.outcome : undefined}
          >
            <span className="round-player__who">
              <strong className="round-player__name" title={p.nickname}>
                {p.nickname}
              </strong>
              {p.you && <span className="muted"> {t('table.youMark')}</span>}
              {!asBanker && (
                <span className="muted">
                  {' · '}
                  {t('history.bet', { amount: money(p.bets.main) })}
                </span>
              )}
            </span>
            <span className={`history-row__net history-row__net--${cls}`}>
              {asBanker ? (
                <>
                  {text} <span className="round-player__for-you">{t('bankerResult.forYou', { amount: money(bankerCents, true) })}</span>
                </>
              ) : (
                text
              )}
            </span>
            <span className="history-row__hands round-player__hands">
              <span className="round-player__marks" title={asBanker ? t('bankerResult.marks', { nickname: p.nickname }) : undefined}>
                <Mark result={asBanker ? side.high : p.high} />
                <Mark result={asBanker ? side.low : p.low} />
              </span>
              <MiniHands high={p.setting.high} low={p.setting.low} />
              {how && <span className="muted round-player__how">{how}</span>}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function SeatsBar({ view, you, send, money }: {
  view: TableView;
  you: YouView;
  send: (type: 'sit' | 'stand' | 'take-bank' | 'leave-bank' | 'approve' | 'auto-approve', payload?: Record<string, unknown>) => string;
  money: Money;
}) {
  const { t, i18n } = useTranslation();
  const inRound = view.seats.some((s) => s.you && s.inRound);
  const banker = view.banker;
  return (
    <div className="seats-bar">
      <div className="seats">
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
              disabled={(taken && !s.you) || inRound}
              title={taken ? [s.nickname, bet, state].filter(Boolean).join(' · ') : undefined}
              onClick={() => {
                if (taken) return;
                if (you.seat !== null) send('stand');
                send('sit', { seat: s.seat });
              }}
            >
              {taken ? (
                <>
                  <span className="seat__name">{s.nickname}</span>
                  {s.role === 'banker' && <span className="seat__tag">{t('role.banker')}</span>}
                  {bet && <span className="seat__bet">{bet}</span>}
                  {state && <span className="seat__state">{state}</span>}
                </>
              ) : (
                t('table.seat', { n: s.seat + 1 })
              )}
            </button>
          );
        })}
      </div>
      {view.config.playerBanking && (
        <div className="bank-controls">
          {you.role === 'banker' ? (
            <>
              <LeaveBank view={view} onLeave={() => send('leave-bank')} />
              <button
                className="btn btn--gold btn--small"
                data-testid="approve"
                disabled={view.phase !== 'approval' || (banker.kind === 'player' && banker.approved)}
                onClick={() => send('approve')}
              >
                {t('table.approve')}
              </button>
              <label className="toggle">
                <input
                  type="checkbox"
                  data-testid="auto-approve"
                  checked={banker.kind === 'player' && banker.autoApprove}
                  onChange={(e) => send('auto-approve', { on: e.target.checked })}
                />
                {t('table.autoApprove')}
              </label>
            </>
          ) : (
<TakeBank view={view} money={money} feeRate={percent(i18n.language, view.config.bankerFeeBps)} onTake={() => send('take-bank')} />
          )}
        </div>
      )}
    </div>
  );
}
