/**
 * What the trainer's and the daily challenge's polite live region says (issue 14 point 5): the low hand as it
 * is picked ("Low hand: three of spades, ace of hearts"), then the grade of the setting once it comes (the
 * sentence under the grade, then its summary line). Pure: the pages keep what was said, not its words, so a
 * language switch re-words it.
 */
import type { TFunction } from 'i18next';
import type { Card, SettingGrade } from '@paigow/engine';
import { cardName } from '../table-ui/card-name.js';
import { gradeSummary, gradeVerdict } from './format.js';

/** What was announced: the cards picked for the low hand (after a pick or an unpick), or a grade; `null`: nothing. */
export type CoachSaid = { readonly kind: 'picked'; readonly low: readonly Card[] } | { readonly kind: 'grade'; readonly grade: SettingGrade } | null;

/**
 * The live region's text for `said` in the language `lng` through `t`: the cards of the low hand by name
 * (`coach.trainer.picked`, or `pickedNone` when none is left), or the grade ("You gave up 31.87% of the bet."
 * or "You made the best setting.", then `coach.grade.summary`); `''` for nothing.
 */
export function coachAnnouncement(t: TFunction, lng: string, said: CoachSaid): string {
  if (said === null) return '';
  if (said.kind === 'picked') {
    return said.low.length === 0 ? t('coach.trainer.pickedNone') : t('coach.trainer.picked', { cards: said.low.map((card) => cardName(t, card)) });
  }
  return `${gradeVerdict(t, lng, said.grade)} ${gradeSummary(t, lng, said.grade)}`;
}
