/**
 * The player's hands on the felt (rules.md §2.4, §5): while setting, the cards as the player arranges them
 * (a click moves a card between the hands, with the hands' categories and a foul drawn as such); after
 * the reveal, the setting played with its win / lose / copy marks. `SetHands` draws a low and a high hand,
 * the player's or the banker's.
 */
import { useTranslation } from 'react-i18next';
import type { HandResult } from '@paigow/engine';
import type { YouView } from '@paigow/protocol';
import { HandBox, Zone } from '../table-ui/parts.js';
import { categoryOfCards, sortForDisplay, type Arrangement, type CardText, type Stage } from '../table-ui/model.js';
import { categoryName } from './i18n/index.js';

type T = ReturnType<typeof useTranslation>['t'];
type Pair<V> = { readonly low: V; readonly high: V };

/** The category name of a revealed hand (for its caption), or `null`. */
export function captionOf(cards: readonly CardText[], t: T): string | null {
  const c = categoryOfCards(cards);
  return c ? categoryName(t, c) : null;
}

/**
 * A set hand: the low hand (2 slots) then the high hand (5 slots). `who` names the test ids
 * (`low-hand`, `high-mark`, `player-card`; `dealer-low-hand`, `dealer-high-mark`, `dealer-card`).
 */
export function SetHands({ who, labels, cards, captions, marks, small, state = null, onCard }: {
  who: 'player' | 'dealer';
  labels: Pair<string>;
  cards: Pair<readonly CardText[]>;
  captions: Pair<string | null>;
  marks: Pair<HandResult | 'mixed' | null> | null;
  small?: boolean;
  state?: 'ok' | 'foul' | null;
  onCard?: (card: CardText) => void;
}) {
  const prefix = who === 'dealer' ? 'dealer-' : '';
  return (['low', 'high'] as const).map((kind) => (
    <HandBox
      key={kind}
      kind={kind}
      small={small}
      label={labels[kind]}
      cards={cards[kind]}
      slots={kind === 'low' ? 2 : 5}
      cardTestid={`${who}-card`}
      testid={`${prefix}${kind}-hand`}
      caption={captions[kind]}
      mark={marks?.[kind] ?? null}
      markTestid={`${prefix}${kind}-mark`}
      state={state}
      onCardClick={onCard}
    />
  ));
}

/** The player's zone: its hands at this stage; `setting` when a click may move a card (`onCard`). */
export function PlayerZone({ you, stage, arrangement, setting, onCard }: {
  you: YouView;
  stage: Stage;
  arrangement: Arrangement | null;
  setting: boolean;
  onCard: (c: CardText) => void;
}) {
  const { t } = useTranslation();
  let cards: Pair<readonly CardText[]> = { low: [], high: [] };
  let captions: Pair<string | null> = { low: null, high: null };
  let marks: Pair<HandResult> | null = null;
  let state: 'ok' | 'foul' | null = null;
  if (stage.kind === 'setting' && arrangement) {
    const submitted = stage.submitted;
    if (submitted) {
      cards = { low: sortForDisplay(submitted.low), high: sortForDisplay(submitted.high) };
      captions = { low: captionOf(cards.low, t), high: captionOf(cards.high, t) };
    } else {
      cards = { low: arrangement.low, high: arrangement.high };
      captions = {
        low: arrangement.lowCategory ? categoryName(t, arrangement.lowCategory) : null,
        high: arrangement.highCategory ? categoryName(t, arrangement.highCategory) : null,
      };
      state = arrangement.block === null ? 'ok' : arrangement.block.kind === 'error' ? 'foul' : null;
    }
  } else if (stage.kind === 'revealed' && stage.mine) {
    const mine = stage.mine;
    cards = { low: sortForDisplay(mine.setting.low), high: sortForDisplay(mine.setting.high) };
    captions = { low: captionOf(cards.low, t), high: captionOf(cards.high, t) };
    marks = { low: mine.low, high: mine.high };
  }
  return (
    <Zone title={t('table.yourCards')} name={you.nickname} className="zone--player">
      <div className="hands" title={setting ? t('table.clickToMove') : undefined}>
        <SetHands
          who="player"
          labels={{ low: t('table.lowHand'), high: t('table.highHand') }}
          cards={cards}
          captions={captions}
          marks={marks}
          state={state}
          onCard={setting ? onCard : undefined}
        />
      </div>
    </Zone>
  );
}
