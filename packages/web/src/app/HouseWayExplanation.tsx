/**
 * A house-way explanation on the felt: the viewer's hand when the house set it (`who="you"`; saying so
 * when it was for a timeout, a disconnection or the server stopping), or the banker's hand at the reveal (`who="banker"`).
 * The explanation is the engine's, as the server sent it (the view's `you.houseWay` while the round is set,
 * the round result's `houseWayExplanation` and `bankerHand.explanation` after the reveal); the browser
 * translates it and never re-runs the house way. A round result of version 1 (stored before the explanation
 * travelled) has none, and nothing is shown for it.
 */
import { useTranslation } from 'react-i18next';
import type { SetBy } from '@paigow/engine';
import type { ExplanationView, TableView } from '@paigow/protocol';
import type { Stage } from '../table-ui/model.js';
import { houseWaySaid, houseWayText } from './i18n/index.js';
import { ExplanationText } from './ExplanationText.js';

/**
 * The explanation of the viewer's (`who="you"`) or the banker's hand at this stage, and the catalog key of
 * the sentence around it (`table.houseWayRule…`, `table.bankerHouseWay`); `null` when the house way did not set
 * it or the round result carries none. Pure: the component's model, tested without a browser.
 */
export function explanationOf(view: TableView, stage: Stage, who: 'you' | 'banker'): { key: string; explanation: ExplanationView } | null {
  if (who === 'banker') {
    const explanation = stage.kind === 'revealed' ? stage.round.bankerHand.explanation : null;
    return explanation ? { key: 'table.bankerHouseWay', explanation } : null;
  }
  if (stage.kind === 'setting' && view.you?.houseWay) return { key: 'table.houseWayRule', explanation: view.you.houseWay.explanation };
  const mine = stage.kind === 'revealed' ? stage.mine : null;
  if (mine === null || mine.setBy === 'player' || !mine.houseWayExplanation) return null;
  const keys: Partial<Record<SetBy, string>> = { timeout: 'table.houseWayRuleTimeout', disconnect: 'table.houseWayRuleDisconnect', recovery: 'table.houseWayRuleRecovery' };
  const key = keys[mine.setBy] ?? 'table.houseWayRule';
  return { key, explanation: mine.houseWayExplanation };
}

/** The explanation of the viewer's (`you`) or the banker's hand at this stage, if the house way set it. */
export function Explanation({ view, stage, who }: { view: TableView; stage: Stage; who: 'you' | 'banker' }) {
  const { t } = useTranslation();
  const shown = explanationOf(view, stage, who);
  if (shown === null) return null;
  const text = houseWayText(t, shown.explanation);
  const said = t(shown.key, { text: houseWaySaid(t, shown.explanation) });
  return <ExplanationText who={who} testid={who === 'you' ? 'house-way-explanation' : 'banker-explanation'} text={t(shown.key, { text })} said={said} />;
}
