/**
 * The per-seat table view: what one client may know about a table (architecture.md "Secret
 * information stays on the server"). Built only by `viewFor` (`project.ts`), an allow-list
 * projection of the engine's `TableState`. This type has no deck field and no field for another
 * seat's hidden cards; `viewFor` copies every field by name, and tests check that a view holds no
 * card the viewer may not see (`project.test.ts`, the engine's `properties.test.ts`).
 *
 * Visibility (rules.md §5):
 * - the viewer's own seven cards: in `you.cards`, from the deal on (`null` before);
 * - other players' cards and the banker's cards: only in `lastRound`, i.e. after the reveal;
 * - during a round, other seats show only `cardCount` and `hasSet`.
 *
 * Cards are canonical card text (`'As'`, `'Td'`, `'Jk'`, rules.md §1). Money is integer cents;
 * times are epoch milliseconds (server clock; `serverNowMs` lets a client correct for skew).
 */

import type { Bets, EnvyLine, FortuneLine, HandResult, HouseWayId, SetBy, SpotLimits, TablePhase, WagerOutcome } from '@paigow/engine';

/** Canonical card text, e.g. `'As'`, `'Td'`, `'Jk'`. */
export type CardText = string;

/** Version of this protocol; bumped on an incompatible change (see docs/protocol.md). */
export const PROTOCOL_VERSION = 1;

/** What the viewer is at this table. */
export type Role = 'player' | 'banker' | 'spectator';

/** The table's settings as shown to clients. */
export interface TableConfigView {
  readonly tableId: string;
  readonly name: string;
  /** Number of seats (at most 6). */
  readonly seats: number;
  /** Limits per spot; `fortune` is `null` when the table offers no Fortune bet. */
  readonly limits: { readonly main: SpotLimits; readonly fortune: SpotLimits | null };
  /**
   * Every bet (either spot) is a multiple of this many cents, the table's smallest chip (rules.md §5:
   * chips of 1, 5, 25, 100 units; 100 = whole units); other amounts are refused with `bet/invalid-amount`.
   */
  readonly betUnitCents: number;
  /** Commission on a player's win when the house banks (500 = 5%, rules.md §3.1). */
  readonly commissionBps: number;
  /** The banking player's fee on the total wagered against it (150 = 1.5%, rules.md §3.1). */
  readonly bankerFeeBps: number;
  /** Whether a player may take the bank at this table (rules.md §5). */
  readonly playerBanking: boolean;
  /** Comp points needed to take the bank (50). */
  readonly bankMinCompPoints: number;
  /** Balance needed to take the bank: the main maximum plus `bankerFeeBps` of it, in cents. */
  readonly bankMinBalanceCents: number;
  /**
   * The Fortune pay table, "to 1" per line (rules.md §4: a winning Fortune bet is returned plus
   * `pays × stake`), keyed by the Fortune line keys highest first; `null` when the table offers no Fortune bet.
   */
  readonly fortunePayTable: Readonly<Record<FortuneLine, number>> | null;
  /**
   * The envy bonus when the table has it on (rules.md §4), else `null`: a Fortune bet of at least
   * `minFortuneBetCents` earns `amountsCents[line]` (cents) for every other player's hand holding that
   * line (four of a kind or better), never for its own hand or the banker's.
   */
  readonly envyBonus: { readonly minFortuneBetCents: number; readonly amountsCents: Readonly<Record<EnvyLine, number>> } | null;
  /**
   * The table's house way (issue 16): it sets the banker's hand, the House Way button's setting and unset
   * hands; `'seeds'` (house-way.md) or `'foxwoods'` (house-way-foxwoods.md).
   */
  readonly houseWay: HouseWayId;
  /**
   * Timers in ms: bet → Deal, a player's decision after the deal, the banker's approval, a disconnected seat's
   * hold, the reconnection grace (rules.md §5: a player dealt in who drops decides itself if back within it), and
   * how long a seat may stay without a bet before its player stands up, and the betting window (the round does not
   * deal before this long after the first Deal while a seated player has no bet yet).
   */
  readonly timers: {
    readonly betMs: number;
    readonly decisionMs: number;
    readonly approvalMs: number;
    readonly reconnectMs: number;
    readonly reconnectGraceMs: number;
    readonly idleSeatMs: number;
    readonly bettingWindowMs: number;
  };
}

