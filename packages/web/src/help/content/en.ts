/**
 * The help panel's English text (issue 14 point 3), written from rules.md and house-way.md /
 * house-way-foxwoods.md; the shape every other language's help catalog follows (`HelpCatalog`).
 * Figures arrive already formatted by `Intl` (money, percentages, seconds) through i18next's
 * `{{name}}` interpolation; plural keys use i18next's `_one` / `_other` suffixes.
 */
import type { Translation } from '../../app/i18n/translation.js';

/** The English help catalog. */
export const en = {
  ui: {
    title: 'Help',
    close: 'Close help',
    contents: 'Contents',
    thisTable: 'The figures below are those of {{table}}.',
    usualTable: 'The figures below are the usual ones; open help at a table to see its own.',
    example: 'Example',
  },
  sections: {
    hands: 'Hands and the joker',
    low: 'The low hand',
    foul: 'Fouls',
    settlement: 'Copies and settlement',
    commission: 'Commission',
    houseWay: 'House Way',
    fortune: 'Fortune bonus',
    banking: 'Being the banker',
    timers: 'Timers and interruptions',
  },
  hands: {
    intro: 'You get seven cards and set them into a high hand of five cards and a low hand of two. Both must beat the banker’s hands of the same size. High hands rank like poker hands, highest first:',
    straights: 'A-K-Q-J-10 is the highest straight and A-2-3-4-5 the second highest. Suits never break a tie.',
    joker: 'The joker counts as an ace, or completes a straight, a flush or a straight flush, whichever makes the hand higher. In a flush it is the highest card the flush lacks; in the low hand it is always an ace.',
    jokerStraight: 'The joker with 2-3-4-5 makes A-2-3-4-5:',
    jokerAces: 'The joker with four aces makes five aces:',
  },
  low: {
    rank: 'The low hand has two cards. A pair beats any two unpaired cards; pairs compare by rank, unpaired hands by the higher card, then the lower. There are no straights or flushes in the low hand.',
    best: 'The best low hand is a pair of aces:',
    worst: 'The worst is 3-2:',
  },
  foul: {
    rule: 'The low hand must not outrank the high hand. A setting where it does is a foul, and a fouled hand loses both hands.',
    table: 'At this table a foul is never played: Split stays disabled and says why, and you set the hand again. Nothing is lost.',
    example: 'Foul: a pair of fives in the low hand over a high hand without a pair.',
  },
  settlement: {
    compare: 'Each of your hands is compared with the banker’s hand of the same size; the higher hand wins. Two equal hands are a copy, and a copy goes to the banker.',
    bothWin: 'Both hands win: you win the bet.',
    oneWins: 'One hand wins, the other loses or is a copy: push, the bet comes back.',
    bothLose: 'Both hands lose or are copies: you lose the bet.',
    limits: 'Bets at this table are from {{min}} to {{max}}.',
  },
  commission: {
    house: 'When the house banks, a winning bet is paid even money less a commission of {{rate}}: a bet of {{stake}} that wins pays {{net}}.',
    player: 'When a player banks, players pay no commission; instead the banker pays a fee of {{rate}} of the total wagered against it at the end of every round, whatever the result: {{stake}} wagered costs the banker {{fee}}.',
    rounding: 'Commission and fees are rounded half up to the cent.',
  },
  houseWay: {
    intro: 'House Way sets your hand the way the house sets the banker’s. This table plays the {{name}}. The first rule that fits your seven cards applies:',
    seeds: {
      r1: 'Five aces: keep them together with a pair of kings in the low hand; otherwise a pair of aces goes in the low hand.',
      r2: 'Four of a kind: deuces to sixes stay together; sevens to tens stay together when an ace or a pair can go in the low hand, else they are split; jacks to kings stay together beside a pair of tens or better; four aces beside a pair of sevens or better.',
      r3: 'Straight flush or royal flush: first, rule 5’s two-pair exceptions apply as they do there. Otherwise it is kept in the high hand with the best low hand, unless playing a plain straight or flush frees a jack or better (a king or better beside a royal flush) for the low hand.',
      r4: 'Full house: with two three-of-a-kinds the higher one’s pair goes in the low hand; with three of a kind and two pairs, the higher pair; three of a kind with a pair is split (the pair in the low hand), unless the pair is deuces and an ace or a king can go in the low hand.',
      r5: 'Flush or straight: kept in the high hand with the highest low hand possible (ties go to the higher high hand). Exception: with two or three pairs and no three of a kind, the hand is played as pairs (rule 8, or rule 7 with three pairs) when it holds an ace singleton (an unpaired joker is one), or a pair of jacks or better and a pair of sixes or better, or a pair of aces and any other pair.',
      r6: 'Three of a kind: in the high hand, with the two highest other cards in the low hand; three aces are split, one ace going in the low hand.',
      r7: 'Three pairs: the highest pair goes in the low hand.',
      r8: 'Two pairs: split (the lower pair in the low hand) when the higher pair is sevens or better without an ace, jacks or better with sixes or better and an ace, or when one pair is aces; otherwise both pairs stay in the high hand.',
      r9: 'One pair: the pair in the high hand, the next two highest cards in the low hand.',
      r10: 'No pair: the highest card in the high hand, the next two in the low hand.',
    },
    foxwoods: {
      r1: 'No pair: the highest card in the high hand, the next two in the low hand.',
      r2: 'One pair: the pair in the high hand, the two highest others in the low hand.',
      r3: 'Two pairs: split when the higher pair is jacks or better; sevens to tens are kept with an ace singleton, threes to sixes with a king or an ace; otherwise split.',
      r4: 'Three pairs: the highest pair goes in the low hand.',
      r5: 'Three of a kind: in the high hand, the two highest others in the low hand; with three aces, one ace and the next highest card go in the low hand.',
      r6: 'Two three-of-a-kinds: a pair of the higher goes in the low hand.',
      r7: 'Straight, flush or straight flush: the best low hand that still leaves a complete hand in the high hand; with two or three pairs the pairs are played instead; with three of a kind, a pair from it goes in the low hand. Exception: with one pair of tens to kings and an ace singleton, the ace and the highest other singleton go in the low hand and the pair stays in the high hand, when that low hand is higher.',
      r8: 'Full house: the (higher) pair goes in the low hand.',
      r9: 'Four of a kind: jacks to aces are split; sevens to tens stay together with a king or an ace beside them; deuces to sixes stay together; with a pair or a three of a kind beside them, they stay together and that pair (a pair of the three) goes in the low hand.',
      r10: 'Five aces: a pair of aces goes in the low hand, or the kings with a pair of kings.',
    },
    banker: 'The banker’s hand is always set by the house way. After the reveal the table tells you which rule set each hand.',
  },
  fortune: {
    intro: 'The Fortune bonus is a side bet on the best hand your seven cards hold, however you set them. It pays “to 1”; anything below a straight loses it. When a hand fits several lines it is paid on the line that pays most.',
    limits: 'Fortune bets here are from {{min}} to {{max}}.',
    none: 'This table offers no Fortune bet.',
    pays: '{{pays}} to 1',
    royalMatch: 'A royal match is a suited king and queen beside a royal flush.',
    envy: 'Envy bonus: with a Fortune bet of at least {{min}}, you are paid a fixed amount for every other player’s hand of four of a kind or better:',
    envyOff: 'The envy bonus is off at this table.',
    house: 'The Fortune bet and the envy bonus are always against the house, even when a player banks: the banker neither pays nor collects them.',
  },
  banking: {
    intro: 'At a table where players may bank, you can take the bank instead of playing against the house. The banker approves each round (or turns on auto-approve) and plays against every player.',
    needs: 'Banking needs {{points}} comp points and a balance of {{balance}} (the table maximum plus the banker’s fee).',
    needsUsual: 'Banking needs {{points}} comp points and a balance of the table maximum plus the banker’s fee of {{rate}}.',
    noBank: 'At this table the house always banks.',
    points: 'You earn one comp point per whole unit you wager as a player; as the banker you lose one comp point per whole unit wagered against you.',
    cost: 'For example, {{stake}} wagered against you costs {{points, number}} comp points.',
  },
  timers: {
    decision_one: 'After the deal you have {{count}} second to set your hand; then the house way sets it and you leave the table.',
    decision_other: 'After the deal you have {{count}} seconds to set your hand; then the house way sets it and you leave the table.',
    bet_one: 'A bet not dealt within {{count}} second of its first chip, or of the Deal of a player already waiting if that comes first, is returned.',
    bet_other: 'A bet not dealt within {{count}} seconds of its first chip, or of the Deal of a player already waiting if that comes first, is returned.',
    window_one: 'After a player presses Deal, betting stays open at least {{count}} second for every seated player without a bet: the round does not deal before then unless everyone has bet and pressed Deal. A player who sits down meanwhile gets as long from its arrival.',
    window_other: 'After a player presses Deal, betting stays open at least {{count}} seconds for every seated player without a bet: the round does not deal before then unless everyone has bet and pressed Deal. A player who sits down meanwhile gets as long from its arrival.',
    approval_one: 'The banker has {{count}} second to approve a round, or leaves the bank.',
    approval_other: 'The banker has {{count}} seconds to approve a round, or leaves the bank.',
    interruption: 'If your connection drops after you bet but before the deal, the bet comes back to your balance. If it drops after the deal, the round goes on as if you had pressed House Way. Rounds you missed are in your history and in “While you were away”.',
    grace_one: 'A connection lost for less than {{count}} second (a reload, a short blip) is not an interruption: come back within it and you find your cards and bet as you left them.',
    grace_other: 'A connection lost for less than {{count}} seconds (a reload, a short blip) is not an interruption: come back within it and you find your cards and bet as you left them.',
    hold_one: 'Your seat is held for {{count}} second after a disconnection.',
    hold_other: 'Your seat is held for {{count}} seconds after a disconnection.',
    idle_one: 'If you play no round at this table for {{count}} second, you lose your seat, and you may sit here again only as long after leaving it. Standing up and sitting down again does not restart that clock; placing or clearing bets is not playing.',
    idle_other: 'If you play no round at this table for {{count}} seconds, you lose your seat, and you may sit here again only as long after leaving it. Standing up and sitting down again does not restart that clock; placing or clearing bets is not playing.',
  },
};

/**
 * The shape of every language's help catalog: the English one's with every string free (a missing key
 * does not compile), plus the plural forms a language needs beyond `_one` / `_other` (Russian `_few`, `_many`).
 */
export type HelpCatalog = Translation<typeof en>;
