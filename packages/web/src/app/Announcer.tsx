/**
 * The table's screen-reader announcements (issue 14 point 5): one polite live region (`announcer`)
 * that says, once per round and only for what happens while the player watches (not what is already on the felt
 * when the table opens: a tester opening a table heard the previous round's "Main bet: you lose $5" before anything
 * else), the hand dealt to the player in words with what to do (`dealtSaid`: a tester heard nothing after Deal but
 * the focus landing on the first card), the round's result when it is revealed (with "Grading your setting…" when the
 * coach grades it), then the coach's grade once it comes (shown only on the felt before); and the player's timer only
 * as it crosses a few thresholds (`TIMER_THRESHOLDS_S`), never every second. What it says follows the language: it
 * keeps what was announced (a round's deal, result or grade, a threshold), not the words, so a language switch re-words it.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { cardNames } from '../table-ui/card-name.js';
import { sortForDisplay, type CardText } from '../table-ui/model.js';

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
 * The round whose result (or deal) is to be announced now: the round shown (`shown`, its id, or `null`) when it is
 * not the one already told (`told`: the round announced last, or the one on the felt when the table opened), else `null`.
 */
export function resultToAnnounce(told: string | null, shown: string | null): string | null {
  return shown !== null && shown !== told ? shown : null;
}

/**
 * The round whose grade is to be announced now: the graded round (`graded`) when its result was announced while the
 * player watched (`announcedResult`; not a round found revealed when the table opened) and its grade not yet (`told`).
 */
export function gradeToAnnounce(announcedResult: string | null, told: string | null, graded: string | null): string | null {
  return graded !== null && graded === announcedResult && graded !== told ? graded : null;
}

/**
 * The deal as a screen reader hears it, in the language of `t`: "Your cards: …" with the seven cards named in words,
 * highest first as the felt draws them, then what to do (the phase line's `phase.setting`).
 * @param cards the viewer's dealt cards (the engine's text)
 */
export function dealtSaid(t: TFunction, cards: readonly CardText[]): string {
  return `${t('a11y.dealt', { cards: cardNames(t, sortForDisplay(cards)) })} ${t('phase.setting')}`;
}

/**
 * The coach's grade as the live region says it: the round's money result (the result's first line, its net: "You lost
 * $1") before the grade's words. The grade replaces the result's announcement about a second after it, and a screen
 * reader still busy may drop what was replaced: "You lost $1. Grading your setting…" became "You made the best
 * setting.", the money unsaid (a tester's).
 * @param resultLines the result's lines as announced (`AnnouncerProps.result`), its net first
 */
export function gradeSaid(resultLines: readonly string[], grade: string): string {
  return resultLines.length === 0 ? grade : `${resultLines[0]}. ${grade}`;
}

/** The round counted as told when the table opens: the one whose result (or deal) is on the felt then (the past, not news). */
export function toldAtOpening(result: { readonly roundId: string } | null): string | null {
  return result?.roundId ?? null;
}

/**
 * What the player just changed, for the live region: the figures of one `scope` (the bets while betting, the low hand
 * of one round while it is set), each part with its value and its words. Only a change of a part's value within the
 * same scope is said: a new scope (Deal, a new betting phase) is its own news, said by the deal or the result.
 */
export interface ChangeNews {
  readonly scope: string;
  /** `text` is `''` for a part not to be said (its value changed back to what needs no telling). */
  readonly parts: readonly { readonly id: string; readonly value: string; readonly text: string }[];
}

/**
 * The words to say for `now` after `before` (the same scope's values last seen, or `null`): the parts whose value
 * changed, in order; `null` when nothing changed or the scope is new (or gone).
 */
export function changeSaid(before: ChangeNews | null, now: ChangeNews | null): string | null {
  if (before === null || now === null || before.scope !== now.scope) return null;
  const changed = now.parts.filter((p) => p.text !== '' && before.parts.find((b) => b.id === p.id)?.value !== p.value);
  return changed.length === 0 ? null : changed.map((p) => p.text).join(' ');
}

/**
 * The low hand as it is set at the table, as the trainer says it (coach/announce.ts): "Low hand: two of hearts and
 * three of diamonds", or that it holds no card.
 */
export function lowSaid(t: TFunction, low: readonly CardText[]): string {
  return low.length === 0 ? t('coach.trainer.pickedNone') : t('coach.trainer.picked', { cards: cardNames(t, low) });
}

