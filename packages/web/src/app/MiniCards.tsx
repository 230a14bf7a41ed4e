/**
 * Cards drawn small, as text with suit symbols (the history, the Hint, the verify page): a setting as high hand | low
 * hand. The symbols are hidden from a screen reader, which hears the cards' names in the page's language beside them
 * instead (a tester heard "K♠ J♣ 10♠ | 8♥ 4♥", the letters English in every language).
 */
import { sortForDisplay } from '../table-ui/model.js';
import { useTranslation } from 'react-i18next';
import { cardNames } from '../table-ui/card-name.js';
import { cardsText } from './i18n/index.js';

/** A setting in text: the high hand, a bar, the low hand, each highest card first; said as "high hand: …; low hand: …". */
export function MiniHands({ high, low, testid }: { high: readonly string[]; low: readonly string[]; testid?: string }) {
  const { t } = useTranslation();
  const highSorted = sortForDisplay(high);
  const lowSorted = sortForDisplay(low);
  return (
    <span className="mini-cards" data-testid={testid} data-high={highSorted.join(' ')} data-low={lowSorted.join(' ')}>
      {highSorted.map((c) => (
        <MiniCard key={c} card={c} />
      ))}
      <span className="mini-sep" aria-hidden="true">
        |
      </span>
      {lowSorted.map((c) => (
        <MiniCard key={c} card={c} />
      ))}
      <span className="visually-hidden">{t('a11y.hands', { high: cardNames(t, highSorted).join(', '), low: cardNames(t, lowSorted).join(', ') })}</span>
    </span>
  );
}

/** Cards in text in the given order (a hand as dealt), said by their names. */
export function MiniCardList({ cards, testid }: { cards: readonly string[]; testid?: string }) {
  const { t } = useTranslation();
  return (
    <span className="mini-cards" data-testid={testid} data-cards={cards.join(' ')}>
      {cards.map((c) => (
        <MiniCard key={c} card={c} />
      ))}
      <span className="visually-hidden">{cardNames(t, cards).join(', ')}</span>
    </span>
  );
}

/**
 * One card as text (`K♦`; the joker by the catalog's word, as the felt's card shows it, not "Jk"), red for hearts and
 * diamonds; hidden from a screen reader (the list it is in says its name).
 */
function MiniCard({ card }: { card: string }) {
  const { t } = useTranslation();
  const red = card[1] === 'h' || card[1] === 'd';
  return (
    <span className={`mini-card mini-card--${card[1]}${red ? ' mini-card--red' : ''}${card === 'Jk' ? ' mini-card--joker' : ''}`} aria-hidden="true">
      {cardsText(t, card)}
    </span>
  );
}
