/**
 * The players of a revealed round and their results (a shared table shows them to all after the reveal),
 * and the banking player's own view of its round: each player's result in the banker's words, with the
 * banker's net after its fee.
 */
import { useTranslation } from 'react-i18next';
import type { RoundResultView } from '@paigow/protocol';
import { Mark, Zone } from '../table-ui/parts.js';
import { bankerRow } from '../table-ui/banker-side.js';
import { outcomeOfNet } from '../table-ui/model.js';
import { fortuneLineName } from './i18n/index.js';
import { MiniHands } from './MiniCards.js';

type Money = (cents: number, signed?: boolean) => string;

/**
 * The banking player's view of a revealed round: each player's result in the banker's words ("Pat lost
 * $10 → you +$10"), with both hands and their marks, and the banker's net after its fee (rules.md §3.1:
 * the fee is 1.5% of the total wagered against it; the Fortune bets are the house's business).
 */
export function BankerResults({ round, money }: { round: RoundResultView; money: Money }) {
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
 * reveal), each hand's mark saying how that hand did against the banker's, whoever looks (rules.md §3).
 * `asBanker`: the result told from the banking player's side (its main-bet money only).
 */
export function RoundPlayers({ round, money, asBanker = false }: { round: RoundResultView; money: Money; asBanker?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="round-players" data-testid="round-players" data-count={round.players.length}>
      {round.players.map((p) => {
        // The banking player reads each row's money from its side ("Pat lost $10 → you +$10").
        const side = bankerRow(p);
        const { playerMainCents, bankerCents } = side;
        // A player's row is worded and coloured by its net over every bet: a main bet won beside a larger Fortune
        // bet lost read "Won $1.05" in green for a net of −$1.05 (a tester's). `data-result` stays the main bet's.
        const net = p.netCents === 0 ? p.outcome : outcomeOfNet(p.netCents);
        const cls = asBanker ? side.outcome : net;
        const text = asBanker
          ? t(`bankerResult.${p.outcome}`, { nickname: p.nickname, amount: money(Math.abs(playerMainCents)) })
          : p.outcome === 'push'
            ? p.netCents === 0
              ? t('roundPlayer.push')
              : t('roundPlayer.pushNet', { amount: money(p.netCents, true) })
            : t(`roundPlayer.${net}`, { amount: money(Math.abs(p.netCents)) });
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
              {/* The separator ends the name's piece: when the bet takes a line of its own, no line starts with "·" (a tester's). */}
              <span className="round-player__lead">
                <strong className="round-player__name" title={p.nickname}>
                  {p.nickname}
                </strong>
                {p.you && <span className="muted round-player__you">{t('table.youMark')}</span>}
                {!asBanker && (
                  <span className="muted round-player__sep" aria-hidden="true">
                    ·
                  </span>
                )}
              </span>
              {/* Its own box that never shrinks: a long name is cut, the bet's amount never ("Ben · Ставка 10…"). */}
              {!asBanker && (
                <span className="muted round-player__bet" data-testid="round-player-bet">
                  {t('history.bet', { amount: money(p.bets.main) })}
                  {/* Every bet the net counts: a Fortune bet lost beside a main bet lost read "Bet $5 … Lost $10" (a tester's). */}
                  {p.fortune && p.bets.fortune > 0 && (
                    <span data-testid="round-player-fortune" data-line={p.fortune.line ?? ''} data-net-cents={p.fortune.netCents} data-stake-cents={p.bets.fortune}>
                      {' · '}
                      {p.fortune.line
                        ? t('history.fortune', { stake: money(p.bets.fortune), line: fortuneLineName(t, p.fortune.line), amount: money(p.fortune.netCents, true) })
                        : t('history.fortuneLose', { stake: money(p.bets.fortune), amount: money(p.fortune.netCents, true) })}
                    </span>
                  )}
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
              {/* Beside the player's hands, how they did, to everyone: the banker read its own marks here ("WIN WIN"
                  beside a player who lost) as the player's (a player's finding). */}
              <span className="round-player__marks" data-testid="round-player-marks" title={t('roundPlayer.marks', { nickname: p.nickname })}>
                <Mark result={p.high} />
                <Mark result={p.low} />
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
