/**
 * The table screen (rules.md §4, §5, interfaces.md "The web page"): the felt with the banker's and the
 * player's hands, the bet spots and chips, the actions (with the Hint panel), the timer, and beside it
 * the Fortune pay table, the round's players at a shared table and the history. Everything shown comes
 * from the server's `TableView` (and its `hint` and `notice` messages); the engine is used only to check
 * the player's arrangement before Split (the foul reason) and to label hands and explain the house way.
 *
 * This file connects the table and lays out its parts; the state lives in two pure models, the chips
 * (`table-ui/bet-draft.ts`, through `useBetChips`) and the felt with the player's selection of low-hand
 * cards (`table-ui/felt.ts`), and each area is a component of its own: `TableTopBar`, `SeatsBar`,
 * `BankerZone`, `PhaseMessage` and `ResultBanner`, `BetSpots`, `PlayerZone` or `BankerResults`,
 * `TableControls` (chips, bet tools, actions), `TableSide` (the column beside the felt).
 *
 * Interruptions (rules.md §5): the server's notices (a bet returned, a hand set by the house way, leaving
 * the table or the bank) are shown as informational toasts, apart from the red `error` (refused actions);
 * rounds settled while the player was away are listed in a "While you were away" panel (useTableHistory.ts).
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlayerSummary, RoundResultView } from '@paigow/protocol';
import type { Api } from '../net/http.js';
import { Timer } from '../table-ui/Timer.js';
import { canBetOf, feltOf, lowOf, seatFree, select, youInRound, type Selection } from '../table-ui/felt.js';
import { keepSelection, loadSelection } from '../table-ui/saved-selection.js';
import { localStore } from '../table-ui/browser-storage.js';
import { chipsCents, idleWaitMinutes, keptRoundOf, resultOf, stageOf, type CardText, type Stage } from '../table-ui/model.js';
import { errorMessage, formatMoney, tableName } from './i18n/index.js';
import { useBetChips } from './useBetChips.js';
import { BetTotal } from './BetTools.js';
import { BankRoom } from './BankStatus.js';
import { BrokeNotice } from './BrokeNotice.js';
import { gradePlaces, ResultBanner, ResultGradeLine, resultTexts } from './ResultBanner.js';
import { useRoundGrade } from '../coach/useRoundGrade.js';
import { Announcer, dealtSaid, gradeSaid, lowSaid, type ChangeNews } from './Announcer.js';
import { gradeLines } from '../coach/format.js';
import { TableHelp } from '../help/HelpOverlay.js';
import { useTable, type LiveTable } from './useTable.js';
import { COMPACT_LAYOUT, SheetToggle } from './SideSheet.js';
import { TableFacts } from './TableFacts.js';
import { useRoundCues, useSoundSetting } from './sound/useSound.js';
import { TopBar } from './TopBar.js';
import { HintPanel } from './HintPanel.js';
import { useFocusKeeper } from './useFocusKeeper.js';
import { Toasts, toldByNotice } from './Toasts.js';
import { useClientSeed, withClientSeed } from '../fairness/client-seed.js';
import { lastRoundOf } from './last-round.js';
import type { AwayRound } from './away.js';
import type { Session } from './session.js';
import { useTableHistory } from './useTableHistory.js';
import { useBankChange } from './useBankChange.js';
import { useToldNotices } from './useToldNotices.js';
import { useMediaQuery } from './useMediaQuery.js';
import { TableTopBar } from './TableTopBar.js';
import { SeatsBar } from './SeatsBar.js';
import { BankerZone } from './BankerZone.js';
import { PhaseMessage } from './PhaseMessage.js';
import { BetSpots } from './BetSpots.js';
import { PlayerZone } from './PlayerZone.js';
import { BankerResults } from './RoundPlayers.js';
import { TableControls } from './TableControls.js';
import { TableSide } from './TableSide.js';
import { forgetSeat, rememberSeat } from './seat-memory.js';
import { ConnectionBanner, connectionLost } from './ConnectionBanner.js';
import { useOpeningFocus } from './opening-focus.js';
import { useRefusal } from './refusal.js';

type Money = (cents: number, signed?: boolean) => string;

export interface TableScreenProps {
  api: Api;
  session: Session;
  tableId: string;
  /** Back to the lobby; `roundInPlay` when the player left a round of its own still being played (its money settles later). */
  onLeave: (roundInPlay?: boolean) => void;
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

  const forgetSeatHere = useSeatMemory(table, props.session.player.id, tableId);
  // Leaving by the Lobby button stands up: the lobby has no seat to lead back to (forgotten at the click, not once
  // the room has closed, which waits for the server).
  const live = useMemo<LiveTable>(
    () => ({
      ...table,
      leave: () => {
        forgetSeatHere();
        return table.leave();
      },
    }),
    [table, forgetSeatHere],
  );

  return <TableLayout {...props} table={live} />;
}

