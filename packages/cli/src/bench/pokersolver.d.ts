// Types for the parts of `pokersolver` (a CommonJS package without types) that the benchmark uses.
declare module 'pokersolver' {
  /** A rule set, e.g. `new Game('paigowpokerhi')` (Pai Gow high hand: wheel second, joker `Or`). */
  export class Game {
    constructor(name: string);
  }
  /** A solved hand: the best hand of up to seven cards under a game's rules. */
  export class Hand {
    static solve(cards: string[], game?: string | Game, canDisqualify?: boolean): Hand;
    static winners(hands: Hand[]): Hand[];
    readonly name: string;
    readonly descr: string;
    readonly rank: number;
    readonly cards: unknown[];
  }
  /** Sets seven cards by pokersolver's own house way (`solve`), exposing the two hands. */
  export class PaiGowPokerHelper {
    static solve(cards: string[]): PaiGowPokerHelper;
    readonly hiHand: Hand;
    readonly loHand: Hand;
  }
  const pokersolver: { Hand: typeof Hand; Game: typeof Game; PaiGowPokerHelper: typeof PaiGowPokerHelper };
  export default pokersolver;
}