/** A seat as every client sees it: public facts only. */
export interface SeatView {
  readonly seat: number;
  /** `null` for an empty seat (then every other field is empty/false/0). */
  readonly nickname: string | null;
  /** True for the viewer's own seat. */
  readonly you: boolean;
  readonly role: 'player' | 'banker' | null;
  readonly connected: boolean;
  /** The bets on the table for this seat (the current round's, once dealt). */
  readonly bets: Bets;
  /** Pressed Deal in this betting phase. */
  readonly ready: boolean;
  /** Dealt into the current round. */
  readonly inRound: boolean;
  /** 7 while dealt into the current round, else 0. The cards themselves are never here. */
  readonly cardCount: number;
  /** Has submitted its setting (or the house set it) in the current round. */
  readonly hasSet: boolean;
  /** The seat's running deadline (bet → Deal, decision, or the banker's approval), or `null`. */
  readonly deadlineMs: number | null;
}

/** Who banks: the house, or a seated player (rules.md §5 "Play as the banker"). */
export type BankerView =
  | {
      readonly kind: 'house';
      /**
       * Present (`true`) while the house banks the next round because the last player bank ended before a round
       * was dealt under it (however it ended: its approval ran out, its banker left, or fell short): `take-bank` is refused with
       * `bank/house-banks-next` until a round the house banked is settled. Absent otherwise.
       */
      readonly houseBanksNext?: true;
      /**
       * How the last player bank ended, present from then until a player takes the bank again: `left` (its
       * banker stopped banking or left its seat), `balance` (its balance no longer covered a bank, rules.md §5),
       * `comp-points` (its comp points fell below the table's `bankMinCompPoints`, rules.md §5),
       * `approval-timeout` (it did not approve in time), `disconnected` (it stayed away past its seat hold). The
       * other players are told why the house banks now. Absent before any player bank ended.
       */
      readonly ended?: 'left' | 'balance' | 'comp-points' | 'approval-timeout' | 'disconnected';
    }
  | {
      readonly kind: 'player';
      readonly seat: number;
      readonly nickname: string;
      readonly autoApprove: boolean;
      /** Approved the coming round. */
      readonly approved: boolean;
      /** Will leave the bank when the current round ends. */
      readonly leaving: boolean;
      /**
       * What the bank can still take, cents: the main bets its committed cover pays (with its fee, rules.md
       * §3.1) on top of those on the table; a larger bet is refused with `bet/banker-cannot-cover`. 0 when the bank
       * is full. Until the banker approves the coming round, the cover that approval would commit now (its balance, at
       * most the full cover). In a dealt round: the cover committed at the approval less
       * the round's main bets (the deal's escrow does not change it).
       */
      readonly roomCents: number;
    };

/** A setting in card text. */
export interface SettingView {
  readonly high: readonly CardText[];
  readonly low: readonly CardText[];
}

/**
 * The house way's explanation of a setting (house-way.md), as the engine made it: `key` (`houseWay.<rule id>`,
 * `houseWayFoxwoods.<rule id>`) and `params` (card texts, rank letters) for the i18n catalogs, `text` in English
 * (the fallback). Clients render it; they never re-run the house way.
 */
export interface ExplanationView {
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly text: string;
}

/** Why the house set a hand, for the viewer (house-way.md): the rule id and its explanation. */
export interface HouseWayView {
  readonly rule: string;
  readonly explanation: ExplanationView;
}

