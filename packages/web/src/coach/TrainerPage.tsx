/**
 * The trainer table (`#/trainer`, issue 17 §4): no money, no server. A hand is dealt for the chosen drill, the
 * player sets it (or presses House Way), and the coach grades the setting at once: the engine's exact analysis
 * of the hand (`analyzeHand` in a Web Worker, started at the deal, so it is mostly ready when the hand is set)
 * against the chosen house way, with the best setting and the house way's beside it. A score per drill (hands,
 * share set best, mean EV given up) is kept in this browser.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { usePageHeading } from '../app/opening-focus.js';
import { useTranslation } from 'react-i18next';
import {
  createCryptoRng,
  cardTexts, formatCard,
  gradeSetting,
  HOUSE_WAY_IDS,
  houseWays,
  isFoul,
  type Card,
  type Hand,
  type HouseWayId,
  type ReviewedSetting,
  type SettingAnalysis,
  type SettingReview,
} from '@paigow/engine';
import { useFocusKeeper } from '../app/useFocusKeeper.js';
import { coachAnnouncement, type CoachSaid } from './announce.js';
import { coachFocusCandidates } from './focus.js';
import { PickCards, toggleLow } from './PickCards.js';
import { DRILLS, dealForDrill, type Drill } from './drills.js';
import { ExactWorker } from './exact-worker.js';
import { OPTIMAL_EPSILON, trainerScoreText } from './format.js';
import type { PlayerSummary } from '@paigow/protocol';
import { sortForDisplay } from '../table-ui/model.js';
import { GradePanel } from './GradePanel.js';
import { CoachTopBar } from './CoachTopBar.js';

/** One drill's score. */
interface Score {
  readonly hands: number;
  readonly best: number;
  /** Sum of the EV given up, per unit bet. */
  readonly lost: number;
}
type Scores = Partial<Record<Drill, Score>>;

const SCORES_KEY = 'paigow.trainer.scores';

function loadScores(): Scores {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SCORES_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Scores) : {};
  } catch {
    return {};
  }
}

function saveScores(scores: Scores): void {
  try {
    localStorage.setItem(SCORES_KEY, JSON.stringify(scores));
  } catch {
    /* private mode: the scores last until the tab closes */
  }
}

const text = (s: ReviewedSetting) => ({ ...s, high: cardTexts(s.high), low: cardTexts(s.low) });

/**
 * The cards of a hand in the order the table shows them (`sortForDisplay`: the joker first, then aces down to
 * deuces), not in dealt order.
 */
export function cardsForDisplay(cards: readonly Card[]): Card[] {
  const texts = cardTexts(cards);
  return sortForDisplay(texts).map((text) => cards[texts.indexOf(text)]!);
}

