/**
 * The English catalog: every string a player reads. Other languages (the seeds' ru, fr, de, es) are
 * added as sibling files with the same shape (`Catalog`) and registered in `./index.ts`.
 *
 * Sections: `errors` is keyed by `ErrorCode` (engine/src/errors), `category` by the hand category
 * keys (engine/src/evaluate/value.ts, `CATEGORIES`), `houseWay` by the house way's explanation keys
 * (engine/src/house-way; a missing key falls back to the explanation's English text).
 * Interpolation uses i18next's `{{name}}`; money arrives already formatted.
 */
import type { Category, ErrorCode } from '@paigow/engine';

/**
 * Messages by error code. Every `ErrorCode` must be here (checked below at compile time and by
 * catalog.test.ts); codes the server documents in protocol.md but the engine's list does not hold yet
 * are here too, so a new code shows a proper message as soon as the server sends it.
 */
const errors = {
  'card/malformed': 'That is not a card.',
  'card/duplicate': 'The same card appears twice.',
  'card/second-joker': 'The deck holds only one joker.',
  'card/wrong-count': 'Wrong number of cards.',
  'setting/foul': 'Foul: the low hand must not outrank the high hand.',
  'setting/not-your-cards': 'Those are not your cards.',
  'setting/wrong-split': 'Set five cards in the high hand and two in the low hand.',
  'bet/over-limit': 'That bet is above the table maximum.',
  'bet/under-limit': 'That bet is below the table minimum.',
  'bet/invalid-amount': 'That is not a valid bet amount.',
  'bet/closed': 'Bets are closed for this round.',
  'bet/none': 'Place a bet first.',
  'action/not-your-turn': 'It is not your turn.',
  'action/stale': 'The table has moved on; try again.',
  'action/duplicate': 'That action was already received.',
  'action/unknown': 'The table does not know that action.',
  'action/invalid': 'That action is not possible right now.',
  'action/not-seated': 'Take a seat first.',
  'action/table-full': 'This table is full.',
  'bank/not-eligible': 'To bank you need 50 comp points and a balance of the table maximum plus 1.5%.',
  'bank/occupied': 'Someone else is already the banker.',
  'auth/invalid-nickname': 'A nickname has 1 to 20 letters, digits, spaces, _ or -.',
  'auth/invalid-session': 'Your session has expired. Please sign in again.',
  'ledger/insufficient-funds': 'Your balance is too low for that.',
  'ledger/unknown-account': 'Unknown account.',
  'ledger/not-broke': 'Top-ups are only for empty balances.',
  'config/invalid': 'The table is misconfigured.',
  'action/out-of-phase': 'That is not possible at this point of the round.',
  'action/seat-taken': 'That seat is taken.',
  'action/unavailable': 'That is not available right now.',
  'bet/banker-cannot-cover': 'The banker cannot cover that bet.',
};
type MissingErrorCode = Exclude<ErrorCode, keyof typeof errors>;
/** Fails to compile when an `ErrorCode` has no English message. */
export const ALL_ERROR_CODES_HAVE_MESSAGES: [MissingErrorCode] extends [never] ? true : MissingErrorCode = true;

const category: Record<Category, string> = {
  high_card: 'High card',
  one_pair: 'One pair',
  two_pair: 'Two pair',
  three_of_a_kind: 'Three of a kind',
  straight: 'Straight',
  flush: 'Flush',
  full_house: 'Full house',
  four_of_a_kind: 'Four of a kind',
  straight_flush: 'Straight flush',
  royal_flush: 'Royal flush',
  five_aces: 'Five aces',
};

