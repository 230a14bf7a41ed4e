/**
 * The English shared catalog: the parts of the player's language that both the web client and the
 * `paigow` command print (hand names, house-way explanations, Fortune lines). The web merges them into
 * its catalog (packages/web/src/app/i18n/en.ts); the CLI reads them directly. Interpolation is
 * i18next's `{{name}}`.
 */
import type { Category } from '@paigow/engine';

/** Hand category names by category key (engine/src/evaluate/value.ts `CATEGORIES`). */
const category: Record<Category, string> = {
  high_card: 'High card',
  one_pair: 'One pair',
  two_pair: 'Two pairs',
  three_of_a_kind: 'Three of a kind',
  straight: 'Straight',
  flush: 'Flush',
  full_house: 'Full house',
  four_of_a_kind: 'Four of a kind',
  straight_flush: 'Straight flush',
  royal_flush: 'Royal flush',
  five_aces: 'Five aces',
};

/** The English shared catalog (the shape every other language's shared catalog follows). */
export const en = {
  category,
  /**
   * `paigow eval`: a hand's description by category (`handDescription.<category>`; a pair without
   * kickers, a low hand's, is `one_pair_alone`). `rank`/`second` are plural rank names (`rankPlural`),
   * `ranks`/`kickers` rank letters joined by hyphens ("A-K-Q-J-T"); made by `handDescription`.
   */
  handDescription: {
    five_aces: 'Five aces',
    royal_flush: 'Royal flush (A-K-Q-J-T)',
    straight_flush: 'Straight flush ({{ranks}})',
    four_of_a_kind: 'Four of a kind ({{rank}}), kicker {{kickers}}',
    full_house: 'Full house, {{rank}} over {{second}}',
    flush: 'Flush ({{ranks}})',
    straight: 'Straight ({{ranks}})',
    three_of_a_kind: 'Three of a kind ({{rank}}), kickers {{kickers}}',
    two_pair: 'Two pairs ({{rank}} and {{second}}), kicker {{kickers}}',
    one_pair: 'One pair ({{rank}}), kickers {{kickers}}',
    one_pair_alone: 'One pair ({{rank}})',
    high_card: 'High card ({{ranks}})',
  },
  /** `paigow fortune --exact`: the table's headings, its last rows and the house edge (`percent` a number). */
  fortuneExact: {
    line: 'line',
    pays: 'pays',
    hands: 'hands',
    probability: 'probability',
    return: 'return',
    paysTo: '{{pays}} to 1',
    noLine: 'No line (loses)',
    total: 'Total',
    houseEdge: 'House edge: {{percent}}% ({{numerator}} / {{denominator}})',
  },
  /** `paigow fortune <7 cards>`: the line one hand is paid on (`line` a `fortuneLine` name, `lines` a list of them). */
  fortuneText: {
    pays: '{{cards}}: {{line}}, pays {{pays}} to 1',
    none: '{{cards}}: no line, the Fortune bet loses',
    alsoHolds: '{{text}} (also holds: {{lines, list}})',
  },
  /** Column headings of the `paigow` command's tables (`paigow set`, `paigow eval`). */
  columns: {
    highHand: 'high hand',
    lowHand: 'low hand',
    rule: 'rule',
    cards: 'cards',
    category: 'category',
    value: 'value',
    description: 'description',
  },
  /**
   * House-way explanations by rule id (`houseWay.<rule>`; the rule ids hold a dot, so they nest:
   * `houseWay['8']['split-aces']`). Params: `low`/`high` are cards, `rank` a rank's plural name and
   * `pairs` the pairs' description, both prepared by `houseWayText`.
   */
  houseWay: {
    '1': {
      'five-aces-kings': 'Five aces with a pair of kings: the five aces stay together in the high hand and the kings ({{low}}) go to the low hand.',
      'five-aces-split': 'Five aces: split, a pair of aces ({{low}}) in the low hand and three aces in the high hand.',
    },
    '2': {
      'quads-low-kept': 'Four {{rank}} (deuces to sixes) stay together in the high hand; the best two other cards ({{low}}) go to the low hand.',
      'quads-mid-kept': 'Four {{rank}} stay together because an ace or a pair ({{low}}) can be played in the low hand.',
      'quads-mid-split': 'Four {{rank}} (sevens to tens) with no ace or pair beside them: split, a pair in each hand.',
      'quads-high-kept': 'Four {{rank}} stay together because a pair of tens or better ({{low}}) can be played in the low hand.',
      'quads-high-split': 'Four {{rank}} (jacks to kings) without a pair of tens or better beside them: split, a pair in each hand.',
      'quad-aces-kept': 'Four aces stay together because a pair of sevens or better ({{low}}) can be played in the low hand.',
      'quad-aces-split': 'Four aces without a pair of sevens or better beside them: split, two aces ({{low}}) in the low hand and the other two in the high hand.',
    },
    '3': {
      'as-pairs': 'A straight flush, but the hand holds {{pairs}}: it is played as pairs, not as a straight flush ({{low}} in the low hand).',
      'straight-flush': 'Straight flush kept in the high hand, with the best low hand that allows ({{low}}).',
      'straight-flush-freed': 'The straight flush is given up for a straight or flush so that the low hand is jack or better ({{low}}).',
      'royal-flush': 'Royal flush kept in the high hand, with the best low hand that allows ({{low}}).',
      'royal-flush-freed': 'The royal flush is given up for a straight or flush so that the low hand is king or better ({{low}}).',
    },
    '4': {
      'two-trips': 'Two three-of-a-kinds: the higher ({{rank}}) is split and its pair goes to the low hand.',
      'trips-two-pairs': 'Three of a kind and two pairs: the higher pair ({{rank}}) goes to the low hand, the full house stays in the high hand.',
      'full-house-split': 'Full house: split, the pair ({{rank}}) goes to the low hand and the three of a kind stays in the high hand.',
      'full-house-deuces-kept': 'Full house with a pair of deuces and an ace or a king beside it: the full house stays together and {{low}} go to the low hand.',
    },
    '5': {
      'as-pairs': 'A straight or flush, but the hand holds {{pairs}}: it is played as pairs, not as a straight or flush ({{low}} in the low hand).',
      'straight-or-flush': 'Straight or flush kept in the high hand, with the highest low hand that leaves it there ({{low}}).',
    },
    '6': {
      trips: 'Three {{rank}} stay in the high hand; the two highest other cards ({{low}}) go to the low hand.',
      'trip-aces-split': 'Three aces: split, a pair of aces in the high hand and the third ace with the highest other card ({{low}}) in the low hand.',
    },
    '7': {
      'three-pairs': 'Three pairs: the highest pair ({{rank}}) goes to the low hand.',
    },
    '8': {
      kept: 'Two pairs stay together in the high hand; the two highest other cards ({{low}}) go to the low hand.',
      'split-sevens-no-ace': 'Two pairs, the higher sevens or better, and no ace beside them: split, the lower pair ({{low}}) goes to the low hand.',
      'split-jacks-sixes-ace': 'Two pairs, jacks or better with sixes or better: split even with an ace beside them; the lower pair ({{low}}) goes to the low hand.',
      'split-aces': 'Two pairs with aces: split, the lower pair ({{low}}) goes to the low hand.',
    },
    '9': {
      'one-pair': 'One pair stays in the high hand; the two highest other cards ({{low}}) go to the low hand.',
    },
    '10': {
      'no-pair': 'No pair: the highest card stays in the high hand; the next two ({{low}}) go to the low hand.',
    },
  } as Record<string, Record<string, string>>,
  /**
   * The Foxwoods house way's explanations by rule id (`houseWayFoxwoods.<rule>`, house-way-foxwoods.md; nested
   * like `houseWay`), with the same params.
   */
  houseWayFoxwoods: {
    '1': {
      'no-pair': 'No pair: the highest card stays in the high hand; the next two ({{low}}) go to the low hand.',
    },
    '2': {
      'one-pair': 'One pair stays in the high hand; the two highest other cards ({{low}}) go to the low hand.',
    },
    '3': {
      'split-high': 'Two pairs, the higher jacks or better: split, the lower pair ({{low}}) goes to the low hand.',
      'kept-ace': 'Two pairs, the higher sevens to tens, with an ace to play in front: both pairs stay in the high hand and {{low}} go to the low hand.',
      'split-mid': 'Two pairs, the higher sevens to tens, and no ace to play in front: split, the lower pair ({{low}}) goes to the low hand.',
      'kept-king-or-ace': 'Two pairs, the higher sixes or lower, with a king or an ace to play in front: both pairs stay in the high hand and {{low}} go to the low hand.',
      'split-low': 'Two pairs, the higher sixes or lower, and no king or ace to play in front: split, the lower pair ({{low}}) goes to the low hand.',
    },
    '4': {
      'three-pairs': 'Three pairs: the highest pair ({{rank}}) goes to the low hand.',
    },
    '5': {
      trips: 'Three {{rank}} stay in the high hand; the two highest other cards ({{low}}) go to the low hand.',
      'trip-aces': 'Three aces: a pair of aces stays in the high hand; one ace and the next highest card ({{low}}) go to the low hand.',
    },
    '6': {
      'two-trips': 'Two three-of-a-kinds: the higher ({{rank}}) is split and its pair goes to the low hand.',
    },
    '7': {
      'no-pair': 'Straight or flush kept in the high hand, with the two highest cards that leave it there ({{low}}) in the low hand.',
      'one-pair': 'Straight or flush with one pair: the straight or flush stays in the high hand, with the highest low hand that leaves it there ({{low}}).',
      'one-pair-ace-front': 'Straight or flush with an ace and a pair of tens to kings: the ace goes in front ({{low}}) and the pair stays in the high hand, a better low hand than keeping the straight or flush.',
      'as-pairs': 'A straight or flush with {{pairs}}: it is played as two pairs ({{low}} in the low hand).',
      'as-three-pairs': 'A straight or flush with {{pairs}}: it is played as three pairs ({{low}} in the low hand).',
      trips: 'Straight or flush with three of a kind: the straight or flush stays in the high hand and a pair from the three of a kind ({{low}}) goes to the low hand.',
    },
    '8': {
      'full-house': 'Full house: split, the pair ({{rank}}) goes to the low hand and the three of a kind stays in the high hand.',
      'trips-two-pairs': 'Three of a kind and two pairs: the higher pair ({{rank}}) goes to the low hand, the full house stays in the high hand.',
    },
    '9': {
      'quads-high-split': 'Four {{rank}} (jacks to aces): always split, a pair in each hand.',
      'quads-mid-kept': 'Four {{rank}} stay together because a king or better ({{low}}) can be played in the low hand.',
      'quads-mid-split': 'Four {{rank}} (sevens to tens) without a king or an ace to play in front: split, a pair in each hand.',
      'quads-low-kept': 'Four {{rank}} (sixes or lower) are never split; the two highest other cards ({{low}}) go to the low hand.',
      'quads-pair-front': 'Four {{rank}} with a pair beside them: the four stay together and the pair ({{low}}) goes to the low hand.',
    },
    '10': {
      'five-aces-split': 'Five aces: a pair of aces ({{low}}) in the low hand and three aces in the high hand.',
      'five-aces-kings': 'Five aces with a pair of kings: the five aces stay together and the kings ({{low}}) go to the low hand.',
    },
  } as Record<string, Record<string, string>>,
  /** Parameters of the house-way explanations. */
  houseWayParams: {
    twoPairs: 'two pairs ({{first}} and {{second}})',
    threePairs: 'three pairs ({{first}}, {{second}}, {{third}})',
  },
  /** Plural rank names by rank letter (house-way explanations: "Four kings"). */
  rankPlural: {
    '2': 'deuces', '3': 'threes', '4': 'fours', '5': 'fives', '6': 'sixes', '7': 'sevens', '8': 'eights',
    '9': 'nines', T: 'tens', J: 'jacks', Q: 'queens', K: 'kings', A: 'aces',
  },
  /** Fortune bonus pay lines (rules.md §4; keys of reference/fortune.json). */
  fortuneLine: {
    seven_card_straight_flush_natural: '7-card straight flush',
    royal_flush_plus_royal_match: 'Royal flush with royal match',
    seven_card_straight_flush_with_joker: '7-card straight flush with joker',
    five_aces: 'Five aces',
    royal_flush: 'Royal flush',
    straight_flush: 'Straight flush',
    four_of_a_kind: 'Four of a kind',
    full_house: 'Full house',
    flush: 'Flush',
    three_of_a_kind: 'Three of a kind',
    straight: 'Straight',
  } as Record<string, string>,
};

/** The shape of every language's shared catalog. */
export type SharedCatalog = typeof en;
