/**
 * The daily duplicate-deal challenge (`#/daily`, issue 17 §5): today's 50 hands, the same for everyone, one at a
 * time; each setting is graded by the server (exact EV against the house way) and only the EV given up counts.
 * The page shows the day's commitment, yesterday's revealed seed, the player's running score and the leaderboard.
 */
import { useCallback, useEffect, useState } from 'react';
import { usePageHeading } from '../app/opening-focus.js';
import { useTranslation } from 'react-i18next';
import { cardTexts, houseWays, isFoul, parseHand, type Card, type Hand } from '@paigow/engine';
import type { CoachReview, DailyLeaderboardResponse, DailyResponse, PlayerSummary } from '@paigow/protocol';
import { ApiError, type Api } from '../net/http.js';
import { useFocusKeeper } from '../app/useFocusKeeper.js';
import { coachAnnouncement, type CoachSaid } from './announce.js';
import { coachFocusCandidates } from './focus.js';
import { PickCards, toggleLow } from './PickCards.js';
import { errorMessage } from '../app/i18n/index.js';
import { GradePanel } from './GradePanel.js';
import { dailyScoreText, dayText, evPercent } from './format.js';
import { CoachTopBar } from './CoachTopBar.js';
import { cardsForDisplay } from './TrainerPage.js';

/** The daily challenge page of the player with session `token` (`player`: its figures for the site header). */
export function DailyPage({ api, token, player = null, onBack }: { api: Api; token: string; player?: PlayerSummary | null; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [daily, setDaily] = useState<DailyResponse | null>(null);
  const [board, setBoard] = useState<DailyLeaderboardResponse | null>(null);
  const [low, setLow] = useState<Card[]>([]);
  const [last, setLast] = useState<CoachReview | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<CoachSaid>(null);
  // The day's title takes the focus once it is drawn (the link that had it went with the page before).
  const heading = usePageHeading(daily !== null);

  const load = useCallback(async () => {
    const [d, b] = await Promise.all([api.daily(token), api.dailyLeaderboard(token)]);
    setDaily(d);
    setBoard(b);
    setLow([]);
  }, [api, token]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);

  const next = daily?.next ?? null;
  const parsed = next === null ? null : parseHand(next.cards);
  const hand: Hand | null = parsed?.ok ? parsed.value : null;
  const play = async (played: readonly Card[]): Promise<void> => {
    if (next === null) return;
    setBusy(true);
    setError(null);
    try {
      const { review } = await api.dailyPlay(token, next.index, cardTexts(played));
      setLast(review);
      setSaid({ kind: 'grade', grade: review });
      await load();
    } catch (e) {
      setError(errorMessage(t, e instanceof ApiError ? e.code : 'network'));
    } finally {
      setBusy(false);
    }
  };
  const toggle = (card: Card): void => {
    const picked = toggleLow(low, card);
    setLow(picked);
    setSaid({ kind: 'picked', low: picked });
  };
  useFocusKeeper({ page: 'daily' }, coachFocusCandidates);
  const cards: readonly Card[] = hand === null ? [] : cardsForDisplay(hand);
  const foul = low.length === 2 && isFoul({ high: cards.filter((c) => !low.includes(c)), low });
  const played = daily?.played ?? [];
  const lostPerHand = played.length === 0 ? 0 : played.reduce((sum, p) => sum + p.evLost, 0) / played.length;

  return (
    <>
      <CoachTopBar current="daily" player={player} onBack={onBack} />
      <main className="coach-page" data-testid="daily-page">
        <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="daily-announcer">
          {coachAnnouncement(t, lng, said)}
        </div>
        {daily === null ? (
          <p className="muted">{t('coach.page.loading')}</p>
        ) : (
          <>
            <h1 data-testid="daily-title" ref={heading} tabIndex={-1}>{t('coach.daily.title', { day: dayText(i18n.language, daily.day) })}</h1>
            <p className="muted">{t('coach.daily.intro')}</p>
            <p className="muted" data-testid="daily-commitment" data-commitment={daily.commitment}>
              {t('coach.daily.commitment', { commitment: daily.commitment })}
            </p>
            {daily.previous && (
              <p className="muted" data-testid="daily-previous">
                {t('coach.daily.previous', { day: daily.previous.day, seed: daily.previous.serverSeed })}
              </p>
            )}
            <p data-testid="daily-score" data-hands={played.length} data-ev-lost={lostPerHand}>
              {dailyScoreText(t, lng, { hands: played.length, lostPerHand, total: daily.total, finished: next === null })}
            </p>
            {next !== null && (
              <section className="panel" data-testid="daily-hand" data-index={next.index} data-cards={next.cards.join(' ')}>
                <h2>{t('coach.daily.progress', { index: next.index, total: daily.total })}</h2>
                <PickCards cards={cards} low={low} testid="daily-card" disabled={busy} onToggle={toggle} />
                <p className="muted">{foul ? t('coach.trainer.foul') : t('coach.trainer.pick')}</p>
                <p>
                  <button className="btn btn--gold" disabled={busy || low.length !== 2 || foul} onClick={() => void play(low)} data-testid="daily-set">
                    {t('coach.trainer.set')}
                  </button>{' '}
                  <button
                    className="btn"
                    disabled={busy || hand === null}
                    onClick={() => {
                      if (hand !== null) void play(houseWays.seeds.set(hand).low);
                    }}
                    data-testid="daily-house-way"
                  >
                    {t('coach.trainer.useHouseWay')}
                  </button>
                </p>
                {busy && <p className="muted">{t('coach.trainer.grading')}</p>}
                {error && (
                  <p className="error" role="alert">
                    {error}
                  </p>
                )}
              </section>
            )}
            {last && (
              <GradePanel testid="daily-grade" grade={last} settings={last} focusable />
            )}
            <section className="panel">
              <h2>{t('coach.daily.leaderboard')}</h2>
              {board === null || board.entries.length === 0 ? (
                <p className="muted">{t('coach.daily.empty')}</p>
              ) : (
                <table data-testid="daily-leaderboard">
                  <thead>
                    <tr>
                      <th scope="col">#</th>
                      <th scope="col">{t('coach.daily.player')}</th>
                      <th scope="col">{t('coach.daily.hands')}</th>
                      <th scope="col">{t('coach.daily.lost')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {board.entries.map((entry, i) => (
                      <tr key={`${entry.nickname}-${i}`} data-you={entry.you} data-hands={entry.hands}>
                        <td>{i + 1}</td>
                        <td>{entry.you ? <strong>{entry.nickname}</strong> : entry.nickname}</td>
                        <td>{entry.hands}</td>
                        <td>{evPercent(lng, entry.evLost / entry.hands, false)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          </>
        )}
      </main>
    </>
  );
}
