/**
 * Where the keyboard focus goes on the trainer and the daily challenge when the control that held it is disabled
 * or gone (issue 14 point 5), as on the table (app/focus-keeper.ts, applied by `useFocusKeeper`): Set and House
 * Way are disabled while the hand is graded, and the daily challenge deals its next hand. Pure: no React, no DOM.
 */
import type { FocusedControl } from '../app/focus-keeper.js';

/** Which page: the trainer (`trainer-*` test ids) or the daily challenge (`daily-*`). */
export interface CoachFocusScene {
  readonly page: 'trainer' | 'daily';
}

const byTestid = (testid: string): string => `[data-testid="${testid}"]`;

/**
 * CSS selectors of the controls to move the focus to, best first, after `lost` lost it; the caller focuses the
 * first that matches an enabled element, or waits for the next render when none does (Next hand is disabled
 * while the hand is graded):
 * - a card keeps the focus (the same card), then the control itself when it is enabled again;
 * - trainer: Next hand (the grade above it is announced, and read next in the page);
 * - daily challenge: the next hand's first card, else (the day is over) the grade (`tabindex="-1"`).
 */
export function coachFocusCandidates(lost: FocusedControl, scene: CoachFocusScene): string[] {
  const out: string[] = [];
  if (lost.card !== null) out.push(`${byTestid(lost.testid)}[data-card="${lost.card}"]`);
  out.push(byTestid(lost.testid));
  if (scene.page === 'trainer') out.push(byTestid('trainer-next'));
  else out.push(byTestid('daily-card'), byTestid('daily-grade'));
  return [...new Set(out)];
}
