/**
 * The player's round history (docs/protocol.md `GET /api/history`; rules.md §5: a reconnecting
 * player sees the rounds it missed): the table, the result (headed by the net over every bet, as the result banner)
 * and the money of each round, the main bet and its outcome, the Fortune bet's stake, line and money, any envy bonus (rules.md §4), how the hand was set when the
 * house set it, the coach's grade of the player's setting (issue 17), and both settings. A banked round says
 * how many players and how much it faced.
 */
import { useTranslation } from 'react-i18next';
import type { HistoryEntry, SettingView } from '@paigow/protocol';
import { outcomeOfNet, seatResultOf } from '../table-ui/model.js';
import { netLineWord, resultLines } from '../table-ui/result-lines.js';
import { resultLineText } from './ResultBanner.js';
import { envyHandsText, fortuneLineName, formatTime } from './i18n/index.js';
import { MiniHands } from './MiniCards.js';
import { VerifyLink } from '../fairness/VerifyLink.js';
import { gradeLines } from '../coach/format.js';
import { useScrolls } from './useScrolls.js';
import { TableNameText } from './TableFacts.js';

/**
 * The history panel (`history`, one `history-row` per round); `entries` is `null` while loading. While its
 * list scrolls (beside the felt on a wide screen, styles.css) the list is a region named by the panel's title
 * that takes the keyboard focus, drawn (a11y.css), so that it can be scrolled with the keys.
 */
