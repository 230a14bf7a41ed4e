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
 * The two lines of a grade: the EVs of the setting played, the best one and the house way's; then what it
 * gave up in % of the bet and in money at `betCents` (or that it was the best setting).
 */
export function gradeLines(t: TFunction, lng: string, grade: SettingGrade, betCents: number, money: (cents: number, signed?: boolean) => string): [string, string] {
  const summary = t('coach.grade.summary', { played: evPercent(lng, grade.playedEv), best: evPercent(lng, grade.bestEv), houseWay: evPercent(lng, grade.houseWayEv) });
  if (grade.evLost < OPTIMAL_EPSILON) return [summary, t('coach.grade.optimal')];
  return [summary, t('coach.grade.lost', { lost: evPercent(lng, grade.evLost, false), money: money(Math.round(grade.evLost * betCents)) })];
}

/**
 * The grade in a few words, for the line under a result: what the setting cost in % of the bet and in money
 * at `betCents` ("Setting cost 0.42% ($0.21)"), or that it was the best setting.
 */
export function gradeShort(t: TFunction, lng: string, grade: SettingGrade, betCents: number, money: (cents: number, signed?: boolean) => string): string {
  if (grade.evLost < OPTIMAL_EPSILON) return t('coach.grade.shortBest');
  return t('coach.grade.short', { lost: evPercent(lng, grade.evLost, false), money: money(Math.round(grade.evLost * betCents)) });
}

/** The grade in the fewest words, for a phone: what the setting cost in money at `betCents` ("Setting cost $0.21"), or that it was the best. */
export function gradeNote(t: TFunction, grade: SettingGrade, betCents: number, money: (cents: number, signed?: boolean) => string): string {
  if (grade.evLost < OPTIMAL_EPSILON) return t('coach.grade.shortBest');
  return t('coach.grade.note', { money: money(Math.round(grade.evLost * betCents)) });
}
