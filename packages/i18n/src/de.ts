/**
 * The German shared catalog in seed `002`'s words (glossary.md: hohe / niedrige Hand, Vier Gleiche,
 * Drei Gleiche…). Rank names stand in parentheses, in the nominative plural.
 */
import type { SharedCatalog } from './en.js';

const noPair = 'Kein Paar: Die höchste Karte bleibt in der hohen Hand; die nächsten zwei ({{low}}) kommen in die niedrige Hand.';
const onePair = 'Das Paar bleibt in der hohen Hand; die zwei höchsten übrigen Karten ({{low}}) kommen in die niedrige Hand.';
const threePairs = 'Drei Paare: Das höchste Paar ({{rank}}) kommt in die niedrige Hand.';
const trips = 'Drei Gleiche ({{rank}}) bleiben in der hohen Hand; die zwei höchsten übrigen Karten ({{low}}) kommen in die niedrige Hand.';
const twoTrips = 'Zweimal Drei Gleiche: Die höheren ({{rank}}) werden geteilt, ihr Paar kommt in die niedrige Hand.';
const tripsTwoPairs = 'Drei Gleiche und zwei Paare: Das höhere Paar ({{rank}}) kommt in die niedrige Hand, das Full House bleibt in der hohen Hand.';
const fullHouseSplit = 'Full House, geteilt: Das Paar ({{rank}}) kommt in die niedrige Hand, die Drei Gleichen bleiben in der hohen Hand.';

