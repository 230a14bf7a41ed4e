/**
 * The table's screen-reader announcements (issue 14 point 5): one polite live region (`announcer`)
 * that says each round's result once, when it is revealed while the player watches (not the result already on the
 * felt when the table opens: a tester opening a table heard the previous round's "Main bet: you lose $5" before
 * anything else), and the player's timer only as it crosses a few thresholds (`TIMER_THRESHOLDS_S`), never every
 * second. What it says follows the language: it keeps what was announced (a round's result, a threshold), not the
 * words, so a language switch re-words it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Seconds left at which the timer is announced. */
export const TIMER_THRESHOLDS_S: readonly number[] = [30, 10, 5];

/**
 * The threshold the countdown crossed going from `before` to `now` seconds left (the lowest one crossed
 * when several were), or `null`. A countdown that starts below a threshold does not cross it.
 * @param before seconds left at the previous tick
 * @param now seconds left now
 */
export function crossedThreshold(before: number, now: number, thresholds: readonly number[] = TIMER_THRESHOLDS_S): number | null {
  const crossed = thresholds.filter((s) => before > s && now <= s);
  return crossed.length > 0 ? Math.min(...crossed) : null;
}

/**
 * The round whose result is to be announced now: the round shown (`shown`, its id, or `null`) when it is not the one
 * already told (`told`: the round announced last, or the one on the felt when the table opened), else `null`.
 */
export function resultToAnnounce(told: string | null, shown: string | null): string | null {
  return shown !== null && shown !== told ? shown : null;
}

/** The round counted as told when the table opens: the one whose result is on the felt then (the past, not news). */
export function toldAtOpening(result: { readonly roundId: string } | null): string | null {
  return result?.roundId ?? null;
}

/** What the live region last announced: a round's result (with its words then, in `lng`) or a timer threshold. */
export type Announced =
  | { readonly kind: 'result'; readonly roundId: string; readonly text: string; readonly lng: string }
  | { readonly kind: 'timer'; readonly count: number }
  | null;

/**
 * The live region's text for what was announced, in the current language: the result's words as the banner
 * now gives them while that round is shown (its words from then only if the language is the same, else
 * nothing), the timer's sentence from the catalog.
 */
export function announcementText(
  said: Announced,
  result: { readonly roundId: string; readonly text: string } | null,
  lng: string,
  t: (key: string, options: { count: number }) => string,
): string {
  if (said === null) return '';
  if (said.kind === 'timer') return t('a11y.secondsLeft', { count: said.count });
  if (result !== null && result.roundId === said.roundId) return result.text;
  return said.lng === lng ? said.text : '';
}

export interface AnnouncerProps {
  /** The revealed round's id and its result in words (the result banner's lines), or `null`. */
  readonly result: { readonly roundId: string; readonly lines: readonly string[] } | null;
  /** The viewer's deadline in the browser's clock (epoch ms), or `null`. */
  readonly deadline: number | null;
}

/** The visually hidden live region. */
export function Announcer({ result, deadline }: AnnouncerProps) {
  const { t, i18n } = useTranslation();
  const [said, setSaid] = useState<Announced>(null);
  const resultKey = result?.roundId ?? null;
  // The result on the felt when the table opens is the past: counted as told, never announced.
  const saidRound = useRef<string | null>(toldAtOpening(result));
  const resultText = result?.lines.join('. ') ?? '';
  useEffect(() => {
    if (resultToAnnounce(saidRound.current, resultKey) === null || resultKey === null) return;
    saidRound.current = resultKey;
    setSaid({ kind: 'result', roundId: resultKey, text: resultText, lng: i18n.language });
  }, [resultKey, resultText, i18n.language]);

  useEffect(() => {
    if (deadline === null) return;
    let before = Math.ceil((deadline - Date.now()) / 1000);
    const id = window.setInterval(() => {
      const now = Math.ceil((deadline - Date.now()) / 1000);
      const crossed = crossedThreshold(before, now);
      before = now;
      if (crossed !== null) setSaid({ kind: 'timer', count: crossed });
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);

  const message = announcementText(said, resultKey === null ? null : { roundId: resultKey, text: resultText }, i18n.language, t);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
