/**
 * The table screen (rules.md §4, §5, interfaces.md "The web page"): the felt with the banker's and the
 * player's hands, the bet spots and chips, the actions (with the Hint panel), the timer, and beside it
 * the Fortune pay table and the history. Everything shown comes from the server's `TableView` (and its
 * `hint` replies); the engine is used only to check the player's arrangement before Split (the foul
 * reason) and to label hands and explain the house way. The Hint is computed by the server.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { houseWay, parseCards, type HistoryEntry, type PlayerSummary, type TableView, type YouView } from '@paigow/engine';
import { ApiError, type Api } from '../net/http.js';
import { Timer } from '../table-ui/Timer.js';
import { FortunePayTable } from '../table-ui/FortunePayTable.js';
import { BetSpot, ChipRack, HandBox, Zone } from '../table-ui/parts.js';
import {
  arrange,
  bankerMark,
  betChips,
  categoryOfCards,
  localDeadline,
  resultOf,
  sortForDisplay,
  stageOf,
  toggleLow,
  type Arrangement,
  type CardText,
  type ChipValue,
  type ResultModel,
  type Stage,
} from '../table-ui/model.js';
import { categoryName, errorMessage, formatMoney, houseWayText } from './i18n/index.js';
import { useTable, type TableState } from './useTable.js';
import { Stat, TopBar } from './TopBar.js';
import { History } from './History.js';
import { HintPanel } from './HintPanel.js';
import type { Session } from './App.js';

const sum = (chips: readonly ChipValue[]): number => chips.reduce((a, b) => a + b * 100, 0);

export interface TableScreenProps {
  api: Api;
  session: Session;
  tableId: string;
  onLeave: () => void;
  onSessionLost: () => void;
  onPlayer: (p: Partial<PlayerSummary>) => void;
}

/** The table, connected to the server. */
export function TableScreen(props: TableScreenProps) {
  const table = useTable(props.tableId, props.session.token, props.onSessionLost);
  return <TableLayout {...props} table={table} />;
}