/**
 * Remembers the seat held at `tableId` for the lobby's way back after a closed tab (seat-memory.ts): at each view
 * that seats the player, and when the page is hidden or closed (the moment the server's hold starts counting, at
 * the latest); forgotten at a view of this connection without a seat (stood up, or the seat is gone).
 * @returns a function that forgets it for good on this screen (the player leaves the table)
 */
function useSeatMemory(table: LiveTable, playerId: string, tableId: string): () => void {
  const { view, status } = table;
  const leaving = useRef(false);
  const you = status === 'open' ? (view?.you ?? null) : null;
  const known = you !== null;
  const seated = you !== null && you.seat !== null;
  const holdMs = view?.config.timers.reconnectMs ?? 0;
  useEffect(() => {
    if (!known || leaving.current) return;
    const storage = localStore();
    if (!seated) {
      forgetSeat(storage, tableId);
      return;
    }
    const remember = () => {
      if (!leaving.current) rememberSeat(storage, { playerId, tableId, seenAtMs: Date.now(), holdMs });
    };
    remember();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') remember();
    };
    window.addEventListener('pagehide', remember);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', remember);
      document.removeEventListener('visibilitychange', onHidden);
    };
  }, [known, seated, view, playerId, tableId, holdMs]);
  return useCallback(() => {
    leaving.current = true;
    forgetSeat(localStore(), tableId);
  }, [tableId]);
}

/** The screens where the side column sits beside the felt (styles.css: below 1100px it goes under it). */
const WIDE_LAYOUT = '(min-width: 1101px)';

