/**
 * The French shared catalog, in standard French casino terms (main haute / main basse, carré, brelan,
 * quinte…; glossary.md: seed `001` is a machine translation and is not followed). Rank names stand in
 * parentheses, so no article has to agree or elide (« d'as »).
 */
import type { SharedCatalog } from './en.js';

const noPair = 'Sans paire\u00a0: la carte la plus haute reste dans la main haute\u00a0; les deux suivantes ({{low}}) vont dans la main basse.';
const onePair = 'La paire reste dans la main haute\u00a0; les deux plus hautes autres cartes ({{low}}) vont dans la main basse.';
const threePairs = 'Trois paires\u00a0: la paire la plus haute ({{rank}}) va dans la main basse.';
const trips = 'Le brelan ({{rank}}) reste dans la main haute\u00a0; les deux plus hautes autres cartes ({{low}}) vont dans la main basse.';
const twoTrips = 'Deux brelans\u00a0: le plus haut ({{rank}}) est séparé et sa paire va dans la main basse.';
const tripsTwoPairs = 'Brelan et deux paires\u00a0: la paire la plus haute ({{rank}}) va dans la main basse, le full reste dans la main haute.';
const fullHouseSplit = 'Full séparé\u00a0: la paire ({{rank}}) va dans la main basse et le brelan reste dans la main haute.';