/** The table drawn from a `TableState` (live, or a fixture in the visual preview). */
export function TableLayout({ api, session, onLeave, onSessionLost, onPlayer, table, initialLow }: TableScreenProps & { table: TableState; initialLow?: CardText[] }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const money = useCallback((cents: number, signed = false) => formatMoney(lng, cents, signed), [lng]);
  const { view, send, pending, error, status } = table;
  const you = view?.you ?? null;

  const [low, setLow] = useState<CardText[]>(initialLow ?? []);
  const [mainChips, setMainChips] = useState<ChipValue[]>([]);
  const [fortuneChips, setFortuneChips] = useState<ChipValue[]>([]);
  const [selected, setSelected] = useState<ChipValue | null>(null);
  const [history, setHistory] = useState<readonly HistoryEntry[] | null>(null);
  // Wide screens show the Hint panel beside the felt (the side column), narrow ones in the felt.
  const wide = useMediaQuery(WIDE_LAYOUT);

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

  // The history: on arrival and after every revealed round.
  const lastRoundId = view?.lastRound?.roundId ?? null;
  useEffect(() => {
    let live = true;
    api
      .history(session.token, 20)
      .then((r) => live && setHistory(r.items))
      .catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 'auth/invalid-session') onSessionLost();
      });
    return () => {
      live = false;
    };
  }, [api, session.token, lastRoundId, onSessionLost]);

  const pendingTypes = useMemo(() => new Set(pending.values()), [pending]);
  const stage: Stage = view ? stageOf(view) : { kind: 'empty' };

  const leave = async () => {
    await table.leave();
    onLeave();
  };

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
  const canBet = isPlayer && view.phase === 'betting' && status === 'open';
  const betPending = pendingTypes.has('bet') || pendingTypes.has('rebet');
  const shownMain = betPending ? mainChips : betChips(you.bets.main, mainChips);
  const shownFortune = betPending ? fortuneChips : betChips(you.bets.fortune, fortuneChips);
  const fortuneLimits = view.config.limits.fortune;

  const placeMain = (chips: ChipValue[]) => {
    setMainChips(chips);
    send('bet', { spot: 'main', amountCents: sum(chips) });
  };
  const onChip = (v: ChipValue) => {
    setSelected(v);
    if (canBet) placeMain([...shownMain, v]);
  };
  const onBetStack = () => {
    if (canBet && shownMain.length > 0) placeMain(shownMain.slice(0, -1));
  };
  const onFortune = () => {
    if (!canBet || !fortuneLimits || selected === null) return;
    const next = [...shownFortune, selected];
    setFortuneChips(next);
    send('bet', { spot: 'fortune', amountCents: sum(next) });
  };

  const setting = stage.kind === 'setting' && !stage.submitted && isPlayer;
  const arrangement: Arrangement | null = stage.kind === 'setting' ? arrange(stage.cards, low) : null;
  const submitting = pendingTypes.has('set') || pendingTypes.has('house-way');
  // The Hint of this round, while the player still sets its hand.
  const hint = setting && table.hint !== null && table.hint.roundId === view.roundId ? table.hint : null;
  const hintPanel =
    hint === null ? null : <HintPanel reply={hint.reply} canUse={!submitting} onUse={(cards) => setLow([...cards])} onClose={table.clearHint} />;
  const splitBlock = arrangement?.block ?? null;
  const splitReason =
    setting && splitBlock
      ? splitBlock.kind === 'low-count'
        ? t('splitReason.lowCount', { count: splitBlock.count })
        : errorMessage(t, splitBlock.code)
      : null;

  const result = resultOf(view);
  const deadline = localDeadline(you.deadlineMs, view.serverNowMs, table.receivedAtMs);
  const timers = view.config.timers;
  const totalMs = you.deadlineKind === 'decision' ? timers.decisionMs : you.deadlineKind === 'approval' ? timers.approvalMs : timers.betMs;

  return (
    <>
      <TopBar>
        <Stat label={t('table.you')} className="stat--you">
          {you.nickname}
          <span className={`role-badge${role === 'banker' ? ' role-badge--banker' : ''}`} data-testid="role" data-role={role}>
            {role === 'spectator' ? '—' : t(`role.${role}`)}
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
            data-net-cents={you.lastResult?.netCents ?? ''}
            className={you.lastResult ? (you.lastResult.netCents > 0 ? 'stat__value--win' : you.lastResult.netCents < 0 ? 'stat__value--lose' : '') : ''}
          >
            {you.lastResult ? money(you.lastResult.netCents, true) : '—'}
          </span>
        </Stat>
        <span className="topbar__spacer" />
        <Stat label={t('table.compPoints')} testid="comp-points" data={{ points: you.compPoints }}>
          {you.compPoints}
        </Stat>
        <Stat label={t('table.balance')} testid="balance" data={{ cents: you.balanceCents }}>
          <span className="stat__value--gold">{money(you.balanceCents)}</span>
        </Stat>
        {you.balanceCents < 100 && you.bets.main === 0 && (
          <button className="btn btn--gold btn--small" data-testid="top-up" onClick={() => send('top-up')}>
            {t('table.topUp')}
          </button>
        )}
      </TopBar>
      <main className="table-screen">
        <section className="felt" aria-label={view.config.name}>
          <SeatsBar view={view} you={you} send={send} />
          <BankerZone view={view} stage={stage} />
          <div className="middle">
            <div className="middle__left">
              <p className="message" data-testid="message">
                {phaseMessage(view, you, stage, status, t)}
              </p>
              {result && stage.kind === 'revealed' && <ResultBanner result={result} money={money} />}
            </div>
            <div className="middle__center spots">
              {role === 'banker' ? (
                <div className="bets-against" data-testid="bets-against">
                  <span className="stat__label">{t('table.betsAgainst')}</span>
                  <span className="bets-against__amount">{money(betsAgainst(view))}</span>
                </div>
              ) : (
                <>
                  <BetSpot
                    kind="main"
                    testid="bet-stack"
                    label={t('table.bet')}
                    cents={you.bets.main}
                    amount={you.bets.main > 0 ? money(you.bets.main) : null}
                    chips={shownMain}
                    title={t('table.removeChip')}
                    onClick={onBetStack}
                    disabled={!canBet}
                  />
                  {fortuneLimits && (
                    <BetSpot
                      kind="fortune"
                      testid="fortune-stack"
                      label={t('table.fortune')}
                      cents={you.bets.fortune}
                      amount={you.bets.fortune > 0 ? money(you.bets.fortune) : null}
                      chips={shownFortune}
                      title={t('table.addFortune')}
                      onClick={onFortune}
                      disabled={!canBet}
                    />
                  )}
                </>
              )}
            </div>
            <div className="middle__right">
              <Timer deadline={deadline} totalMs={totalMs} />
              <span className="muted" style={{ fontSize: '0.72rem', textAlign: 'right' }}>
                {view.config.name}
                <br />
                {t('table.limits', { min: money(view.config.limits.main.minCents), max: money(view.config.limits.main.maxCents) })}
                <br />
                {view.banker.kind === 'house'
                  ? t('table.commission', { rate: percent(lng, view.config.commissionBps) })
                  : t('table.bankerFee', { rate: percent(lng, view.config.bankerFeeBps) })}
                {fortuneLimits && (
                  <>
                    <br />
                    {t('table.fortuneLimits', { min: money(fortuneLimits.minCents), max: money(fortuneLimits.maxCents) })}
                  </>
                )}
                {view.config.envyBonus && (
                  <>
                    <br />
                    <span className="envy-badge" data-testid="envy-on">
                      {t('table.envyOn')}
                    </span>
                  </>
                )}
              </span>
            </div>
          </div>
          <PlayerZone
            you={you}
            stage={stage}
            arrangement={arrangement}
            setting={setting && !submitting}
            onCard={(c) => setLow((l) => toggleLow(l, c))}
          />
          <div className="controls">
            <Explanation view={view} stage={stage} who="you" />
            <p className="error-toast" data-testid="error" hidden={error === null} role="alert">
              {error ? errorMessage(t, error.code) : ''}
            </p>
            {splitReason && (
              <p className="foul-reason" data-testid="split-reason" role="status">
                {splitReason}
              </p>
            )}
            <div className="actions">
              {stage.kind === 'setting' && isPlayer ? (
                <>
                  <button
                    className="btn btn--gold btn--big"
                    data-testid="split"
                    disabled={!setting || splitBlock !== null || submitting}
                    title={splitReason ?? undefined}
                    onClick={() => arrangement && send('set', { low: [...arrangement.low] })}
                  >
                    {t('table.split')}
                  </button>
                  <button className="btn btn--big" data-testid="house-way" disabled={!setting || submitting} onClick={() => send('house-way')}>
                    {t('table.houseWay')}
                  </button>
                </>
              ) : role === 'banker' ? null : (
                <>
                  <button
                    className="btn btn--gold btn--big"
                    data-testid="deal"
                    disabled={!canBet || you.bets.main === 0 || you.ready || pendingTypes.has('deal') || betPending}
                    onClick={() => send('deal')}
                  >
                    {t('table.deal')}
                  </button>
                  <button
                    className="btn btn--big"
                    data-testid="rebet"
                    disabled={!canBet || you.lastBets === null || you.lastBets.main === 0 || you.bets.main > 0 || betPending}
                    onClick={() => {
                      setMainChips([]);
                      setFortuneChips([]);
                      send('rebet');
                    }}
                  >
                    {t('table.rebet')}
                  </button>
                </>
              )}
              {role !== 'banker' && (
                <button
                  className="btn btn--big"
                  data-testid="hint"
                  disabled={!setting || submitting || pendingTypes.has('hint')}
                  title={t('table.hintTitle')}
                  aria-expanded={hint !== null}
                  onClick={table.askHint}
                >
                  {t('table.hint')}
                </button>
              )}
            </div>
            {hintPanel !== null && !wide ? hintPanel : role !== 'banker' && <ChipRack selected={selected} onChip={onChip} disabled={!isPlayer} />}
          </div>
        </section>
        <aside className="side">
          {wide && hintPanel}
          {view.config.fortunePayTable && (
            <FortunePayTable payTable={view.config.fortunePayTable} limits={fortuneLimits} envy={view.config.envyBonus} money={money} />
          )}
          <History entries={history} money={money} />
        </aside>
      </main>
    </>
  );
}