export function History({ entries, money, tableNames }: {
  entries: readonly HistoryEntry[] | null;
  money: (c: number, signed?: boolean) => string;
  /** Table names by table id (the lobby's); an unknown id is shown as is. */
  tableNames: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const [list, scrolls] = useScrolls<HTMLDivElement>();
  return (
    <section className="panel">
      <h2>{t('history.title')}</h2>
      <div
        ref={list}
        className="history scroll-region"
        data-testid="history"
        {...(scrolls ? { role: 'region', 'aria-label': t('history.title'), tabIndex: 0 } : {})}
      >
        {entries === null ? (
          <p className="muted">{t('app.loading')}</p>
        ) : entries.length === 0 ? (
          <p className="muted">{t('history.empty')}</p>
        ) : (
          entries.map((e) => <Row key={e.roundId} entry={e} money={money} tableName={tableNames.get(e.tableId) ?? e.tableId} />)
        )}
      </div>
    </section>
  );
}

function Row({ entry, money, tableName }: { entry: HistoryEntry; money: (c: number, signed?: boolean) => string; tableName: string }) {
  const { t, i18n } = useTranslation();
  const r = entry.result;
  const mine = r?.players.find((p) => p.you) ?? null;
  // A round still in play (`status: 'open'`) has no result yet: its net is the money held for it, not a loss.
  const open = entry.status === 'open';
  // A round in play or refunded is that, whatever its bets did.
  const unplayed = open ? 'open' : entry.status === 'refunded' ? 'push' : null;
  const outcome = unplayed ?? mine?.outcome ?? outcomeOfNet(entry.netCents);
  // The row leads with the round's net over every bet, as the result banner does: "Main bet: Win" headed a row of
  // −$2.15 (a $3 main bet won beside a $5 Fortune bet lost, a player's). The main bet's part is said beside the bets.
  const netOutcome = unplayed ?? outcomeOfNet(entry.netCents);
  const lines = mine ? resultLines(seatResultOf(entry.roundId, mine)) : null;
  // Its heading is the banner's headline in a word (netLineWord of the same net line): a net of nothing is a push only
  // when the main bet pushed with nothing else played; a main bet lost beside a Fortune bet that paid as much broke even
  // ("Push" headed it). A round without the player's seat (the banker's) has no main bet of its own to push.
  const net = lines?.[0];
  const netWord = netLineWord(net?.kind === 'net' ? net : { push: false, cents: entry.netCents });
  const mainPart = lines?.find((line) => line.kind === 'main');
  const yourSetting: SettingView | null = mine ? mine.setting : entry.role === 'banker' && r ? r.bankerHand.setting : null;
  const bankerSetting: SettingView | null = r && entry.role === 'player' ? r.bankerHand.setting : null;
  const when = entry.closedAt ?? entry.openedAt;
  const faced = r && entry.role === 'banker' ? r.players : null;
  return (
    <div
      className={`history-row history-row--${netOutcome}`}
      data-testid="history-row"
      data-round-id={entry.roundId}
      data-table-id={entry.tableId}
      data-result={outcome}
      data-net-cents={entry.netCents}
    >
      <span className="history-row__head">
        <strong>
          {open
            ? t('history.open')
            : entry.status === 'refunded'
              ? t('history.refunded')
              : t(`history.outcome.${netWord}`)}
        </strong>
        <span className="muted" data-testid="history-table">
          {' · '}
          <TableNameText name={tableName} />
        </span>
        <span className="muted"> · {formatTime(i18n.language, when)}</span>
      </span>
      {open ? (
        <span className="history-row__net history-row__net--held" data-testid="history-held">
          {t('history.held', { amount: money(Math.abs(entry.netCents)) })}
        </span>
      ) : (
        <span className={`history-row__net history-row__net--${outcomeOfNet(entry.netCents)}`}>{money(entry.netCents, true)}</span>
      )}
      {/* The server answers 409 to a verification while the round is open. */}
      {!open && (
        <VerifyLink
          roundId={entry.roundId}
          you={entry.role === 'banker' ? 'banker' : mine?.seat}
          said={t('fairness.verifyRound', { time: formatTime(i18n.language, when), table: tableName, net: money(entry.netCents, true) })}
        />
      )}
      {mine && (
        <span className="history-row__extra">
          <span data-testid="history-bet" data-cents={mine.bets.main}>
            {t('history.bet', { amount: money(mine.bets.main) })}
          </span>
          {mainPart && (
            <span data-testid="history-main" data-result={mine.outcome}>
              {' · '}
              {resultLineText(mainPart, t, money)}
            </span>
          )}
          {mine.fortune && (
            <span data-testid="history-fortune" data-line={mine.fortune.line ?? ''} data-net-cents={mine.fortune.netCents} data-stake-cents={mine.bets.fortune}>
              {' · '}
              {mine.fortune.line
                ? t('history.fortune', {
                    stake: money(mine.bets.fortune),
                    line: fortuneLineName(t, mine.fortune.line),
                    amount: money(mine.fortune.netCents, true),
                  })
                : t('history.fortuneLose', { stake: money(mine.bets.fortune), amount: money(mine.fortune.netCents, true) })}
            </span>
          )}
        </span>
      )}
      {faced && (
        <span className="history-row__extra">
          {t('history.banked', { count: faced.length, amount: money(faced.reduce((a, p) => a + p.bets.main, 0)) })}
        </span>
      )}
      {mine && mine.setBy !== 'player' && (
        <span className="history-row__extra" data-testid="history-set-by" data-set-by={mine.setBy}>
          {t('history.setBy', { why: t(`history.why.${mine.setBy}`) })}
        </span>
      )}
      {mine && entry.grade && (
        <span className="history-row__extra" data-testid="history-grade" data-ev-lost={entry.grade.evLost} data-played-ev={entry.grade.playedEv}>
          {gradeLines(t, i18n.language, entry.grade, mine.bets.main, money).join(' — ')}
        </span>
      )}
      {mine?.envy && (
        <span className="history-row__extra" data-testid="history-envy" data-cents={mine.envy.amountCents}>
          {t('history.envy', {
            amount: money(mine.envy.amountCents, true),
            hands: envyHandsText(t, mine.envy.hands),
          })}
        </span>
      )}
      {(yourSetting || bankerSetting) && (
        <span className="history-row__hands">
          {yourSetting && (
            <>
              <span className="history-row__who">{t('history.you')}</span>
              <Hands setting={yourSetting} />
            </>
          )}
          {bankerSetting && (
            <>
              <span className="history-row__who">{t('history.banker')}</span>
              <Hands setting={bankerSetting} />
            </>
          )}
        </span>
      )}
    </div>
  );
}

/** A setting in text: high hand | low hand, with suit symbols. */
function Hands({ setting }: { setting: SettingView }) {
  return <MiniHands high={setting.high} low={setting.low} />;
}