/** French: hand names, house-way explanations, Fortune lines. */
export const fr: SharedCatalog = {
  category: {
    high_card: 'Carte haute',
    one_pair: 'Paire',
    two_pair: 'Deux paires',
    three_of_a_kind: 'Brelan',
    straight: 'Quinte',
    flush: 'Couleur',
    full_house: 'Full',
    four_of_a_kind: 'Carré',
    straight_flush: 'Quinte flush',
    royal_flush: 'Quinte flush royale',
    five_aces: 'Cinq as',
  },
  handDescription: {
    five_aces: 'Cinq as',
    royal_flush: 'Quinte flush royale (A-K-Q-J-T)',
    straight_flush: 'Quinte flush ({{ranks}})',
    four_of_a_kind: 'Carré ({{rank}}), kicker {{kickers}}',
    full_house: 'Full aux {{rank}} par les {{second}}',
    flush: 'Couleur ({{ranks}})',
    straight: 'Quinte ({{ranks}})',
    three_of_a_kind: 'Brelan ({{rank}}), kickers {{kickers}}',
    two_pair: 'Deux paires ({{rank}} et {{second}}), kicker {{kickers}}',
    one_pair: 'Paire ({{rank}}), kickers {{kickers}}',
    one_pair_alone: 'Paire ({{rank}})',
    high_card: 'Carte haute ({{ranks}})',
  },
  fortuneExact: {
    line: 'combinaison',
    pays: 'paie',
    hands: 'mains',
    probability: 'probabilité',
    return: 'retour',
    paysTo: '{{pays}} contre 1',
    noLine: 'Aucune combinaison (perd)',
    total: 'Total',
    houseEdge: 'Avantage de la maison\u00a0: {{percent}}\u00a0% ({{numerator}} / {{denominator}})',
  },
  fortuneText: {
    pays: '{{cards}}\u00a0: {{line}}, paie {{pays}} contre 1',
    none: '{{cards}}\u00a0: aucune combinaison, la mise Fortune perd',
    alsoHolds: '{{text}} (contient aussi\u00a0: {{lines, list}})',
  },
  columns: {
    highHand: 'main haute',
    lowHand: 'main basse',
    rule: 'règle',
    cards: 'cartes',
    category: 'combinaison',
    value: 'valeur',
    description: 'description',
  },
  houseWay: {
    '1': {
      'five-aces-kings': 'Cinq as avec une paire de rois\u00a0: les cinq as restent ensemble dans la main haute et les rois ({{low}}) vont dans la main basse.',
      'five-aces-split': 'Cinq as séparés\u00a0: une paire d’as ({{low}}) dans la main basse et trois as dans la main haute.',
    },
    '2': {
      'quads-low-kept': 'Le carré ({{rank}}, des deux aux six) reste entier dans la main haute\u00a0; les deux meilleures autres cartes ({{low}}) vont dans la main basse.',
      'quads-mid-kept': 'Le carré ({{rank}}) reste entier, car un as ou une paire ({{low}}) peut être joué dans la main basse.',
      'quads-mid-split': 'Le carré ({{rank}}, des sept aux dix), sans as ni paire à côté, est séparé\u00a0: une paire dans chaque main.',
      'quads-high-kept': 'Le carré ({{rank}}) reste entier, car une paire de dix ou mieux ({{low}}) peut être jouée dans la main basse.',
      'quads-high-split': 'Le carré ({{rank}}, des valets aux rois), sans paire de dix ou mieux à côté, est séparé\u00a0: une paire dans chaque main.',
      'quad-aces-kept': 'Le carré d’as reste entier, car une paire de sept ou mieux ({{low}}) peut être jouée dans la main basse.',
      'quad-aces-split': 'Le carré d’as, sans paire de sept ou mieux à côté, est séparé\u00a0: deux as ({{low}}) vont dans la main basse, les deux autres restent dans la main haute.',
    },
    '3': {
      'as-pairs': 'Une quinte flush, mais la main contient {{pairs}}\u00a0: elle est jouée en paires, pas en quinte flush ({{low}} dans la main basse).',
      'straight-flush': 'La quinte flush reste dans la main haute, avec la meilleure main basse qu’elle permet ({{low}}).',
      'straight-flush-freed': 'On renonce à la quinte flush pour une quinte ou une couleur, afin que la main basse soit valet ou mieux ({{low}}).',
      'royal-flush': 'La quinte flush royale reste dans la main haute, avec la meilleure main basse qu’elle permet ({{low}}).',
      'royal-flush-freed': 'On renonce à la quinte flush royale pour une quinte ou une couleur, afin que la main basse soit roi ou mieux ({{low}}).',
    },
    '4': {
      'two-trips': twoTrips,
      'trips-two-pairs': tripsTwoPairs,
      'full-house-split': fullHouseSplit,
      'full-house-deuces-kept': 'Full avec une paire de deux et un as ou un roi à côté\u00a0: le full reste entier et {{low}} vont dans la main basse.',
    },
    '5': {
      'as-pairs': 'Une quinte ou une couleur, mais la main contient {{pairs}}\u00a0: elle est jouée en paires, pas en quinte ou couleur ({{low}} dans la main basse).',
      'straight-or-flush': 'La quinte ou la couleur reste dans la main haute, avec la plus haute main basse qui l’y laisse ({{low}}).',
    },
    '6': {
      trips,
      'trip-aces-split': 'Brelan d’as séparé\u00a0: une paire d’as dans la main haute, le troisième as avec la plus haute autre carte ({{low}}) dans la main basse.',
    },
    '7': {
      'three-pairs': threePairs,
    },
    '8': {
      kept: 'Les deux paires restent ensemble dans la main haute\u00a0; les deux plus hautes autres cartes ({{low}}) vont dans la main basse.',
      'split-sevens-no-ace': 'Deux paires, la plus haute de sept ou mieux, sans as à côté\u00a0: on sépare, la paire la plus basse ({{low}}) va dans la main basse.',
      'split-jacks-sixes-ace': 'Deux paires, valets ou mieux avec six ou mieux\u00a0: on sépare même avec un as à côté\u00a0; la paire la plus basse ({{low}}) va dans la main basse.',
      'split-aces': 'Deux paires dont une d’as\u00a0: on sépare, la paire la plus basse ({{low}}) va dans la main basse.',
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
      'split-high': 'Deux paires, la plus haute de valets ou mieux\u00a0: on sépare, la paire la plus basse ({{low}}) va dans la main basse.',
      'kept-ace': 'Deux paires, la plus haute des sept aux dix, avec un as à jouer devant\u00a0: les deux paires restent dans la main haute et {{low}} vont dans la main basse.',
      'split-mid': 'Deux paires, la plus haute des sept aux dix, sans as à jouer devant\u00a0: on sépare, la paire la plus basse ({{low}}) va dans la main basse.',
      'kept-king-or-ace': 'Deux paires, la plus haute de six ou moins, avec un roi ou un as à jouer devant\u00a0: les deux paires restent dans la main haute et {{low}} vont dans la main basse.',
      'split-low': 'Deux paires, la plus haute de six ou moins, sans roi ni as à jouer devant\u00a0: on sépare, la paire la plus basse ({{low}}) va dans la main basse.',
    },
    '4': { 'three-pairs': threePairs },
    '5': {
      trips,
      'trip-aces': 'Brelan d’as\u00a0: une paire d’as reste dans la main haute\u00a0; un as et la carte suivante la plus haute ({{low}}) vont dans la main basse.',
    },
    '6': { 'two-trips': twoTrips },
    '7': {
      'no-pair': 'La quinte ou la couleur reste dans la main haute, avec dans la main basse les deux plus hautes cartes qui l’y laissent ({{low}}).',
      'one-pair': 'Quinte ou couleur avec une paire\u00a0: la quinte ou la couleur reste dans la main haute, avec la plus haute main basse qui l’y laisse ({{low}}).',
      'one-pair-ace-front':
        'Quinte ou couleur avec un as et une paire de dix à rois\u00a0: l’as va devant ({{low}}) et la paire reste dans la main haute, une meilleure main basse qu’en gardant la quinte ou la couleur.',
      'as-pairs': 'Une quinte ou une couleur avec {{pairs}}\u00a0: elle est jouée en deux paires ({{low}} dans la main basse).',
      'as-three-pairs': 'Une quinte ou une couleur avec {{pairs}}\u00a0: elle est jouée en trois paires ({{low}} dans la main basse).',
      trips: 'Quinte ou couleur avec un brelan\u00a0: la quinte ou la couleur reste dans la main haute et une paire du brelan ({{low}}) va dans la main basse.',
    },
    '8': {
      'full-house': fullHouseSplit,
      'trips-two-pairs': tripsTwoPairs,
    },
    '9': {
      'quads-high-split': 'Le carré ({{rank}}, des valets aux as) est toujours séparé\u00a0: une paire dans chaque main.',
      'quads-mid-kept': 'Le carré ({{rank}}) reste entier, car un roi ou mieux ({{low}}) peut être joué dans la main basse.',
      'quads-mid-split': 'Le carré ({{rank}}, des sept aux dix), sans roi ni as à jouer devant, est séparé\u00a0: une paire dans chaque main.',
      'quads-low-kept': 'Le carré ({{rank}}, six ou moins) n’est jamais séparé\u00a0; les deux plus hautes autres cartes ({{low}}) vont dans la main basse.',
      'quads-pair-front': 'Carré ({{rank}}) avec une paire à côté\u00a0: le carré reste entier et la paire ({{low}}) va dans la main basse.',
    },
    '10': {
      'five-aces-split': 'Cinq as\u00a0: une paire d’as ({{low}}) dans la main basse et trois as dans la main haute.',
      'five-aces-kings': 'Cinq as avec une paire de rois\u00a0: les cinq as restent ensemble et les rois ({{low}}) vont dans la main basse.',
    },
  },
  houseWayParams: {
    twoPairs: 'deux paires ({{first}} et {{second}})',
    threePairs: 'trois paires ({{first}}, {{second}}, {{third}})',
  },
  rankPlural: {
    '2': 'deux', '3': 'trois', '4': 'quatre', '5': 'cinq', '6': 'six', '7': 'sept', '8': 'huit',
    '9': 'neuf', T: 'dix', J: 'valets', Q: 'dames', K: 'rois', A: 'as',
  },
  fortuneLine: {
    seven_card_straight_flush_natural: 'Quinte flush de 7 cartes',
    royal_flush_plus_royal_match: 'Quinte flush royale et roi-dame assortis',
    seven_card_straight_flush_with_joker: 'Quinte flush de 7 cartes avec joker',
    five_aces: 'Cinq as',
    royal_flush: 'Quinte flush royale',
    straight_flush: 'Quinte flush',
    four_of_a_kind: 'Carré',
    full_house: 'Full',
    flush: 'Couleur',
    three_of_a_kind: 'Brelan',
    straight: 'Quinte',
  },
};