type T = ReturnType<typeof useTranslation>['t'];

/** The screens where the side column sits beside the felt (styles.css: below 1100px it goes under it). */
const WIDE_LAYOUT = '(min-width: 1101px)';

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

/** A rate in basis points as a percentage (`150` → "1.5%"). */
function percent(lng: string, bps: number): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** The main bets of the seated players: what a banking player has against it this round. */
function betsAgainst(view: TableView): number {
  return view.seats.reduce((total, seat) => total + (seat.role === 'player' ? seat.bets.main : 0), 0);
}

function opponentName(view: TableView, t: T): string {
  if (view.you?.role === 'banker') {
    const names = view.seats.filter((s) => s.nickname !== null && !s.you && s.role === 'player').map((s) => s.nickname);
    return names.length > 0 ? names.join(', ') : t('table.noOpponent');
  }
  return view.banker.kind === 'house' ? t('table.theHouse') : view.banker.nickname;
}

function phaseMessage(view: TableView, you: YouView, stage: Stage, status: string, t: T): string {
  if (status === 'reconnecting') return t('app.reconnecting');
  if (you.role === 'banker') {
    if (view.phase === 'approval' && view.banker.kind === 'player' && !view.banker.approved) return t('phase.approve');
    return t('phase.banking');
  }
  switch (view.phase) {
    case 'approval':
      return t('phase.awaitingApproval');
    case 'dealing':
      return t('phase.dealing');
    case 'setting':
      if (stage.kind === 'setting') return stage.submitted ? t('phase.waitingOthers') : t('phase.setting');
      return t('phase.waitingOthers');
    default:
      if (you.role === 'spectator') return t('phase.spectator');
      return you.ready ? t('phase.waitingDeal') : stage.kind === 'revealed' ? t('phase.settled') : t('phase.betting');
  }
}