/** German: hand names, house-way explanations, Fortune lines. */
export const de: SharedCatalog = {
  category: {
    high_card: 'Höchste Karte',
    one_pair: 'Ein Paar',
    two_pair: 'Zwei Paare',
    three_of_a_kind: 'Drei Gleiche',
    straight: 'Straight',
    flush: 'Flush',
    full_house: 'Full House',
    four_of_a_kind: 'Vier Gleiche',
    straight_flush: 'Straight Flush',
    royal_flush: 'Royal Flush',
    five_aces: 'Fünf Asse',
  },
  handDescription: {
    five_aces: 'Fünf Asse',
    royal_flush: 'Royal Flush (A-K-Q-J-T)',
    straight_flush: 'Straight Flush ({{ranks}})',
    four_of_a_kind: 'Vier Gleiche ({{rank}}), Beikarte {{kickers}}',
    full_house: 'Full House, {{rank}} über {{second}}',
    flush: 'Flush ({{ranks}})',
    straight: 'Straight ({{ranks}})',
    three_of_a_kind: 'Drei Gleiche ({{rank}}), Beikarten {{kickers}}',
    two_pair: 'Zwei Paare ({{rank}} und {{second}}), Beikarte {{kickers}}',
    one_pair: 'Ein Paar ({{rank}}), Beikarten {{kickers}}',
    one_pair_alone: 'Ein Paar ({{rank}})',
    high_card: 'Höchste Karte ({{ranks}})',
  },
  fortuneExact: {
    line: 'Gewinnhand',
    pays: 'zahlt',
    hands: 'Hände',
    probability: 'Wahrscheinlichkeit',
    return: 'Ertrag',
    paysTo: '{{pays}} zu 1',
    noLine: 'Keine Gewinnhand (verliert)',
    total: 'Summe',
    houseEdge: 'Hausvorteil: {{percent}} % ({{numerator}} / {{denominator}})',
  },
  fortuneText: {
    pays: '{{cards}}: {{line}}, zahlt {{pays}} zu 1',
    none: '{{cards}}: keine Gewinnhand, der Fortune-Einsatz verliert',
    alsoHolds: '{{text}} (enthält auch: {{lines, list}})',
  },
  columns: {
    highHand: 'hohe Hand',
    lowHand: 'niedrige Hand',
    rule: 'Regel',
    cards: 'Karten',
    category: 'Blatt',
    value: 'Wert',
    description: 'Beschreibung',
  },
  houseWay: {
    '1': {
      'five-aces-kings': 'Fünf Asse mit einem Paar Könige: Die fünf Asse bleiben zusammen in der hohen Hand, die Könige ({{low}}) kommen in die niedrige Hand.',
      'five-aces-split': 'Fünf Asse, geteilt: ein Paar Asse ({{low}}) in die niedrige Hand, drei Asse in die hohe Hand.',
    },
    '2': {
      'quads-low-kept': 'Vier Gleiche ({{rank}}, Zweier bis Sechser) bleiben zusammen in der hohen Hand; die besten zwei übrigen Karten ({{low}}) kommen in die niedrige Hand.',
      'quads-mid-kept': 'Vier Gleiche ({{rank}}) bleiben zusammen, weil ein Ass oder ein Paar ({{low}}) in der niedrigen Hand gespielt werden kann.',
      'quads-mid-split': 'Vier Gleiche ({{rank}}, Siebener bis Zehner) ohne Ass oder Paar daneben werden geteilt: ein Paar in jede Hand.',
      'quads-high-kept': 'Vier Gleiche ({{rank}}) bleiben zusammen, weil ein Paar Zehner oder besser ({{low}}) in der niedrigen Hand gespielt werden kann.',
      'quads-high-split': 'Vier Gleiche ({{rank}}, Buben bis Könige) ohne ein Paar Zehner oder besser daneben werden geteilt: ein Paar in jede Hand.',
      'quad-aces-kept': 'Vier Asse bleiben zusammen, weil ein Paar Siebener oder besser ({{low}}) in der niedrigen Hand gespielt werden kann.',
      'quad-aces-split': 'Vier Asse ohne ein Paar Siebener oder besser daneben werden geteilt: zwei Asse ({{low}}) kommen in die niedrige Hand, die anderen zwei bleiben in der hohen Hand.',
    },
    '3': {
      'as-pairs': 'Ein Straight Flush, aber die Hand enthält {{pairs}}: Sie wird als Paare gespielt, nicht als Straight Flush ({{low}} in der niedrigen Hand).',
      'straight-flush': 'Der Straight Flush bleibt in der hohen Hand, mit der besten niedrigen Hand, die das erlaubt ({{low}}).',
      'straight-flush-freed': 'Der Straight Flush wird für einen Straight oder Flush aufgegeben, damit die niedrige Hand Bube oder besser ist ({{low}}).',
      'royal-flush': 'Der Royal Flush bleibt in der hohen Hand, mit der besten niedrigen Hand, die das erlaubt ({{low}}).',
      'royal-flush-freed': 'Der Royal Flush wird für einen Straight oder Flush aufgegeben, damit die niedrige Hand König oder besser ist ({{low}}).',
    },
    '4': {
      'two-trips': twoTrips,
      'trips-two-pairs': tripsTwoPairs,
      'full-house-split': fullHouseSplit,
      'full-house-deuces-kept': 'Full House mit einem Paar Zweier und einem Ass oder König daneben: Das Full House bleibt zusammen, {{low}} kommen in die niedrige Hand.',
    },
    '5': {
      'as-pairs': 'Ein Straight oder Flush, aber die Hand enthält {{pairs}}: Sie wird als Paare gespielt, nicht als Straight oder Flush ({{low}} in der niedrigen Hand).',
      'straight-or-flush': 'Straight oder Flush bleibt in der hohen Hand, mit der höchsten niedrigen Hand, die ihn dort lässt ({{low}}).',
    },
    '6': {
      trips,
      'trip-aces-split': 'Drei Asse, geteilt: ein Paar Asse in die hohe Hand, das dritte Ass mit der höchsten übrigen Karte ({{low}}) in die niedrige Hand.',
    },
    '7': {
      'three-pairs': threePairs,
    },
    '8': {
      kept: 'Zwei Paare bleiben zusammen in der hohen Hand; die zwei höchsten übrigen Karten ({{low}}) kommen in die niedrige Hand.',
      'split-sevens-no-ace': 'Zwei Paare, das höhere Siebener oder besser, kein Ass daneben: geteilt, das niedrigere Paar ({{low}}) kommt in die niedrige Hand.',
      'split-jacks-sixes-ace': 'Zwei Paare, Buben oder besser mit Sechsern oder besser: geteilt, auch mit einem Ass daneben; das niedrigere Paar ({{low}}) kommt in die niedrige Hand.',
      'split-aces': 'Zwei Paare mit Assen: geteilt, das niedrigere Paar ({{low}}) kommt in die niedrige Hand.',
    },
    '9': {
      'one-pair': onePair,
    },
    '10': {
      'no-pair': noPair,
    },
  },
  houseWayFoxwoods: {
    '1': { 'no-pair': noPair },
    '2': { 'one-pair': onePair },
    '3': {
      'split-high': 'Zwei Paare, das höhere Buben oder besser: geteilt, das niedrigere Paar ({{low}}) kommt in die niedrige Hand.',
      'kept-ace': 'Zwei Paare, das höhere Siebener bis Zehner, mit einem Ass für vorne: Beide Paare bleiben in der hohen Hand, {{low}} kommen in die niedrige Hand.',
      'split-mid': 'Zwei Paare, das höhere Siebener bis Zehner, ohne Ass für vorne: geteilt, das niedrigere Paar ({{low}}) kommt in die niedrige Hand.',
      'kept-king-or-ace': 'Zwei Paare, das höhere Sechser oder niedriger, mit einem König oder Ass für vorne: Beide Paare bleiben in der hohen Hand, {{low}} kommen in die niedrige Hand.',
      'split-low': 'Zwei Paare, das höhere Sechser oder niedriger, ohne König oder Ass für vorne: geteilt, das niedrigere Paar ({{low}}) kommt in die niedrige Hand.',
    },
    '4': { 'three-pairs': threePairs },
    '5': {
      trips,
      'trip-aces': 'Drei Asse: Ein Paar Asse bleibt in der hohen Hand; ein Ass und die nächsthöhere Karte ({{low}}) kommen in die niedrige Hand.',
    },
    '6': { 'two-trips': twoTrips },
    '7': {
      'no-pair': 'Straight oder Flush bleibt in der hohen Hand; die zwei höchsten Karten, die ihn dort lassen ({{low}}), kommen in die niedrige Hand.',
      'one-pair': 'Straight oder Flush mit einem Paar: Straight oder Flush bleibt in der hohen Hand, mit der höchsten niedrigen Hand, die ihn dort lässt ({{low}}).',
      'one-pair-ace-front':
        'Straight oder Flush mit einem Ass und einem Paar Zehner bis Könige: Das Ass kommt nach vorne ({{low}}), das Paar bleibt in der hohen Hand – eine bessere niedrige Hand, als Straight oder Flush zu behalten.',
      // `pairs` is the accusative "zwei Paare (…)" (houseWayParams): after "enthält", never after the dative "mit" ("mit zwei Paare").
      'as-pairs': 'Ein Straight oder Flush, aber die Hand enthält {{pairs}}: Sie wird als zwei Paare gespielt ({{low}} in der niedrigen Hand).',
      'as-three-pairs': 'Ein Straight oder Flush, aber die Hand enthält {{pairs}}: Sie wird als drei Paare gespielt ({{low}} in der niedrigen Hand).',
      trips: 'Straight oder Flush mit Drei Gleichen: Straight oder Flush bleibt in der hohen Hand, ein Paar aus den Drei Gleichen ({{low}}) kommt in die niedrige Hand.',
    },
    '8': {
      'full-house': fullHouseSplit,
      'trips-two-pairs': tripsTwoPairs,
    },
    '9': {
      'quads-high-split': 'Vier Gleiche ({{rank}}, Buben bis Asse) werden immer geteilt: ein Paar in jede Hand.',
      'quads-mid-kept': 'Vier Gleiche ({{rank}}) bleiben zusammen, weil ein König oder besser ({{low}}) in der niedrigen Hand gespielt werden kann.',
      'quads-mid-split': 'Vier Gleiche ({{rank}}, Siebener bis Zehner) ohne König oder Ass für vorne werden geteilt: ein Paar in jede Hand.',
      'quads-low-kept': 'Vier Gleiche ({{rank}}, Sechser oder niedriger) werden nie geteilt; die zwei höchsten übrigen Karten ({{low}}) kommen in die niedrige Hand.',
      'quads-pair-front': 'Vier Gleiche ({{rank}}) mit einem Paar daneben: Die vier bleiben zusammen, das Paar ({{low}}) kommt in die niedrige Hand.',
    },
    '10': {
      'five-aces-split': 'Fünf Asse: ein Paar Asse ({{low}}) in die niedrige Hand, drei Asse in die hohe Hand.',
      'five-aces-kings': 'Fünf Asse mit einem Paar Könige: Die fünf Asse bleiben zusammen, die Könige ({{low}}) kommen in die niedrige Hand.',
    },
  },
  houseWayParams: {
    twoPairs: 'zwei Paare ({{first}} und {{second}})',
    threePairs: 'drei Paare ({{first}}, {{second}}, {{third}})',
  },
  rankPlural: {
    '2': 'Zweier', '3': 'Dreier', '4': 'Vierer', '5': 'Fünfer', '6': 'Sechser', '7': 'Siebener', '8': 'Achter',
    '9': 'Neuner', T: 'Zehner', J: 'Buben', Q: 'Damen', K: 'Könige', A: 'Asse',
  },
  fortuneLine: {
    seven_card_straight_flush_natural: 'Straight Flush aus 7 Karten',
    royal_flush_plus_royal_match: 'Royal Flush mit König und Dame in einer Farbe',
    seven_card_straight_flush_with_joker: 'Straight Flush aus 7 Karten mit Joker',
    five_aces: 'Fünf Asse',
    royal_flush: 'Royal Flush',
    straight_flush: 'Straight Flush',
    four_of_a_kind: 'Vier Gleiche',
    full_house: 'Full House',
    flush: 'Flush',
    three_of_a_kind: 'Drei Gleiche',
    straight: 'Straight',
  },
};