export const en = {
  app: {
    title: 'Pai Gow Poker',
    tagline: 'Seven cards. Two hands. Beat the banker with both.',
    playMoney: 'Play money',
    language: 'Language',
    signOut: 'Sign out',
    loading: 'Loading…',
    connecting: 'Connecting to the table…',
    reconnecting: 'Connection lost, reconnecting…',
  },
  signIn: {
    title: 'Take a seat',
    nickname: 'Nickname',
    placeholder: 'e.g. Lucky Lou',
    join: 'Join as guest',
    joining: 'Joining…',
    note: 'Guests play with play money. Your session is kept in this browser.',
  },
  lobby: {
    title: 'Tables',
    limits: 'Bet {{min}} – {{max}}',
    players_one: '{{count}} seated',
    players_other: '{{count}} seated',
    seats_one: '{{count}} seat',
    seats_other: '{{count}} seats',
    houseBanks: 'The house banks',
    playerBanks: 'Players may bank',
    fortune: 'Fortune bonus',
    envy: 'Envy bonus',
    sit: 'Sit down',
    empty: 'No tables are open right now.',
    refresh: 'Refresh',
  },
  table: {
    leave: 'Lobby',
    you: 'You',
    opponent: 'Opponent',
    theHouse: 'The house',
    noOpponent: '—',
    lastRound: 'Last round',
    compPoints: 'Comp points',
    balance: 'Balance',
    topUp: 'Top up',
    limits: 'Limits {{min}} – {{max}}',
    commission: '{{rate}} commission on wins',
    bankerFee: 'Banker pays {{rate}} of bets',
    bet: 'Bet',
    fortune: 'Fortune',
    betEmpty: 'Click chips to bet',
    fortuneEmpty: 'Fortune bonus',
    removeChip: 'Click to remove the last chip',
    addFortune: 'Click to add the selected chip',
    deal: 'Deal',
    split: 'Split',
    houseWay: 'House Way',
    rebet: 'Rebet',
    hint: 'Hint',
    hintTitle: 'The best setting of your cards and its expected value, beside the house way',
    fortuneLimits: 'Fortune {{min}} – {{max}}',
    envyOn: 'Envy bonus on',
    clear: 'Clear',
    highHand: 'High hand (5)',
    lowHand: 'Low hand (2)',
    bankerHigh: 'Banker high',
    bankerLow: 'Banker low',
    banker: 'Banker',
    bankerCards: "Banker's cards",
    yourCards: 'Your cards',
    clickToMove: 'Click a card to move it between the hands',
    seat: 'Seat {{n}}',
    emptySeat: 'Open seat',
    takeBank: 'Be the banker',
    leaveBank: 'Stop banking',
    approve: 'Approve round',
    autoApprove: 'Auto-approve',
    timer: 'Time left',
    secondsLeft: '{{seconds}} s',
    houseWayRule: 'House way: {{text}}',
    bankerHouseWay: 'Banker (house way): {{text}}',
    players: 'Players',
    betsAgainst: 'Bets against you',
  },
  phase: {
    betting: 'Place your bet, then Deal.',
    dealing: 'Dealing…',
    spectator: 'Pick a seat to play.',
    waitingDeal: 'Ready. Waiting for the other players to deal…',
    awaitingApproval: 'Waiting for the banker to approve the round…',
    approve: 'Approve the next round so players can bet.',
    setting: 'Set your hand: two cards to the low hand, then Split — or use House Way.',
    waitingOthers: 'Waiting for the other players to set…',
    settled: 'Round over. Rebet or build a new bet.',
    banking: 'You are the banker: your hand is set by the house way.',
    noPlayers: 'Waiting for players…',
  },
  card: {
    joker: 'Joker',
    hidden: 'Face-down card',
  },
  role: {
    player: 'Player',
    banker: 'Banker',
  },
  mark: {
    win: 'Win',
    lose: 'Lose',
    copy: 'Copy',
  },
  result: {
    win: 'You win {{amount}}',
    push: 'Push — your bet comes back',
    lose: 'You lose {{amount}}',
    foul: 'Foul — you lose {{amount}}',
    fortune: 'Fortune: {{line}} pays {{amount}}',
    fortuneLose: 'Fortune bet lost',
    envy: 'Envy bonus {{amount}} ({{hands}})',
    envyHand: '{{nickname}}: {{line}}',
    commission: 'Commission {{amount}}',
    bankerFee: 'Banker fee {{amount}}',
    net: 'Net {{amount}}',
  },
  hint: {
    title: 'Hint',
    computing: 'Working out the best setting…',
    best: 'Best setting',
    houseWay: 'House way',
    ev: 'EV {{ev}} ± {{margin}}',
    evTitle: 'Expected result per unit bet against the banker, commission included (95% interval)',
    odds: 'Win {{win}} · Push {{push}} · Lose {{lose}}',
    same: 'The house way is the best setting here.',
    samples: 'Estimated over {{count}} banker hands.',
    use: 'Use this setting',
    close: 'Close',
  },
  fortune: {
    title: 'Fortune bonus',
    limits: 'Fortune bet {{min}} – {{max}}',
    note: 'Paid on the best hand of your seven cards, whatever your setting; a win returns your bet.',
    line: 'Hand',
    pays: 'Pays',
    toOne: '{{pays}} to 1',
    envyTitle: 'Envy bonus',
    envyNote: 'With a Fortune bet of {{min}} or more, you are paid for every OTHER player’s hand of:',
    envyPays: '{{amount}}',
  },
  splitReason: {
    lowCount: 'Move exactly two cards to the low hand ({{count}} there now).',
  },
  history: {
    title: 'History',
    empty: 'No rounds yet.',
    round: 'Round',
    you: 'You',
    banker: 'Banker',
    result: 'Result',
    net: 'Net',
    bet: 'Bet {{amount}}',
    fortune: 'Fortune: {{line}} {{amount}}',
    fortuneLose: 'Fortune: no line {{amount}}',
    envy: 'Envy bonus: {{amount}} ({{hands}})',
    refunded: 'Bet returned',
    outcome: {
      win: 'Win',
      push: 'Push',
      lose: 'Loss',
    },
  },
  errors: {
    ...errors,
    network: 'Cannot reach the server. Check your connection.',
    unknown: 'Something went wrong ({{code}}).',
  },
  category,
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
      'quad-aces-split': 'Four aces without a pair of sevens or better beside them: split, a pair of aces in each hand.',
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

/** The shape every language catalog has. */
export type Catalog = typeof en;