/** The table drawn from a `LiveTable` (live, or a fixture in the visual preview). */
export function TableLayout({ api, session, tableId, onLeave, onSessionLost, onPlayer, table, initialLow, initialAway }: TableScreenProps & {
  table: LiveTable;
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

  // The player's low-hand cards, for this round only (a new deal starts a new arrangement).
  const roundId = view?.roundId ?? null;
  // A reload or a closed tab in the middle of setting keeps the cards already moved (localStorage, this player and
  // round only: saved-selection.ts).
  const playerId = session.player.id;
  const [selection, setSelection] = useState<Selection>(() => (initialLow ? { roundId, low: initialLow } : (loadSelection(localStore(), playerId, tableId) ?? { roundId, low: [] })));
  const low = lowOf(selection, roundId);
  // Wide screens show the Hint panel beside the felt (the side column), narrow ones in the felt.
  const wide = useMediaQuery(WIDE_LAYOUT);
  // A phone: the felt takes the window's width, the side column is a sheet behind a tap (SideSheet.tsx).
  const compact = useMediaQuery(COMPACT_LAYOUT);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [soundOn, setSoundOn] = useSoundSetting();
  // The balance when the player last asked for a top-up (its answer is said: Announcer's change news), or `null`.
  const [topUpFrom, setTopUpFrom] = useState<number | null>(null);

  // Keep the lobby's idea of the balance current.
  const balance = you?.balanceCents;
  const comp = you?.compPoints;
  useEffect(() => {
    if (balance !== undefined && comp !== undefined) onPlayer({ balanceCents: balance, compPoints: comp });
  }, [balance, comp, onPlayer]);

  const past = useTableHistory({ api, token: session.token, tableId, view, connections, notices, settled: table.settled, onSessionLost, initialAway });
  const bankChange = useBankChange(view);
  const told = useToldNotices();
  const { dismiss: dismissBankChange } = bankChange;
  const { dismiss: dismissTold } = told;
  const dismissLocal = useCallback((id: string) => {
    dismissBankChange(id);
    dismissTold(id);
  }, [dismissBankChange, dismissTold]);

  const pendingTypes = useMemo(() => new Set<string>(pending.values()), [pending]);
  // One refusal at a time: the server's or the screen's own, whichever came last (refusal.ts).
  const refusal = useRefusal(error, you?.balanceCents ?? null);
  // The chips on the felt and their tools (Clear, Undo, Double, Rebet).
  const bets = useBetChips({ view, canBet: view && you ? canBetOf(view, you, status) : false, send, pending, error, say: refusal.say, tell: told.tell, money });
  // The viewer's own last round stays on the felt while others play one it is not in, until it bets again or is dealt in.
  const betStarted = bets.shown.main.length > 0 || bets.shown.fortune.length > 0;
  const [kept, setKept] = useState<RoundResultView | null>(null);
  const nextKept = keptRoundOf(kept, view, betStarted);
  if (nextKept !== kept) setKept(nextKept);
  const felt = view && you ? feltOf(view, you, low, status, pendingTypes, table.receivedAtMs, nextKept) : null;
  const stage: Stage = view ? stageOf(view, nextKept) : { kind: 'empty' };
  // Kept while this round's hand is being set; removed once it is set, the round is over or another is dealt.
  // A layout effect: stored before the moved card is painted, so a reload right after the tap keeps it (a passive
  // effect could still be waiting when the page went, on a loaded machine).
  const keepable = stage.kind === 'setting' && stage.submitted === null;
  useLayoutEffect(() => {
    if (view) keepSelection(localStore(), playerId, tableId, { roundId, low }, keepable, Date.now());
  }, [view, playerId, tableId, roundId, low, keepable]);
  // The coach grades the setting the viewer made in its own seat (not a round it banked, nor a hand the table
  // set at a timeout or a disconnection: docs/server.md "The coach") after the reveal.
  const graded = (p: { you: boolean; bets: { main: number }; setBy: string }) => p.you && p.bets.main > 0 && (p.setBy === 'player' || p.setBy === 'house-way');
  const playedRound = stage.kind === 'revealed' && stage.round.players.some(graded) ? stage.round.roundId : null;
  const grade = useRoundGrade(api, session.token, playedRound);
  useRoundCues(soundOn, stage.kind === 'setting' ? roundId : null, view ? resultOf(view) : null);
  // Keyboard focus that falls with its control (Deal, a moved card, Hint, Split) goes to the next one.
  useFocusKeeper({ stage: stage.kind, hintOpen: stage.kind === 'setting' && table.hint !== null });
  const hintButton = useRef<HTMLButtonElement>(null);
  const splitButton = useRef<HTMLButtonElement>(null);
  // The table's name takes the focus when the table first shows (the lobby's tile that had it is gone): opening-focus.ts.
  const heading = useRef<HTMLHeadingElement>(null);
  useOpeningFocus(heading, felt !== null);
  // "Use this setting" only arranges the cards: the focus goes to Split, which plays them, once the render after
  // the click has enabled it (a player took the arranged hand for played and its decision timer ran out).
  const focusSplit = useRef(false);
  useEffect(() => {
    if (!focusSplit.current) return;
    focusSplit.current = false;
    if (splitButton.current && !splitButton.current.disabled) splitButton.current.focus();
  });

  const toasts = (
    <Toasts
      notices={notices}
      local={told.notices.length === 0 ? bankChange.notices : [...bankChange.notices, ...told.notices]}
      away={past.away}
      tableNames={past.tableNames}
      currentTable={view ? { id: view.tableId, name: tableName(t, { tableId: view.tableId, name: view.config.name }) } : null}
      money={money}
      inCorner={wide}
      onDismiss={table.dismissNotice}
      onDismissLocal={dismissLocal}
      onDismissAway={past.dismissAway}
      onSitAgain={table.sitAgain}
      // Not at a full table: no seat to sit in (seatFree).
      canSitAgain={you !== null && you.seat === null && view !== null && seatFree(view)}
    />
  );

  if (!view || !you || !felt) return <TableLoading status={status} error={error === null ? null : errorMessage(t, error.code)} onLeave={() => onLeave()} />;

  const { result } = felt;
  const revealed = result !== null && stage.kind === 'revealed';
  const gradeBet = revealed && !result.asBanker ? (stage.round.players.find((p) => p.you)?.bets.main ?? 0) : 0;
  const resultGrade = gradeBet > 0 ? { state: grade, betCents: gradeBet } : undefined;
  // A phone has no room for another line in the banner: the grade takes the empty bet total's place until
  // the next chip (styles.css `.grade-note`; e2e/phone-viewport.test.ts).
  const gradeAt = gradePlaces(resultGrade, compact, !betStarted);
  const topUp = () => {
    setTopUpFrom(you.balanceCents);
    send('top-up');
  };
  const onDeal = () => {
    const why = bets.draftRefusal() ?? (clientSeed.error !== null ? errorMessage(t, clientSeed.error) : null);
    refusal.say(why);
    if (why === null) send('deal');
  };
  // The Hint of this round, while the player still sets its hand.
  const hint = felt.setting && table.hint !== null && table.hint.roundId === view.roundId ? table.hint : null;
  const closeHint = () => {
    table.clearHint();
    hintButton.current?.focus();
  };
  const applyHint = (cards: readonly CardText[]) => {
    setSelection((s) => select(s, roundId, { type: 'use', low: cards }));
    focusSplit.current = true;
  };
  const hintPanel = hint === null ? null : <HintPanel reply={hint.reply} canUse={!felt.submitting} onUse={applyHint} low={low} onClose={closeHint} />;
  // A sit refused for the idle-seat clock says in how many minutes the seat is free to this player again (a tester read
  // "a few minutes", then, having waited most of them, "5 min after you left").
  const shown = refusal.shown;
  // A server's refusal a notice already tells is not said twice.
  const serverRefusal =
    shown?.kind === 'server' && !toldByNotice(shown.error.code, notices) ? errorMessage(t, shown.error.code, { minutes: idleWaitMinutes(view, table.receivedAtMs, Date.now()) }) : null;
  const shownError = shown?.kind === 'screen' ? shown.text : serverRefusal;
  const shownName = tableName(t, { tableId: view.tableId, name: view.config.name });
  const names = withCurrent(past.tableNames, view.tableId, shownName);
  const isPlayer = you.role === 'player';
  const offline = connectionLost(status);
  // What the live region says (Announcer.tsx): the cards just dealt, the result (saying the coach grades the setting
  // when it does), then the result's money again with the grade in words once it came (shown only on the felt otherwise).
  const dealtNews = isPlayer && stage.kind === 'setting' && stage.submitted === null && roundId !== null ? { roundId, text: dealtSaid(t, stage.cards) } : null;
  const grading = revealed && playedRound === result.roundId;
  const resultSaid = revealed ? resultTexts(result, t, money) : [];
  const resultNews = revealed ? { roundId: result.roundId, lines: [...resultSaid, ...(grading ? [t('coach.grade.pending')] : [])] } : null;
  // What the player changes, said as it changes: its bets, the chips' spot and its balance (a top-up) while betting,
  // its low hand while setting it (a tester heard nothing after pressing a chip, the spot or a card).
  const toppedUp = topUpFrom !== null && you.balanceCents > topUpFrom;
  const changeNews: ChangeNews | null =
    isPlayer && view.phase === 'betting'
      ? {
          scope: 'betting',
          parts: [
            { id: 'main', value: String(chipsCents(bets.shown.main)), text: t('a11y.bet', { amount: money(chipsCents(bets.shown.main)) }) },
            { id: 'fortune', value: String(chipsCents(bets.shown.fortune)), text: t('a11y.fortuneBet', { amount: money(chipsCents(bets.shown.fortune)) }) },
            { id: 'spot', value: bets.target, text: t('a11y.chipsTo', { spot: t(bets.target === 'main' ? 'bets.toMain' : 'bets.toFortune') }) },
            // The balance only once a top-up has raised it: a bet or a round's settlement changes it too, and the result says those.
            { id: 'balance', value: String(toppedUp), text: toppedUp ? t('a11y.balance', { amount: money(you.balanceCents) }) : '' },
          ],
        }
      : dealtNews !== null && felt.arrangement !== null
        ? { scope: `low:${dealtNews.roundId}`, parts: [{ id: 'low', value: felt.arrangement.low.join(' '), text: lowSaid(t, felt.arrangement.low) }] }
        : null;
  const gradeNews = grading && grade.kind === 'graded' ? { roundId: result.roundId, text: gradeSaid(resultSaid, gradeLines(t, lng, grade.grade, gradeBet, money)[1]) } : null;

  return (
    <>
      <TableTopBar
        view={view}
        you={you}
        // The player's last round at any table (the history's newest settled round, or this table's if newer).
        ownDeadline={felt.timer.own}
        lastRound={lastRoundOf(view, past.history)}
        tableNames={names}
        money={money}
        onLeave={() => {
          const roundInPlay = youInRound(view);
          void table.leave().then(() => onLeave(roundInPlay));
        }}
        onTopUp={topUp}
        offline={offline}
      />
      {/* Notices: in the bottom right corner under the side column on a wide screen (styles.css), in the page's flow under the
          top bar on a phone (over the top bar they hid the balance, Lobby and the seats), under the actions in between. */}
      {(wide || compact) && toasts}
      <main className="table-screen">
        <h1 className="visually-hidden" data-testid="page-title" ref={heading} tabIndex={-1}>
          {shownName}
        </h1>
        <ConnectionBanner status={status} />
        <Announcer dealt={dealtNews} result={resultNews} grade={gradeNews} deadline={felt.timer.own} change={changeNews} />
        <TableHelp config={view.config} />
        <section className="felt" aria-label={shownName} data-stage={stage.kind}>
          {(view.config.seats > 1 || view.config.playerBanking) && <SeatsBar view={view} you={you} send={send} money={money} offline={offline} />}
          <BankerZone view={view} stage={stage} />
          <div className="middle">
            <div className="middle__left">
              <p className="message" data-testid="message">
                <PhaseMessage view={view} you={you} stage={stage} status={status} waiting={felt.waiting} waitDeadline={felt.timer.wait} />
              </p>
              {revealed && <ResultBanner result={result} money={money} grade={gradeAt.banner} />}
              {gradeAt.note ? <ResultGradeLine grade={gradeAt.note} t={t} lng={lng} money={money} form="note" /> : isPlayer && view.phase === 'betting' && <BetTotal bets={bets} money={money} overResult={revealed} />}
              {felt.canBet && <BrokeNotice view={view} you={you} money={money} onTopUp={topUp} busy={pendingTypes.has('top-up')} />}
              <BankRoom view={view} money={money} />
            </div>
            <div className="middle__center spots">
              <BetSpots view={view} you={you} stage={stage} result={result} bets={bets} canBet={felt.canBet} money={money} />
            </div>
            <div className="middle__right">
              <Timer deadline={felt.timer.deadline} totalMs={felt.timer.totalMs} />
              {compact ? <SheetToggle open={sheetOpen} onToggle={() => setSheetOpen((o) => !o)} /> : <TableFacts view={view} money={money} />}
            </div>
          </div>
          {stage.kind === 'revealed' && stage.asBanker ? (
            <BankerResults round={stage.round} money={money} />
          ) : you.role !== 'player' && stage.kind !== 'revealed' ? null : (
            <PlayerZone
              you={you}
              stage={stage}
              arrangement={felt.arrangement}
              setting={felt.setting && !felt.submitting}
              onCard={(card) => setSelection((s) => select(s, roundId, { type: 'card', card }))}
            />
          )}
          <TableControls
            view={view}
            you={you}
            felt={felt}
            bets={bets}
            money={money}
            error={shownError}
            pendingTypes={pendingTypes}
            hintOpen={hint !== null}
            hintPanel={hintPanel}
            hintButton={hintButton}
            splitButton={splitButton}
            wide={wide}
            notices={compact ? null : toasts}
            actions={{
              onSitDown: table.sitAgain,
              onSplit: () => felt.arrangement && send('set', { low: [...felt.arrangement.low], roundId }),
              onHouseWay: () => send('house-way', { roundId }),
              onDeal,
              onHint: table.askHint,
            }}
          />
        </section>
        <TableSide
          view={view}
          you={you}
          compact={compact}
          open={sheetOpen}
          onClose={() => setSheetOpen(false)}
          sound={{ on: soundOn, onChange: setSoundOn }}
          wide={wide}
          hintPanel={hintPanel}
          sideRound={felt.sideRound}
          clientSeed={clientSeed}
          history={past.history}
          tableNames={names}
          money={money}
        />
      </main>
    </>
  );
}

/** The screen before the first view (connecting), or after a join that failed (`error`, in words). */
function TableLoading({ status, error, onLeave }: { status: string; error: string | null; onLeave: () => void }) {
  const { t } = useTranslation();
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
            {error ?? ''}
          </p>
        </div>
      </div>
    </>
  );
}

/** The lobby's table names (as shown), with this table's shown name from its view (always known). */
function withCurrent(names: ReadonlyMap<string, string>, tableId: string, name: string): ReadonlyMap<string, string> {
  return names.get(tableId) === name ? names : new Map([...names, [tableId, name]]);
}
