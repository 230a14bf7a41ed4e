/** Cards drawn small, as text with suit symbols (the history, the Hint): a setting as high hand | low hand. */
import { sortForDisplay } from '../table-ui/model.js';
import { useTranslation } from 'react-i18next';
import { cardsText } from './i18n/index.js';

/** A setting in text: the high hand, a bar, the low hand, each highest card first. */
export function MiniHands({ high, low, testid }: { high: readonly string[]; low: readonly string[]; testid?: string }) {
  const highSorted = sortForDisplay(high);
  const lowSorted = sortForDisplay(low);
  return (
    <span className="mini-cards" data-testid={testid} data-high={highSorted.join(' ')} data-low={lowSorted.join(' ')}>
      {highSorted.map((c) => (
        <MiniCard key={c} card={c} />
      ))}
      <span className="mini-sep">|</span>
      {lowSorted.map((c) => (
        <MiniCard key={c} card={c} />
      ))}
    </span>
  );
}

/** One card as text (`K♦`; the joker by the catalog's word, as the felt's card shows it, not "Jk"), red for hearts and diamonds. */
export function MiniCard({ card }: { card: string }) {
  const { t } = useTranslation();
  const red = card[1] === 'h' || card[1] === 'd';
  return <span className={`mini-card mini-card--${card[1]}${red ? ' mini-card--red' : ''}${card === 'Jk' ? ' mini-card--joker' : ''}`}>{cardsText(t, card)}</span>;
}
