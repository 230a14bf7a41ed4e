/**
 * Where the keyboard focus goes when the control that held it disappears or is disabled (issue 14 point 5):
 * Deal gives way to the cards, a card moves to the other hand, Hint waits for its panel, Split gives way to
 * the result. Pure: no React, no DOM; `useFocusKeeper` applies it to the page.
 */

/** The control that last held the focus: its `data-testid`, and its `data-card` when it is a card. */
export interface FocusedControl {
  readonly testid: string;
  readonly card: string | null;
}

/** What the table shows now, as far as the focus cares. */
export interface FocusScene {
  /** The table stage (`Stage['kind']` of table-ui/model.ts): `'setting'` while the player sets its cards. */
  readonly stage: string;
  /** Whether the Hint panel is open. */
  readonly hintOpen: boolean;
}

const byTestid = (testid: string): string => `[data-testid="${testid}"]`;

/** The controls of the Hint panel (HintPanel.tsx). */
const HINT_PANEL = ['hint-use', 'hint-close'];

/**
 * CSS selectors of the controls to move the focus to, best first, after `lost` lost it in `scene`; the caller
 * focuses the first that matches an enabled element, or waits for the next change when none does:
 * - a card keeps the focus in its new place (it moved to the other hand);
 * - Hint hands it to its panel once it opens, and the panel's controls back to Hint once it closes (each
 *   waits for the other, never handing the focus elsewhere);
 * - the control itself, when it is there again and enabled;
 * - Deal waits for the cards: then the first card, else House Way (never back to the chips meanwhile);
 * - while setting: the first card, House Way, Split; once the result is shown or bets are taken: Rebet,
 *   Deal, then the first chip.
 */
export function focusCandidates(lost: FocusedControl, scene: FocusScene): string[] {
  // Hint and its panel wait for each other (Hint is disabled until the server answers).
  if (lost.testid === 'hint') return [...HINT_PANEL, 'hint'].map(byTestid);
  if (HINT_PANEL.includes(lost.testid)) return (scene.hintOpen ? [...HINT_PANEL, 'hint'] : ['hint']).map(byTestid);
  const out: string[] = [];
  if (lost.card !== null) out.push(`${byTestid(lost.testid)}[data-card="${lost.card}"]`);
  out.push(byTestid(lost.testid));
  if (scene.stage === 'setting') out.push(byTestid('player-card'), byTestid('house-way'), byTestid('split'));
  else if ((scene.stage === 'revealed' || scene.stage === 'empty') && lost.testid !== 'deal') out.push(byTestid('rebet'), byTestid('deal'), '[data-testid^="chip-"]');
  return [...new Set(out)];
}
