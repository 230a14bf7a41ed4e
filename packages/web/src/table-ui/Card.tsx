/**
 * A playing card: face up (big corner indices, a suit symbol, red or black; a distinct joker) or face
 * down (the card back). The card is an engine integer 0‥52; its canonical text (`As`, `Jk`) goes in
 * `data-card`, which stays absent while the card is hidden (interfaces.md, "The web page").
 */
import { ACE, JACK, KING, formatCard, isJoker, rankOf, suitOf, type Card as CardInt } from '@paigow/engine';
import { useTranslation } from 'react-i18next';
import { Suit } from './Suit.js';
import { cardName } from './card-name.js';
import './card-text.css';

const RANK_LABELS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUIT_NAMES = ['spades', 'hearts', 'diamonds', 'clubs'];

export interface CardProps {
  /** The card, or `null` for a card whose face the player may not see. */
  card: CardInt | null;
  testid?: string;
  /** Marks a card the player may click (shown with a hover lift). */
  onClick?: () => void;
  /** Smaller size (the banker's cards). */
  small?: boolean;
  /** Visually set apart (e.g. the card just moved). */
  lifted?: boolean;
  disabled?: boolean;
  /**
   * A clickable card that is picked (`aria-pressed`): the trainer's and the daily challenge's cards of the low
   * hand. Left out (no `aria-pressed`) where a click moves the card instead (the table's hands).
   */
  pressed?: boolean;
  /** Accessible label for a face-up card; defaults to its name in the player's language ("ace of spades", `card-name.ts`). */
  label?: string;
}

/**
 * One card. Clickable cards are buttons so that keyboard players can set their hand too. Its name
 * (`aria-label`) is what a screen reader reads; the drawn face is hidden from it.
 */
export function PlayingCard({ card, testid, onClick, small, lifted, disabled, pressed, label }: CardProps) {
  const { t } = useTranslation();
  const size = small ? ' card--small' : '';
  if (card === null) {
    return <CardBack className={`card card--back${size}`} testid={testid} />;
  }
  const text = formatCard(card);
  const common = {
    'data-testid': testid,
    'data-card': text,
    'aria-label': label ?? cardName(t, card),
  };
  const className = `card card--face${size}${lifted ? ' card--lifted' : ''}${onClick ? ' card--clickable' : ''}`;
  const face = isJoker(card) ? <JokerFace /> : <NaturalFace card={card} />;
  if (onClick) {
    return (
      <button type="button" className={className} onClick={onClick} disabled={disabled} aria-pressed={pressed} {...common}>
        {face}
      </button>
    );
  }
  return (
    <div className={className} role="img" {...common}>
      {face}
    </div>
  );
}

function NaturalFace({ card }: { card: CardInt }) {
  const rank = rankOf(card);
  const suit = suitOf(card);
  const red = suit === 1 || suit === 2;
  const court = rank >= JACK && rank <= KING;
  const label = RANK_LABELS[rank];
  return (
    <span className={`card__face ${red ? 'card--red' : 'card--black'} card--${SUIT_NAMES[suit]}`} aria-hidden="true">
      <span className="card__corner card__corner--tl">
        <span className="card__rank" data-rank={label} />
        <Suit suit={suit} className="card__corner-suit" />
      </span>
      {court ? (
        <span className="card__court">
          <span className="card__court-letter" data-rank={label} />
          <Suit suit={suit} className="card__court-suit" />
        </span>
      ) : (
        <Suit suit={suit} className={`card__pip${rank === ACE ? ' card__pip--ace' : ''}`} />
      )}
      <span className="card__corner card__corner--br">
        <span className="card__rank" data-rank={label} />
        <Suit suit={suit} className="card__corner-suit" />
      </span>
    </span>
  );
}

function JokerFace() {
  const { t } = useTranslation();
  const word = t('card.joker');
  return (
    <span className="card__face card--joker" aria-hidden="true">
      <span className="card__corner card__corner--tl card__joker-word" data-rank={word} />
      <span className="card__joker-art">
        <Suit suit={-1} className="card__joker-star" />
      </span>
      <span className="card__corner card__corner--br card__joker-word" data-rank={word} />
    </span>
  );
}

function CardBack({ className, testid }: { className: string; testid?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className} data-testid={testid} aria-label={t('card.hidden')} role="img">
      <span className="card__back-emblem" />
    </div>
  );
}