/** One player's revealed, settled wager in a round result. */
export interface SeatResultView {
  readonly seat: number;
  readonly nickname: string;
  /** True when this is the viewer (views and history are projected per player). */
  readonly you: boolean;
  readonly cards: readonly CardText[];
  readonly setting: SettingView;
  readonly setBy: SetBy;
  /** The house-way rule id when the house set the hand, else `null`. */
  readonly houseWayRule: string | null;
  /**
   * The house way's explanation when the house set the hand, else `null`; `null` too in a result of version 1
   * (stored before the explanation travelled), where the client shows no explanation.
   */
  readonly houseWayExplanation: ExplanationView | null;
  readonly bets: Bets;
  readonly high: HandResult;
  readonly low: HandResult;
  readonly outcome: WagerOutcome;
  /** Commission paid on a win when the house banks (rules.md §3.1), cents. */
  readonly commissionCents: number;
  /** The Fortune bet's result, or `null` without a Fortune bet: the paying line (or `null`) and its net. */
  readonly fortune: { readonly line: string | null; readonly netCents: number } | null;
  /** The envy bonus this player earned, or `null` when none (rules.md §4). */
  readonly envy: EnvyView | null;
  /** The player's net for the round (main + Fortune + envy), cents. */
  readonly netCents: number;
  /** Comp points earned this round (rules.md §5). */
  readonly compPointsDelta: number;
}

/**
 * An envy bonus earned in a round (rules.md §4): the total paid by the house, in cents, and the other
 * players' hands it came from (seat, nickname, envy line, the amount that hand paid).
 */
export interface EnvyView {
  readonly amountCents: number;
  readonly hands: readonly { readonly seat: number; readonly nickname: string; readonly line: EnvyLine; readonly amountCents: number }[];
}

/**
 * A revealed and settled round (rules.md §3, §5) as one viewer sees it: the one view of the stored
 * `RoundResult` (`projectRoundResult`), in the table view's `lastRound` and in the history.
 */
export interface RoundResultView {
  /** The version of the round result it shows (engine `ROUND_RESULT_VERSION`: 2; 1 for results stored before the explanations). */
  readonly version: 1 | 2;
  readonly roundId: string;
  readonly tableId: string;
  /** The banker: the house, or the banking player's seat and nickname. */
  readonly banker: { readonly kind: 'house' } | { readonly kind: 'player'; readonly seat: number; readonly nickname: string; readonly you: boolean };
  /**
   * The banker's seven cards and its house-way setting (rules.md §5: always the house way), the rule and its
   * explanation (`null` in a result of version 1, stored before the explanation travelled).
   */
  readonly bankerHand: { readonly cards: readonly CardText[]; readonly setting: SettingView; readonly rule: string; readonly explanation: ExplanationView | null };
  readonly players: readonly SeatResultView[];
  /** The banker's net for the round in cents (its fee included when a player banks). */
  readonly bankerNetCents: number;
  /** The banking player's fee (rules.md §3.1); 0 when the house banks. */
  readonly bankerFeeCents: number;
  /** Comp points the banking player lost (≤ 0); 0 when the house banks. */
  readonly bankerCompPointsDelta: number;
  readonly settledAtMs: number;
}

