/**
 * The coach's grade under the result at the table (issue 17): the exact EV of the setting the player made
 * beside the best setting's and the house way's, and what it gave up. The server grades in the background
 * after the round, so this asks for the round's grade (`GET /api/coach/rounds/<roundId>`) until it is there.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingGrade } from '@paigow/engine';
import type { Api } from '../net/http.js';
import { gradeLines } from './format.js';
import './coach.css';

/** How often, and how many times, the grade is asked for before the line gives up (it is then in the history). */
const POLL_MS = 1_000;
const POLLS = 60;

/** The grade line (`grade`, with `data-ev-lost`) of the viewer's setting in round `roundId`. */
export function GradeLine({ api, token, roundId, betCents, money }: {
  api: Api;
  token: string;
  roundId: string;
  /** The main bet of the round, cents (the money given up is EV given up × bet). */
  betCents: number;
  money: (cents: number, signed?: boolean) => string;
}) {
  const { t, i18n } = useTranslation();
  const [grade, setGrade] = useState<SettingGrade | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setGrade(null);
    setGaveUp(false);
    const ask = (left: number): void => {
      api
        .coachRound(token, roundId)
        .then((r) => {
          if (!live) return;
          if (r.review !== null) setGrade(r.review);
          else if (left > 1) timer = setTimeout(() => ask(left - 1), POLL_MS);
          else setGaveUp(true);
        })
        .catch(() => live && setGaveUp(true));
    };
    ask(POLLS);
    return () => {
      live = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [api, token, roundId]);
  if (gaveUp) return null;
  if (grade === null) {
    return (
      <p className="grade grade--pending muted" data-testid="grade" data-state="pending">
        {t('coach.grade.pending')}
      </p>
    );
  }
  const [summary, lost] = gradeLines(t, i18n.language, grade, betCents, money);
  return (
    <p className="grade" data-testid="grade" data-state="graded" data-ev-lost={grade.evLost} data-played-ev={grade.playedEv} title={t('coach.grade.title')}>
      <span className="grade__summary">{summary}</span> <span className="grade__lost">{lost}</span>
    </p>
  );
}