/** The trainer page; `player` is the signed-in player for the site header (`null`: a guest). */
export function TrainerPage({ player = null, onBack }: { player?: PlayerSummary | null; onBack: () => void }) {
  const { t, i18n } = useTranslation();
  // The page's title takes the focus as it opens (the link that had it went with the page before).
  const heading = usePageHeading();
  const lng = i18n.language;
  const [drill, setDrill] = useState<Drill>('any');
  const [houseWay, setHouseWay] = useState<HouseWayId>('seeds');
  const [hand, setHand] = useState<Hand | null>(null);
  const [low, setLow] = useState<Card[]>([]);
  const [review, setReview] = useState<SettingReview | null>(null);
  const [grading, setGrading] = useState(false);
  const [scores, setScores] = useState<Scores>(loadScores);
  const [said, setSaid] = useState<CoachSaid>(null);
  const worker = useRef<ExactWorker | null>(null);
  const analysis = useRef<Promise<SettingAnalysis[]> | null>(null);

  useEffect(() => {
    worker.current = new ExactWorker();
    return () => worker.current?.close();
  }, []);

  const deal = useCallback((d: Drill, way: HouseWayId) => {
    const cards = dealForDrill(d, createCryptoRng(globalThis.crypto));
    setHand(cards);
    setLow([]);
    setReview(null);
    setGrading(false);
    setSaid(null);
    analysis.current = worker.current?.analyze(cards, way) ?? null;
    analysis.current?.catch(() => undefined);
  }, []);

  useEffect(() => deal(drill, houseWay), [deal, drill, houseWay]);

  const grade = async (played: readonly Card[]): Promise<void> => {
    if (analysis.current === null || hand === null) return;
    setLow([...played]);
    setGrading(true);
    const settings = await analysis.current;
    const graded = gradeSetting(hand, played, settings, houseWays[houseWay]);
    setReview(graded);
    setGrading(false);
    setSaid({ kind: 'grade', grade: graded });
    setScores((all) => {
      const was = all[drill] ?? { hands: 0, best: 0, lost: 0 };
      const next = { ...all, [drill]: { hands: was.hands + 1, best: was.best + (graded.evLost < OPTIMAL_EPSILON ? 1 : 0), lost: was.lost + graded.evLost } };
      saveScores(next);
      return next;
    });
  };

  const toggle = (card: Card): void => {
    const next = toggleLow(low, card);
    setLow(next);
    setSaid({ kind: 'picked', low: next });
  };
  useFocusKeeper({ page: 'trainer' }, coachFocusCandidates);
  const settled = review !== null || grading;
  const cards: readonly Card[] = hand === null ? [] : cardsForDisplay(hand);
  const foul = low.length === 2 && isFoul({ high: cards.filter((c) => !low.includes(c)), low });
  const score = scores[drill];
  return (
    <>
      <CoachTopBar current="trainer" player={player} onBack={onBack} />
      <main className="trainer-page" data-testid="trainer-page">
        <h1 data-testid="page-title" ref={heading} tabIndex={-1}>
          {t('coach.trainer.title')}
        </h1>
        <p className="muted">{t('coach.trainer.intro')}</p>
        <p className="trainer__choices">
          <label>
            {t('coach.trainer.drill')}{' '}
            <select value={drill} onChange={(e) => setDrill(e.target.value as Drill)} data-testid="trainer-drill">
              {DRILLS.map((d) => (
                <option key={d} value={d}>
                  {t(`coach.trainer.drills.${d}`)}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            {t('coach.trainer.houseWayLabel')}{' '}
            <select value={houseWay} onChange={(e) => setHouseWay(e.target.value as HouseWayId)} data-testid="trainer-house-way">
              {HOUSE_WAY_IDS.map((id) => (
                <option key={id} value={id}>
                  {t(`houseWayNames.${id}`)}
                </option>
              ))}
            </select>
          </label>
        </p>
        <div data-testid="trainer-hand" data-cards={cards.map(formatCard).join(' ')}>
          <PickCards cards={cards} low={low} testid="trainer-card" disabled={settled} onToggle={toggle} />
        </div>
        <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="trainer-announcer">
          {coachAnnouncement(t, lng, said)}
        </div>
        {!settled && <p className="muted">{foul ? t('coach.trainer.foul') : t('coach.trainer.pick')}</p>}
        <p>
          <button className="btn btn--gold" disabled={settled || low.length !== 2 || foul} onClick={() => void grade(low)} data-testid="trainer-set">
            {t('coach.trainer.set')}
          </button>{' '}
          <button className="btn" disabled={settled || hand === null} onClick={() => {
              if (hand !== null) void grade(houseWays[houseWay].set(hand).low);
            }} data-testid="trainer-house-way-set">
            {t('coach.trainer.useHouseWay')}
          </button>{' '}
          <button className="btn btn--ghost" disabled={grading} onClick={() => deal(drill, houseWay)} data-testid="trainer-next">
            {t('coach.trainer.next')}
          </button>
        </p>
        {grading && <p className="muted">{t('coach.trainer.grading')}</p>}
        {review && (
          <GradePanel testid="trainer-grade" grade={review} settings={{ played: text(review.played), best: text(review.best), houseWay: text(review.houseWay) }} />
        )}
        <p data-testid="trainer-score" data-hands={score?.hands ?? 0}>
          {score
            ? trainerScoreText(t, lng, t(`coach.trainer.drills.${drill}`), score)
            : t('coach.trainer.noScore')}
        </p>
        <p>
          <button
            className="btn btn--small btn--ghost"
            onClick={() => {
              saveScores({});
              setScores({});
            }}
          >
            {t('coach.trainer.reset')}
          </button>
        </p>
      </main>
    </>
  );
}
