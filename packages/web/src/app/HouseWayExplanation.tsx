/**
 * A house-way explanation on the felt: the viewer's hand when the house set it (`who="you"`; saying so
 * when it was for a timeout or a disconnection), or the banker's hand at the reveal (`who="banker"`).
 */
import { useTranslation } from 'react-i18next';
import { houseWays, parseHand, type HouseWayId } from '@paigow/engine';
import type { TableView } from '@paigow/protocol';
import type { CardText, Stage } from '../table-ui/model.js';
import { houseWayText } from './i18n/index.js';
import { ExplanationText } from './ExplanationText.js';

type T = ReturnType<typeof useTranslation>['t'];

/** The explanation of the viewer's (`you`) or the banker's hand at this stage, if the house way set it. */
export function Explanation({ view, stage, who }: { view: TableView; stage: Stage; who: 'you' | 'banker' }) {
  const { t } = useTranslation();
  let text: string | null = null;
  let key = who === 'you' ? 'table.houseWayRule' : 'table.bankerHouseWay';
  if (who === 'you') {
    if (stage.kind === 'setting' && view.you?.houseWay) {
      text = houseWayText(t, view.you.houseWay.explanation);
    } else if (stage.kind === 'revealed' && stage.mine && stage.mine.setBy !== 'player') {
      text = explainLocally(stage.mine.cards, stage.mine.houseWayRule, view.config.houseWay, t);
      if (stage.mine.setBy === 'timeout') key = 'table.houseWayRuleTimeout';
      if (stage.mine.setBy === 'disconnect') key = 'table.houseWayRuleDisconnect';
    }
  } else if (stage.kind === 'revealed') {
    text = explainLocally(stage.round.bankerHand.cards, stage.round.bankerHand.rule, view.config.houseWay, t);
  }
  if (!text) return null;
  return (
    <ExplanationText who={who} testid={who === 'you' ? 'house-way-explanation' : 'banker-explanation'} text={t(key, { text })} />
  );
}

/**
 * The explanation of a house-way setting after the reveal. The view carries only the rule id there,
 * so the (deterministic) engine recomputes the explanation from the seven cards by the table's house way,
 * for display only; it is used only when it names the same rule as the server.
 */
function explainLocally(cards: readonly CardText[], rule: string | null, way: HouseWayId, t: T): string | null {
  const parsed = parseHand(cards);
  if (!parsed.ok) return null;
  const hw = houseWays[way].set(parsed.value);
  if (rule !== null && hw.rule !== rule) return null;
  return houseWayText(t, hw.explanation);
}