function ResultBanner({ result, money }: { result: ResultModel; money: (c: number, signed?: boolean) => string }) {
  const { t } = useTranslation();
  const main =
    result.outcome === 'win'
      ? t('result.win', { amount: money(result.netCents) })
      : result.outcome === 'lose'
        ? t('result.lose', { amount: money(Math.abs(result.netCents)) })
        : t('result.push');
  const details: string[] = [];
  if (result.commissionCents > 0) details.push(t(result.asBanker ? 'result.bankerFee' : 'result.commission', { amount: money(result.commissionCents) }));
  if (result.fortune) {
    details.push(
      result.fortune.line
        ? t('result.fortune', { line: t(`fortuneLine.${result.fortune.line}`, { defaultValue: result.fortune.line }), amount: money(result.fortune.netCents, true) })
        : t('result.fortuneLose'),
    );
  }
  if (result.envy) {
    const hands = result.envy.hands.map((h) => t('result.envyHand', { nickname: h.nickname, line: t(`fortuneLine.${h.line}`, { defaultValue: h.line }) }));
    details.push(t('result.envy', { amount: money(result.envy.amountCents, true), hands: hands.join(', ') }));
  }
  if (result.outcome === 'push' && result.netCents !== 0) details.push(t('result.net', { amount: money(result.netCents, true) }));
  return (
    <div
      className={`result result--${result.outcome}`}
      data-testid="result"
      data-result={result.outcome}
      data-net-cents={result.netCents}
      data-round-id={result.roundId}
      role="status"
    >
      {main}
      {details.length > 0 && <span className="result__detail">{details.join(' · ')}</span>}
    </div>
  );
}

/**
 * A house-way explanation: the viewer's hand when the house set it (`who="you"`), or the banker's
 * hand at the reveal (`who="banker"`).
 */
function Explanation({ view, stage, who }: { view: TableView; stage: Stage; who: 'you' | 'banker' }) {
  const { t } = useTranslation();
  let text: string | null = null;
  if (who === 'you') {
    if (stage.kind === 'setting' && view.you?.houseWay) {
      text = houseWayText(t, view.you.houseWay.explanation);
    } else if (stage.kind === 'revealed' && stage.mine && stage.mine.setBy !== 'player') {
      text = explainLocally(stage.mine.cards, stage.mine.houseWayRule, t);
    }
  } else if (stage.kind === 'revealed') {
    text = explainLocally(stage.round.bankerHand.cards, stage.round.bankerHand.rule, t);
  }
  if (!text) return null;
  return (
    <p className={`explanation explanation--${who}`} data-testid={who === 'you' ? 'house-way-explanation' : 'banker-explanation'}>
      {t(who === 'you' ? 'table.houseWayRule' : 'table.bankerHouseWay', { text })}
    </p>
  );
}