/** The viewer's own facts. */
export interface YouView {
  readonly playerId: string;
  readonly nickname: string;
  readonly seat: number | null;
  readonly role: Role;
  /**
   * What the viewer may stake here, cents: its wallet less the stakes of a dealt round and less
   * `heldElsewhereCents`.
   */
  readonly balanceCents: number;
  /**
   * Cents of the viewer's wallet held as its bank's cover at other tables (0 when it banks nowhere else; never more
   * than the wallet holds): not in
   * `balanceCents`, and not play money lost, so a player short only because of it may not top up.
   */
  readonly heldElsewhereCents: number;
  /**
   * Comp points (rules.md §5): +1 per whole unit wagered as a player, −1 per unit wagered against the
   * viewer as a banker. May be negative (a debt, earned back by playing); banking needs `bankMinCompPoints`.
   */
  readonly compPoints: number;
  /** The viewer's bets on the table (0 when not seated). */
  readonly bets: Bets;
  /** What `rebet` would place, or `null` before the first round. */
  readonly lastBets: Bets | null;
  readonly ready: boolean;
  /** The viewer's seven cards from the deal until the round settles (dealt order), else `null`. */
  readonly cards: readonly CardText[] | null;
  /** The viewer's submitted setting in the current round, else `null`. */
  readonly setting: SettingView | null;
  /** When the house set the viewer's hand in the current round: the rule and its explanation. */
  readonly houseWay: HouseWayView | null;
  /** The viewer's running deadline (epoch ms) and what it is for. */
  readonly deadlineMs: number | null;
  readonly deadlineKind: 'bet' | 'decision' | 'approval' | null;
  /** Whether `take-bank` would be accepted now. */
  readonly canTakeBank: boolean;
  /** The viewer's result in `lastRound`, or `null` when it did not play it. */
  readonly lastResult: { readonly roundId: string; readonly outcome: WagerOutcome | 'bank'; readonly netCents: number } | null;
  /**
   * While the viewer stands after leaving a seat here with its idle-seat clock kept (rules.md §5, docs/server.md
   * "Timers"): when that wait ends (epoch ms, the server's clock), `timers.idleSeatMs` after it left the seat. A sit
   * is refused `action/idle-wait` until then once the clock has run out (no round played here for `idleSeatMs`); the
   * page says how long is left (a tester was told the whole 5 min after waiting most of them). `null` otherwise.
   */
  readonly idleWaitUntilMs: number | null;
}

/**
 * The provably fair round a client bets on or plays (fairness.md): its id and commitment
 * `hex(SHA-256(serverSeed))`, published before its first bet; the server seed itself is revealed only
 * with the round's result (`GET /api/rounds/<roundId>/fairness`).
 */
export interface FairnessView {
  readonly scheme: string;
  /** The round being played, or the round the table deals next while bets are placed. */
  readonly roundId: string;
  readonly commitment: string;
  /** Once dealt: the hands' client seeds in deal order (`<seat>:<seed>` joined by `|`); `null` before the deal. */
  readonly clientSeeds: string | null;
}

/**
 * Everything one client sees of a table; sent whole as the `'view'` message to a client that joins, then changed
 * by `'view-patch'` messages (`view-patch.ts`).
 * Built by `viewFor(state, playerId)`.
 */
export interface TableView {
  readonly protocolVersion: typeof PROTOCOL_VERSION;
  readonly tableId: string;
  readonly config: TableConfigView;
  readonly phase: TablePhase;
  /** The round dealt or being played, else `null`. */
  readonly roundId: string | null;
  /** The server clock when the view was made, epoch ms. */
  readonly serverNowMs: number;
  /**
   * While the betting window is open (a player with a bet pressed Deal, a seated player has no bet yet), when it
   * ends (epoch ms): a round due by then deals then, without the players who have not bet; else `null`.
   */
  readonly bettingWindowEndsAtMs: number | null;
  /** Every seat, index = seat number. */
  readonly seats: readonly SeatView[];
  readonly banker: BankerView;
  /** The viewer; `null` only for an anonymous viewer (not used by the server). */
  readonly you: YouView | null;
  /** The last revealed round at this table, or `null`. */
  readonly lastRound: RoundResultView | null;
  /**
   * A round played to its end here whose settlement the ledger has not recorded yet (a database fault; docs/server.md
   * "Database faults"), else `null`: its result is not shown (`lastRound` stays the round before) until it is recorded;
   * it may be refunded instead (`notice/round-recovered`). The server fills it in (`viewFor` gives `null`).
   */
  readonly settlingRoundId: string | null;
  /** The provably fair round being played or dealt next (fairness.md), or `null` at a table that deals from given decks (tests). */
  readonly fairness: FairnessView | null;
  /** The `requestId` of the viewer's action this view answers, else `null`. */
  readonly ack: string | null;
}
