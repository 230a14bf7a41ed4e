/** Number formats of the coach (issue 17). */
import type { SettingGrade } from '@paigow/engine';
import type { TFunction } from 'i18next';

/** Below this an EV given up is floating-point rounding: the setting was the best (as the server's `OPTIMAL_EPSILON`). */
export const OPTIMAL_EPSILON = 1e-9;

/**
 * An EV (or EV given up) per unit bet as a percentage with two decimals in the language `lng`,
 * signed when `signed` (`0.01234` → "+1.23%", `-0.5` → "−50.00%").
 */
export function evPercent(lng: string, fraction: number, signed = true): string {
  const text = new Intl.NumberFormat(lng, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(fraction));
  const zero = Math.round(Math.abs(fraction) * 10_000) === 0;
  if (!signed || zero) return text;
  return `${fraction < 0 ? '−' : '+'}${text}`;
}

/** A share (0‥1) as a whole percentage in the language `lng` (`0.734` → "73%"). */
export function sharePercent(lng: string, share: number): string {
  return new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/**
 * What a setting gave up in money, `exactCents` (EV given up × bet, not rounded): whole cents, or "< $0.01" for less
 * than half a cent given up (a retester read "Setting cost 0.36% ($0)" on a 1.00 bet: a cost of nothing).
 */
export function costMoney(exactCents: number, money: (cents: number) => string): string {
  const cents = Math.round(exactCents);
  return cents === 0 && exactCents > 0 ? `< ${money(1)}` : money(cents);
}

/** A grade's EVs in one line (`coach.grade.summary`): the setting played, the best one and the house way's, in % of the bet. */
export function gradeSummary(t: TFunction, lng: string, grade: SettingGrade): string {
  return t('coach.grade.summary', { played: evPercent(lng, grade.playedEv), best: evPercent(lng, grade.bestEv), houseWay: evPercent(lng, grade.houseWayEv) });
}

/** What a setting gave up in % of the bet, no money ("You gave up 31.87% of the bet."), or that it was the best: the trainer's and the daily challenge's verdict. */
export function gradeVerdict(t: TFunction, lng: string, grade: SettingGrade): string {
  return grade.evLost < OPTIMAL_EPSILON ? t('coach.grade.optimal') : t('coach.trainer.lost', { lost: evPercent(lng, grade.evLost, false) });
}

/**
 * The two lines of a grade: the EVs of the setting played, the best one and the house way's; then what it
 * gave up in % of the bet and in money at `betCents` (or that it was the best setting).
 */
export function gradeLines(t: TFunction, lng: string, grade: SettingGrade, betCents: number, money: (cents: number, signed?: boolean) => string): [string, string] {
  const summary = gradeSummary(t, lng, grade);
  if (grade.evLost < OPTIMAL_EPSILON) return [summary, t('coach.grade.optimal')];
  return [summary, t('coach.grade.lost', { lost: evPercent(lng, grade.evLost, false), money: costMoney(grade.evLost * betCents, money) })];
}

/**
 * The grade in a few words, for the line under a result: what the setting cost in % of the bet and in money
 * at `betCents` ("Setting cost 0.42% ($0.21)"), or that it was the best setting.
 */
export function gradeShort(t: TFunction, lng: string, grade: SettingGrade, betCents: number, money: (cents: number, signed?: boolean) => string): string {
  if (grade.evLost < OPTIMAL_EPSILON) return t('coach.grade.shortBest');
  return t('coach.grade.short', { lost: evPercent(lng, grade.evLost, false), money: costMoney(grade.evLost * betCents, money) });
}

/** The grade in the fewest words, for a phone: what the setting cost in money at `betCents` ("Setting cost $0.21"), or that it was the best. */
export function gradeNote(t: TFunction, grade: SettingGrade, betCents: number, money: (cents: number, signed?: boolean) => string): string {
  if (grade.evLost < OPTIMAL_EPSILON) return t('coach.grade.shortBest');
  return t('coach.grade.note', { money: costMoney(grade.evLost * betCents, money) });
}

/**
 * The trainer's score line of one drill (`trainer-score`): how many hands were set, in the language's plural
 * (`coach.trainer.score_<form>` with `count`: "Any hand: 1 hand, …", "Любая рука: 5 рук, …"), the share set
 * best and the mean EV given up per hand.
 * @param drillName the drill's name in the language (`coach.trainer.drills.<drill>`)
 * @param score hands set (≥ 1), how many of them best, and the sum of the EV given up per unit bet
 */
export function trainerScoreText(t: TFunction, lng: string, drillName: string, score: { readonly hands: number; readonly best: number; readonly lost: number }): string {
  return t('coach.trainer.score', {
    drill: drillName,
    count: score.hands,
    share: sharePercent(lng, score.best / score.hands),
    lost: evPercent(lng, score.lost / score.hands, false),
  });
}

/**
 * The daily challenge's running score: while hands are left, how many are set so far and the mean EV given up
 * per hand (`coach.daily.sofar_<form>`: "Jusqu’ici : 0 main placée, …"); once the day is done, that all of
 * its `total` hands are set (`coach.daily.done_<form>`). Counts take the language's plural.
 * @param hands hands set so far (0 ‥ total)
 * @param lostPerHand the mean EV given up per hand, per unit bet (0 when no hand is set)
 * @param total the day's hands (the server's `DAILY_HANDS`)
 * @param finished true once no hand is left (the server sends `next: null`)
 */
export function dailyScoreText(t: TFunction, lng: string, progress: { readonly hands: number; readonly lostPerHand: number; readonly total: number; readonly finished: boolean }): string {
  if (progress.finished) return t('coach.daily.done', { count: progress.total });
  return t('coach.daily.sofar', { count: progress.hands, lost: evPercent(lng, progress.lostPerHand, false) });
}

/**
 * A daily challenge's day (`YYYY-MM-DD`, a UTC calendar day) as a date in the language `lng` ("December 5, 2026",
 * "5 de diciembre de 2026", "5. Dezember 2026"), its spaces no-break so a title never wraps inside the date (a tester's:
 * "Reto diario 2026-/12-05"). A text that is not such a day is returned as it is, made unbreakable the same way.
 */
export function dayText(lng: string, day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const text = m ? new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))) : day;
  // No-break spaces between words and a no-break hyphen (U+2011) in a date written with hyphens.
  return text.replace(/\s/g, '\u00a0').replace(/-/g, '\u2011');
}
