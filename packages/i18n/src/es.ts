/**
 * The Spanish shared catalog in seed `003`'s words (glossary.md: mano alta / mano baja, póker, trío,
 * escalera…). Rank names stand in parentheses, in the plural.
 */
import type { SharedCatalog } from './en.js';

const noPair = 'Sin pareja: la carta más alta queda en la mano alta; las dos siguientes ({{low}}) van a la mano baja.';
const onePair = 'La pareja queda en la mano alta; las dos cartas restantes más altas ({{low}}) van a la mano baja.';
const threePairs = 'Tres parejas: la pareja más alta ({{rank}}) va a la mano baja.';
const trips = 'El trío ({{rank}}) queda en la mano alta; las dos cartas restantes más altas ({{low}}) van a la mano baja.';
const twoTrips = 'Dos tríos: el más alto ({{rank}}) se divide y su pareja va a la mano baja.';
const tripsTwoPairs = 'Trío y dos parejas: la pareja más alta ({{rank}}) va a la mano baja, el full queda en la mano alta.';
const fullHouseSplit = 'El full se divide: la pareja ({{rank}}) va a la mano baja y el trío queda en la mano alta.';

/** Spanish: hand names, house-way explanations, Fortune lines. */
export const es: SharedCatalog = {
  category: {
    high_card: 'Carta alta',
    one_pair: 'Pareja',
    two_pair: 'Dobles parejas',
    three_of_a_kind: 'Trío',
    straight: 'Escalera',
    flush: 'Color',
    full_house: 'Full',
    four_of_a_kind: 'Póker',
    straight_flush: 'Escalera de color',
    royal_flush: 'Escalera real',
    five_aces: 'Cinco ases',
  },
  handDescription: {
    five_aces: 'Cinco ases',
    royal_flush: 'Escalera real (A-K-Q-J-T)',
    straight_flush: 'Escalera de color ({{ranks}})',
    four_of_a_kind: 'Póker ({{rank}}), kicker {{kickers}}',
    full_house: 'Full: {{rank}} con {{second}}',
    flush: 'Color ({{ranks}})',
    straight: 'Escalera ({{ranks}})',
    three_of_a_kind: 'Trío ({{rank}}), kickers {{kickers}}',
    two_pair: 'Dobles parejas ({{rank}} y {{second}}), kicker {{kickers}}',
    one_pair: 'Pareja ({{rank}}), kickers {{kickers}}',
    one_pair_alone: 'Pareja ({{rank}})',
    high_card: 'Carta alta ({{ranks}})',
  },
  fortuneExact: {
    line: 'jugada',
    pays: 'paga',
    hands: 'manos',
    probability: 'probabilidad',
    return: 'retorno',
    paysTo: '{{pays}} a 1',
    noLine: 'Sin jugada (pierde)',
    total: 'Total',
    houseEdge: 'Ventaja de la casa: {{percent}} % ({{numerator}} / {{denominator}})',
  },
  fortuneText: {
    pays: '{{cards}}: {{line}}, paga {{pays}} a 1',
    none: '{{cards}}: sin jugada, la apuesta de fortuna pierde',
    alsoHolds: '{{text}} (también tiene: {{lines, list}})',
  },
  columns: {
    highHand: 'mano alta',
    lowHand: 'mano baja',
    rule: 'regla',
    cards: 'cartas',
    category: 'jugada',
    value: 'valor',
    description: 'descripción',
  },
  houseWay: {
    '1': {
      'five-aces-kings': 'Cinco ases con una pareja de reyes: los cinco ases quedan juntos en la mano alta y los reyes ({{low}}) van a la mano baja.',
      'five-aces-split': 'Los cinco ases se dividen: una pareja de ases ({{low}}) a la mano baja y tres ases en la mano alta.',
    },
    '2': {
      'quads-low-kept': 'El póker ({{rank}}, de doses a seises) queda junto en la mano alta; las dos mejores cartas restantes ({{low}}) van a la mano baja.',
      'quads-mid-kept': 'El póker ({{rank}}) queda junto porque un as o una pareja ({{low}}) puede jugarse en la mano baja.',
      'quads-mid-split': 'El póker ({{rank}}, de sietes a dieces) sin as ni pareja al lado se divide: una pareja en cada mano.',
      'quads-high-kept': 'El póker ({{rank}}) queda junto porque una pareja de dieces o mejor ({{low}}) puede jugarse en la mano baja.',
      'quads-high-split': 'El póker ({{rank}}, de jotas a reyes) sin una pareja de dieces o mejor al lado se divide: una pareja en cada mano.',
      'quad-aces-kept': 'El póker de ases queda junto porque una pareja de sietes o mejor ({{low}}) puede jugarse en la mano baja.',
      'quad-aces-split': 'El póker de ases sin una pareja de sietes o mejor al lado se divide: dos ases ({{low}}) van a la mano baja y los otros dos quedan en la mano alta.',
    },
    '3': {
      'as-pairs': 'Una escalera de color, pero la mano tiene {{pairs}}: se juega como parejas, no como escalera de color ({{low}} en la mano baja).',
      'straight-flush': 'La escalera de color queda en la mano alta, con la mejor mano baja que permite ({{low}}).',
      'straight-flush-freed': 'Se renuncia a la escalera de color por una escalera o un color para que la mano baja sea jota o mejor ({{low}}).',
      'royal-flush': 'La escalera real queda en la mano alta, con la mejor mano baja que permite ({{low}}).',
      'royal-flush-freed': 'Se renuncia a la escalera real por una escalera o un color para que la mano baja sea rey o mejor ({{low}}).',
    },
    '4': {
      'two-trips': twoTrips,
      'trips-two-pairs': tripsTwoPairs,
      'full-house-split': fullHouseSplit,
      'full-house-deuces-kept': 'Full con una pareja de doses y un as o un rey al lado: el full queda junto y {{low}} van a la mano baja.',
    },
    '5': {
      'as-pairs': 'Una escalera o un color, pero la mano tiene {{pairs}}: se juega como parejas, no como escalera o color ({{low}} en la mano baja).',
      'straight-or-flush': 'La escalera o el color queda en la mano alta, con la mano baja más alta que lo deja ahí ({{low}}).',
    },
    '6': {
      trips,
      'trip-aces-split': 'Los tres ases se dividen: una pareja de ases en la mano alta y el tercer as con la carta restante más alta ({{low}}) en la mano baja.',
    },
    '7': {
      'three-pairs': threePairs,
    },
    '8': {
      kept: 'Las dos parejas quedan juntas en la mano alta; las dos cartas restantes más altas ({{low}}) van a la mano baja.',
      'split-sevens-no-ace': 'Dos parejas, la más alta de sietes o mejor, y sin as al lado: se dividen, la pareja más baja ({{low}}) va a la mano baja.',
      'split-jacks-sixes-ace': 'Dos parejas, jotas o mejor con seises o mejor: se dividen incluso con un as al lado; la pareja más baja ({{low}}) va a la mano baja.',
      'split-aces': 'Dos parejas con ases: se dividen, la pareja más baja ({{low}}) va a la mano baja.',
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
      'split-high': 'Dos parejas, la más alta de jotas o mejor: se dividen, la pareja más baja ({{low}}) va a la mano baja.',
      'kept-ace': 'Dos parejas, la más alta de sietes a dieces, con un as para jugar delante: las dos parejas quedan en la mano alta y {{low}} van a la mano baja.',
      'split-mid': 'Dos parejas, la más alta de sietes a dieces, sin as para jugar delante: se dividen, la pareja más baja ({{low}}) va a la mano baja.',
      'kept-king-or-ace': 'Dos parejas, la más alta de seises o menos, con un rey o un as para jugar delante: las dos parejas quedan en la mano alta y {{low}} van a la mano baja.',
      'split-low': 'Dos parejas, la más alta de seises o menos, sin rey ni as para jugar delante: se dividen, la pareja más baja ({{low}}) va a la mano baja.',
    },
    '4': { 'three-pairs': threePairs },
    '5': {
      trips,
      'trip-aces': 'Tres ases: una pareja de ases queda en la mano alta; un as y la siguiente carta más alta ({{low}}) van a la mano baja.',
    },
    '6': { 'two-trips': twoTrips },
    '7': {
      'no-pair': 'La escalera o el color queda en la mano alta; las dos cartas más altas que lo dejan ahí ({{low}}) van a la mano baja.',
      'one-pair': 'Escalera o color con una pareja: la escalera o el color queda en la mano alta, con la mano baja más alta que lo deja ahí ({{low}}).',
      'one-pair-ace-front':
        'Escalera o color con un as y una pareja de dieces a reyes: el as va delante ({{low}}) y la pareja queda en la mano alta, una mano baja mejor que conservando la escalera o el color.',
      'as-pairs': 'Una escalera o un color con {{pairs}}: se juega como dos parejas ({{low}} en la mano baja).',
      'as-three-pairs': 'Una escalera o un color con {{pairs}}: se juega como tres parejas ({{low}} en la mano baja).',
      trips: 'Escalera o color con un trío: la escalera o el color queda en la mano alta y una pareja del trío ({{low}}) va a la mano baja.',
    },
    '8': {
      'full-house': fullHouseSplit,
      'trips-two-pairs': tripsTwoPairs,
    },
    '9': {
      'quads-high-split': 'El póker ({{rank}}, de jotas a ases) siempre se divide: una pareja en cada mano.',
      'quads-mid-kept': 'El póker ({{rank}}) queda junto porque un rey o mejor ({{low}}) puede jugarse en la mano baja.',
      'quads-mid-split': 'El póker ({{rank}}, de sietes a dieces) sin rey ni as para jugar delante se divide: una pareja en cada mano.',
      'quads-low-kept': 'El póker ({{rank}}, seises o menos) nunca se divide; las dos cartas restantes más altas ({{low}}) van a la mano baja.',
      'quads-pair-front': 'Póker ({{rank}}) con una pareja al lado: el póker queda junto y la pareja ({{low}}) va a la mano baja.',
    },
    '10': {
      'five-aces-split': 'Cinco ases: una pareja de ases ({{low}}) en la mano baja y tres ases en la mano alta.',
      'five-aces-kings': 'Cinco ases con una pareja de reyes: los cinco ases quedan juntos y los reyes ({{low}}) van a la mano baja.',
    },
  },
  houseWayParams: {
    twoPairs: 'dos parejas ({{first}} y {{second}})',
    threePairs: 'tres parejas ({{first}}, {{second}}, {{third}})',
  },
  rankPlural: {
    '2': 'doses', '3': 'treses', '4': 'cuatros', '5': 'cincos', '6': 'seises', '7': 'sietes', '8': 'ochos',
    '9': 'nueves', T: 'dieces', J: 'jotas', Q: 'reinas', K: 'reyes', A: 'ases',
  },
  fortuneLine: {
    seven_card_straight_flush_natural: 'Escalera de color de 7 cartas',
    royal_flush_plus_royal_match: 'Escalera real con rey y reina del mismo palo',
    seven_card_straight_flush_with_joker: 'Escalera de color de 7 cartas con comodín',
    five_aces: 'Cinco ases',
    royal_flush: 'Escalera real',
    straight_flush: 'Escalera de color',
    four_of_a_kind: 'Póker',
    full_house: 'Full',
    flush: 'Color',
    three_of_a_kind: 'Trío',
    straight: 'Escalera',
  },
};