/**
 * The explanation of a house-way setting after the reveal. The view carries only the rule id there,
 * so the (deterministic) engine recomputes the explanation from the seven cards, for display only;
 * it is used only when it names the same rule as the server.
 */
function explainLocally(cards: readonly CardText[], rule: string | null, t: T): string | null {
  const parsed = parseCards([...cards], 7);
  if (!parsed.ok) return null;
  const hw = houseWay(parsed.value);
  if (rule !== null && hw.rule !== rule) return null;
  return houseWayText(t, hw.explanation);
}

function BankerZone({ view, stage }: { view: TableView; stage: Stage }) {
  const { t } = useTranslation();
  const name = view.banker.kind === 'house' ? t('table.theHouse') : view.banker.nickname;
  if (stage.kind === 'revealed') {
    const { round, mine } = stage;
    const setting = round.bankerHand.setting;
    return (
      <Zone title={t('table.banker')} name={name} className="zone--banker">
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
            mark={mine ? bankerMark(mine.low) : null}
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
            mark={mine ? bankerMark(mine.high) : null}
            markTestid="dealer-high-mark"
          />
        </div>
        <Explanation view={view} stage={stage} who="banker" />
      </Zone>
    );
  }
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
  } else if (stage.kind === 'revealed') {
    const mine = stage.mine;
    if (mine) {
      high = sortForDisplay(mine.setting.high);
      low = sortForDisplay(mine.setting.low);
      marks = { high: mine.high, low: mine.low };
    } else if (stage.round.banker.kind === 'player' && stage.round.banker.you) {
      // The viewer banked: its own hand is the banker's hand, shown above; list the players here.
      return <BankerResults stage={stage} />;
    }
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

function BankerResults({ stage }: { stage: Extract<Stage, { kind: 'revealed' }> }) {
  const { t, i18n } = useTranslation();
  return (
    <Zone title={t('table.players')} className="zone--player">
      <ul className="banker-results">
        {stage.round.players.map((p) => (
          <li key={p.seat} className={`history-row history-row--${p.outcome === 'win' ? 'lose' : p.outcome === 'lose' ? 'win' : 'push'}`}>
            <span>{p.nickname}</span>
            <span className="history-row__net">{formatMoney(i18n.language, -p.netCents, true)}</span>
          </li>
        ))}
      </ul>
    </Zone>
  );
}

function SeatsBar({ view, you, send }: { view: TableView; you: YouView; send: (type: 'sit' | 'stand' | 'take-bank' | 'leave-bank' | 'approve' | 'auto-approve', payload?: Record<string, unknown>) => string }) {
  const { t } = useTranslation();
  const shared = view.config.seats > 1 || view.config.playerBanking;
  if (!shared) return null;
  const inRound = view.seats.some((s) => s.you && s.inRound);
  const banker = view.banker;
  return (
    <div className="seats-bar">
      <div className="seats">
        {view.seats.map((s) => {
          const taken = s.nickname !== null;
          return (
            <button
              key={s.seat}
              type="button"
              className={`seat${s.you ? ' seat--mine' : ''}${taken ? ' seat--taken' : ''}${s.role === 'banker' ? ' seat--banker' : ''}`}
              data-testid={`seat-${s.seat}`}
              data-taken={taken}
              disabled={(taken && !s.you) || inRound}
              onClick={() => {
                if (taken) return;
                if (you.seat !== null) send('stand');
                send('sit', { seat: s.seat });
              }}
            >
              {taken ? `${s.nickname}${s.role === 'banker' ? ` · ${t('role.banker')}` : ''}${s.hasSet ? ' ✓' : s.ready ? ' •' : ''}` : t('table.seat', { n: s.seat + 1 })}
            </button>
          );
        })}
      </div>
      {view.config.playerBanking && (
        <div className="bank-controls">
          {you.role === 'banker' ? (
            <>
              <button className="btn btn--small" data-testid="leave-bank" onClick={() => send('leave-bank')} disabled={banker.kind === 'player' && banker.leaving}>
                {t('table.leaveBank')}
              </button>
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
            <button
              className="btn btn--small"
              data-testid="take-bank"
              disabled={!you.canTakeBank}
              title={you.canTakeBank ? undefined : t('errors.bank/not-eligible')}
              onClick={() => send('take-bank')}
            >
              {t('table.takeBank')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