/**
 * What the live region last announced: a round's deal, result or grade, or a change the player made (with its words
 * then, in `lng`), or a timer threshold.
 */
export type Announced =
  | { readonly kind: 'dealt' | 'result' | 'grade'; readonly roundId: string; readonly text: string; readonly lng: string }
  | { readonly kind: 'change'; readonly text: string; readonly lng: string }
  | { readonly kind: 'timer'; readonly count: number }
  | null;

/**
 * The live region's text for what was announced, in the current language: the words the screen now gives for that
 * deal, result or grade (`shown`, of the same kind) while that round is shown (its words from then only if the
 * language is the same, else nothing), the timer's sentence from the catalog.
 */
export function announcementText(
  said: Announced,
  shown: { readonly roundId: string; readonly text: string } | null,
  lng: string,
  t: (key: string, options: { count: number }) => string,
): string {
  if (said === null) return '';
  if (said.kind === 'timer') return t('a11y.secondsLeft', { count: said.count });
  if (said.kind === 'change') return said.lng === lng ? said.text : '';
  if (shown !== null && shown.roundId === said.roundId) return shown.text;
  return said.lng === lng ? said.text : '';
}

export interface AnnouncerProps {
  /** The round dealt to the viewer while it sets its hand, and its words (`dealtSaid`), or `null`. */
  readonly dealt: { readonly roundId: string; readonly text: string } | null;
  /** The revealed round's id and its result in words (the result banner's lines, then "Grading…" if graded), or `null`. */
  readonly result: { readonly roundId: string; readonly lines: readonly string[] } | null;
  /** The coach's grade of the viewer's setting in the revealed round, in words, once it came, or `null`. */
  readonly grade: { readonly roundId: string; readonly text: string } | null;
  /** The viewer's deadline in the browser's clock (epoch ms), or `null`. */
  readonly deadline: number | null;
  /** What the player changes now (its bets, its low hand), said as it changes (`changeSaid`); `null` when nothing. */
  readonly change?: ChangeNews | null;
}

/** The visually hidden live region. */
export function Announcer({ dealt, result, grade, deadline, change = null }: AnnouncerProps) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [said, setSaid] = useState<Announced>(null);
  const resultKey = result?.roundId ?? null;
  const resultText = result?.lines.join('. ') ?? '';
  const dealtKey = dealt?.roundId ?? null;
  const dealtText = dealt?.text ?? '';
  const gradeKey = grade?.roundId ?? null;
  const gradeText = grade?.text ?? '';
  // The deal or result on the felt when the table opens is the past: counted as told, never announced.
  const saidRound = useRef<string | null>(toldAtOpening(result));
  const saidDeal = useRef<string | null>(toldAtOpening(dealt));
  // The round whose result was announced while the player watched (its grade is announced after it), and the grade told.
  const liveResult = useRef<string | null>(null);
  const saidGrade = useRef<string | null>(null);

  useEffect(() => {
    const roundId = resultToAnnounce(saidDeal.current, dealtKey);
    if (roundId === null) return;
    saidDeal.current = roundId;
    setSaid({ kind: 'dealt', roundId, text: dealtText, lng });
  }, [dealtKey, dealtText, lng]);

  useEffect(() => {
    const roundId = resultToAnnounce(saidRound.current, resultKey);
    if (roundId === null) return;
    saidRound.current = liveResult.current = roundId;
    setSaid({ kind: 'result', roundId, text: resultText, lng });
  }, [resultKey, resultText, lng]);

  useEffect(() => {
    const roundId = gradeToAnnounce(liveResult.current, saidGrade.current, gradeKey);
    if (roundId === null) return;
    saidGrade.current = roundId;
    setSaid({ kind: 'grade', roundId, text: gradeText, lng });
  }, [gradeKey, gradeText, lng, resultKey]);

  // The change news last seen; a change is said once, when it comes (a render with the same values says nothing).
  const seenChange = useRef<ChangeNews | null>(change);
  useEffect(() => {
    const text = changeSaid(seenChange.current, change);
    seenChange.current = change;
    if (text !== null) setSaid({ kind: 'change', text, lng });
  }, [change, lng]);

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

  // What the screen gives now for each kind, to re-word what was said in the current language.
  const onScreen = { dealt, result: result && { roundId: result.roundId, text: resultText }, grade };
  const message = announcementText(said, said === null || said.kind === 'timer' || said.kind === 'change' ? null : onScreen[said.kind], lng, t);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {message}
    </div>
  );
}
