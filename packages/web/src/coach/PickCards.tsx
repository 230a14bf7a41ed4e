/**
 * The seven cards of a trainer or daily-challenge hand, in the table's order, each a toggle button: pressed
 * (`aria-pressed`, drawn lifted) while picked for the low hand, so a screen reader says which cards are picked.
 */
import type { Card } from '@paigow/engine';
import { PlayingCard } from '../table-ui/Card.js';

/**
 * The cards (`testid` on each), `low` the picked ones; `onToggle` picks or unpicks a card; `disabled` while
 * the hand is graded.
 */
export function PickCards({ cards, low, testid, disabled, onToggle }: {
  cards: readonly Card[];
  low: readonly Card[];
  testid: string;
  disabled: boolean;
  onToggle: (card: Card) => void;
}) {
  return (
    <div className="trainer__hand">
      {cards.map((card) => (
        <PlayingCard key={card} card={card} testid={testid} lifted={low.includes(card)} pressed={low.includes(card)} disabled={disabled} onClick={() => onToggle(card)} />
      ))}
    </div>
  );
}

/** The low hand after a click on `card`: unpicked when picked, picked when fewer than two are, else unchanged. */
export function toggleLow(low: readonly Card[], card: Card): Card[] {
  return low.includes(card) ? low.filter((c) => c !== card) : low.length < 2 ? [...low, card] : [...low];
}
