/**
 * The server's private state of one table (architecture.md "Secret information stays on the
 * server"): the deck, every hand and setting. It never crosses the wire: clients get
 * `viewFor(state, playerId)` (`@paigow/protocol`). Its dealt round (`RoundState`) is written only to the
 * ledger's private round record, for recovery. Plain data (no classes) so that `apply` can copy it.
 */

import type { Card, Hand } from '../cards/index.js';
import type { EnvyBonusRules, EnvyLine, FortunePayTable } from '../fortune/index.js';
import type { Explanation, HouseWayId, HouseWaySetting } from '../house-way/index.js';
import type { Setting } from '../setting/index.js';
import type { HandResult, WagerOutcome } from '../settle/index.js';
import type { TableConfig } from './config.js';
import type { TableNotice } from './notices.js';
import type { Bets, SetBy, TablePhase } from './terms.js';

/** A player in the table's room: seated or watching. */
export interface PlayerState {
  readonly playerId: string;
  nickname: string;
  /**
   * What the player may stake here, cents, and its comp points: what the ledger last said (`join`, `sync`,
   * `round-settled`); the reducer never changes them itself.
   */
  balanceCents: number;
  compPoints: number;
  /**
   * Cents of the player's wallet held as its bank's cover at other tables (`PlayerFigures`), not in
   * `balanceCents`: a player short here only because of that is not broke (it may not top up).
   */
  heldElsewhereCents: number;
  /** The seat, or `null` when watching. */
  seat: number | null;
  connected: boolean;
  /** When the player's last connection dropped (epoch ms), else `null`. */
  disconnectedAtMs: number | null;
  /** The bets on the table for the coming round, cents. */
  bets: Bets;
  /** When the first chip of the coming round was placed (starts the bet timer), else `null`. */
  firstBetAtMs: number | null;
  /** Pressed Deal in this betting phase. */
  ready: boolean;
  /** The bets of the last round played (what Rebet places), else `null`. */
  lastBets: Bets | null;
  /** Stands up when the current round is settled (a decision timeout, rules.md §5). */
  leaveAfterRound: boolean;
  /** The client seed locked by this betting phase's Deal (fairness.md §2), else `null`. */
  clientSeed: string | null;
  /**
   * When the player played a round or left the bank, else when it first sat down (epoch ms): the idle-seat timer
   * (`idleSeatMs`) counts from it. It belongs to the player at this table, not to the sitting: a sit within
   * `idleSeatMs` of leaving a seat continues it (`TableState.idleClocks`). Placing or clearing bets is not play
   * (a bet changed every few minutes and never dealt held a seat for good).
   */
  activeAtMs: number;
}

/**
 * The idle-seat clock of a player who left a seat (stood up, or was stood up, for any reason): kept
 * `idleSeatMs` after `leftAtMs`, so that standing up and sitting down again, or leaving the room and joining
 * again, does not start it again (docs/server.md "Timers").
 */
export interface IdleClock {
  /** The player's `PlayerState.activeAtMs` when it left the seat (epoch ms). */
  readonly activeAtMs: number;
  /** When it left the seat (epoch ms). */
  readonly leftAtMs: number;
}

/** One player's part of a dealt round. */
export interface RoundHand {
  readonly playerId: string;
  readonly seat: number;
  readonly nickname: string;
  /** The seven cards in dealt order. */
  readonly cards: Hand;
  readonly bets: Bets;
  /** The submitted setting, or `null` while unset. */
  setting: Setting | null;
  setBy: SetBy | null;
  /** The house way's rule and explanation when the house set this hand. */
  houseWay: HouseWaySetting | null;
  /** The decision deadline (epoch ms); `null` while the deal is being recorded. */
  deadlineMs: number | null;
}

/**
 * A dealt round: everything needed to settle it, also after a restart (it is the private
 * `secret` of the ledger's round record, see `RoundSecret`).
 */
export interface RoundState {
  readonly roundId: string;
  readonly tableId: string;
  readonly dealtAtMs: number;
  /** The shuffled deck the round was dealt from (kept for audit). */
  readonly deck: readonly Card[];
  /** The banking player, or `null` when the house banks. */
  readonly banker: { readonly playerId: string; readonly seat: number; readonly nickname: string } | null;
  readonly bankerCards: Hand;
  /** In seat order. */
  readonly hands: RoundHand[];
  /** The money rules in force when the round was dealt. */
  readonly rules: RoundRules;
  /** The provably fair deal's public facts (fairness.md); absent or `null` for a round dealt from a given deck. */
  readonly fairness?: RoundFairness | null;
}

/** What is public of a round dealt from seeds (fairness.md §1, §2): the server seed itself stays with the server. */
export interface RoundFairness {
  readonly scheme: string;
  /** `hex(SHA-256(serverSeed))`, published before the round's first bet. */
  readonly commitment: string;
  /** The hands' client seeds in deal order, `<seat>:<seed>` joined by `|` (`B` for a player banker). */
  readonly clientSeeds: string;
}

/** The money rules a round is settled by (rules.md §3.1, §4). */
export interface RoundRules {
  readonly commissionBps: number;
  readonly bankerFeeBps: number;
  readonly fortunePayTable: FortunePayTable;
  /** The table's envy bonus when the round was dealt; absent in records written before it existed (= off). */
  readonly envyBonus?: EnvyBonusRules;
  /** The table's house way when the round was dealt (issue 16); absent in records written before it existed (= `'seeds'`). */
  readonly houseWay?: HouseWayId;
}

/** The banking player (rules.md §5). */
export interface BankerState {
  readonly playerId: string;
  autoApprove: boolean;
  /** Approved the coming round. */
  approved: boolean;
  /** Leaves the bank when the current round is settled. */
  leaving: boolean;
  /** The approval deadline while the table waits for it, else `null`. */
  approvalDeadlineMs: number | null;
  /**
   * The cover committed by its last approval (cents; held by the ledger's bank reservation, docs/server.md
   * "The banker's cover"): the bets on the table plus its fee never exceed it. `null` before any approval.
   */
  coverCents: number | null;
  /** The client seed locked by its approval or by auto-approve (fairness.md §2), else `null`. */
  clientSeed: string | null;
  /**
   * The round revealed whose settlement the table waits for (`round-settled`) before it asks the banker to
   * approve the next: the balance the ledger then has decides whether it may bank on. Else `null`.
   */
  settlingRoundId: string | null;
  /**
   * Whether a round was dealt with this player banking since it took the bank. A bank that ends before one was
   * (however it ends) hands the next round to the house (`TableState.houseBanksNext`).
   */
  dealt: boolean;
}

/**
 * Why a player bank ended: `left`, its banker stopped banking or left its seat; `balance`, its balance no longer
 * covers a bank (rules.md §5; or the ledger refused its cover); `comp-points`, its comp points fell below the
 * table's `bankMinCompPoints` in a round it banked (rules.md §5); `approval-timeout`, it did not approve in time;
 * `disconnected`, it stayed away past its seat hold.
 */
export type BankEnd = 'left' | 'balance' | 'comp-points' | 'approval-timeout' | 'disconnected';

/** One player's settled wager (internal form: players named by id). */
export interface SeatResult {
  readonly playerId: string;
  readonly seat: number;
  readonly nickname: string;
  readonly cards: readonly string[];
  readonly setting: { readonly high: readonly string[]; readonly low: readonly string[] };
  readonly setBy: SetBy;
  readonly houseWayRule: string | null;
  /**
   * The house way's explanation of this setting (house-way.md: rule id in the key, parameters, English text)
   * when the house set the hand, else `null`; absent in results of version 1, stored before it existed.
   */
  readonly houseWayExplanation?: Explanation | null;
  readonly bets: Bets;
  readonly high: HandResult;
  readonly low: HandResult;
  readonly outcome: WagerOutcome;
  readonly commissionCents: number;
  readonly fortune: { readonly line: string | null; readonly netCents: number } | null;
  /** The envy bonus this player earned (rules.md §4), or `null` when none (absent in older results = none). */
  readonly envy?: SeatEnvy | null;
  /** Main + Fortune + envy, cents. */
  readonly netCents: number;
  readonly compPointsDelta: number;
}

/** What one player earned from the envy bonus: the total and the other hands it came from. */
export interface SeatEnvy {
  /** Paid by the house, cents (> 0). */
  readonly amountCents: number;
  /** The other players' hands that earned it, in seat order, with the amount each paid. */
  readonly hands: readonly { readonly seat: number; readonly nickname: string; readonly line: EnvyLine; readonly amountCents: number }[];
}

/**
 * A revealed, settled round: the one shape the ledger stores (internal form, players named by id; see
 * `round-result.ts`). Players see it through the protocol's `projectRoundResult`.
 */
export interface RoundResult {
  /**
   * The shape's version (`ROUND_RESULT_VERSION`, 2): stored as it is, read back by `readRoundResult`. Version 1
   * results (stored before issue 12 point 3) carry no house-way explanations.
   */
  readonly version: 1 | 2;
  readonly roundId: string;
  readonly tableId: string;
  readonly banker: { readonly kind: 'house' } | { readonly kind: 'player'; readonly playerId: string; readonly seat: number; readonly nickname: string };
  /** The banker's cards and house-way setting, the rule that chose it and its explanation (absent in version 1 results). */
  readonly bankerHand: {
    readonly cards: readonly string[];
    readonly setting: { readonly high: readonly string[]; readonly low: readonly string[] };
    readonly rule: string;
    readonly explanation?: Explanation;
  };
  readonly players: readonly SeatResult[];
  readonly bankerNetCents: number;
  readonly bankerFeeCents: number;
  readonly bankerCompPointsDelta: number;
  readonly settledAtMs: number;
}

/** An account named by a settlement posting (the ledger's `AccountRef`). */
export type AccountRef = { readonly player: string } | 'house' | 'commission' | 'escrow';

/** One transfer of a settlement (the ledger's `Posting`). */
export interface Posting {
  readonly from: AccountRef;
  readonly to: AccountRef;
  /** Cents, > 0. */
  readonly amountCents: number;
  readonly kind: 'stake-return' | 'stake-lost' | 'payout' | 'commission' | 'banker-fee';
}

/** A stake taken into escrow at the deal (the ledger's `Hold`); `'bank'` is the banking player's cover. */
export interface Hold {
  readonly playerId: string;
  readonly kind: 'main' | 'fortune' | 'bank';
  readonly amountCents: number;
}

/** What the server must do after an action (in order). */
export type TableEffect =
  /** Record the deal: take `holds` into escrow (ledger `openRound`), then apply `round-opened` or `round-failed`. */
  | {
      readonly kind: 'open-round';
      readonly roundId: string;
      readonly bankerPlayerId: string | null;
      readonly holds: readonly Hold[];
      readonly secret: RoundState;
      readonly public: RoundPublic;
    }
  /**
   * Every seated player with a main bet is ready: draw the round's deal material (round id and server seed,
   * fairness.md §1) and apply a `deal` action with it. The only moment the reducer asks for it.
   */
  | { readonly kind: 'deal-due' }
  /**
   * Every hand of round `roundId` is set: apply a `reveal` action for it, which settles the round (`settle-round`).
   * Asked after every action while the round waits for it; the server may answer other players first.
   */
  | { readonly kind: 'reveal-due'; readonly roundId: string }
  /** A setting was submitted: save the round's private record for recovery. */
  | { readonly kind: 'save-round'; readonly roundId: string; readonly secret: RoundState }
  /** Settle the round in one ledger transaction (ledger `settleRound`). */
  | {
      readonly kind: 'settle-round';
      readonly roundId: string;
      readonly postings: readonly Posting[];
      readonly compPoints: readonly { readonly playerId: string; readonly delta: number }[];
      readonly result: RoundResult;
    }
  /**
   * The banker approved: commit its cover in the ledger (`reserveBank`, between `minCents` and `maxCents`),
   * then apply `bank-cover` with the amount held, or with `null` if the ledger refused.
   */
  | { readonly kind: 'reserve-bank'; readonly playerId: string; readonly minCents: number; readonly maxCents: number }
  /** The banker left the bank: drop its cover (`releaseBank`). */
  | { readonly kind: 'release-bank'; readonly playerId: string }
  /**
   * Tell `playerId` what the table did to it without a request of its own (a timer, a disconnection, a
   * void deal, a balance change elsewhere): the server sends it as a `notice` message (`@paigow/protocol` `Notice`).
   */
  | { readonly kind: 'notice'; readonly playerId: string; readonly notice: TableNotice };

/** What every participant may see of a dealt round (the ledger's `public` JSON): no cards. */
export interface RoundPublic {
  readonly tableId: string;
  readonly roundId: string;
  readonly banker: { readonly kind: 'house' } | { readonly kind: 'player'; readonly seat: number; readonly nickname: string };
  readonly players: readonly { readonly seat: number; readonly nickname: string; readonly bets: Bets }[];
}

/** The whole private state of a table. */
export interface TableState {
  readonly config: TableConfig;
  phase: TablePhase;
  /** The clock as of the last action (epoch ms; passed in with the actions). */
  nowMs: number;
  /** Players in the room, by id. */
  players: Record<string, PlayerState>;
  /** Seat → player id, or `null` for an empty seat. */
  seats: (string | null)[];
  banker: BankerState | null;
  round: RoundState | null;
  lastRound: RoundResult | null;
  /**
   * The round the server deals next and its commitment `hex(SHA-256(serverSeed))` (fairness.md §1),
   * published before its first bet (given to `createTable`, then by each `deal` action for the round after
   * it); `null` at a table dealt from given decks.
   */
  nextRound: NextRound | null;
  /**
   * A player's approval timed out (after rounds it banked too), or its bank ended before a round was dealt with it
   * banking (however it ended: it left the bank or its seat, it fell short of banking's requirements, its seat hold
   * ran out), and no round was dealt since: the house banks the next round, and until it is dealt nobody takes the bank
   * (rules.md §5: the banker "leaves the bank and the house banks again"; a player who took the bank back at
   * once, again and again — after a timeout, or leaving a second before it — kept the table from ever dealing).
   */
  houseBanksNext: boolean;
  /**
   * How the last player bank ended (`BankEnd`), `null` before any ended and once a player takes the bank again:
   * the other players are told why the house banks now (docs/protocol.md `BankerView`).
   */
  bankEnded: BankEnd | null;
  /**
   * The table's deal clock (epoch ms): when a player pressed Deal while nobody else was ready; it runs until the
   * round deals or nobody is ready any more (a Deal taken back while others stay ready does not restart it), and
   * is read only while some player with a bet is ready. Every bet timer ends by then plus `betMs`, so a ready
   * player is dealt within the bet time of that Deal (rules.md §5, protocol.md "Multi-player Deal rule": two players who bet in turn and
   * never deal, each bet returned and placed again, kept a ready player waiting for good).
   */
  readySinceMs: number | null;
  /**
   * When the betting window ends (epoch ms; `TableTimers.bettingWindowMs`, `bettingWindowEnd`): set by a Deal that
   * finds no other player with a bet ready (with the deal clock, `readySinceMs`), to that Deal plus the window; a
   * player who sits while it runs, or while ready players wait, moves it to that sit plus the window, never past
   * the deal clock plus `betMs`;
   * `null` once a round is dealt, so the players still ready after one player's bet came back short (`round-short`)
   * are dealt again at once.
   */
  bettingWindowEndsAtMs: number | null;
  /**
   * By player id, the idle-seat clocks of the players who left a seat less than `idleSeatMs` ago (`IdleClock`),
   * whether or not they are still in the room: a sit within that window continues the clock, and is refused
   * (`action/idle-wait`) when it has run out. Forgotten by the first action `idleSeatMs` after the seat was left,
   * and taken back by a sit. Server-side only: no view carries it.
   */
  idleClocks: Record<string, IdleClock>;
}

/** The round a server deals next and its commitment `hex(SHA-256(serverSeed))` (fairness.md §1). */
export interface NextRound {
  readonly roundId: string;
  readonly commitment: string;
}

/** What `apply` makes of an action: the next state, and what the server must do because of it (in order). */
export interface Applied {
  readonly state: TableState;
  readonly effects: readonly TableEffect[];
}

/** No bets. */
export const NO_BETS: Bets = Object.freeze({ main: 0, fortune: 0 });

/**
 * A new, empty table in the betting phase at time `nowMs`.
 * @param nextRound the round the server deals first and its commitment, published before its first bet
 *   (fairness.md §1); `null` for a table dealt from given decks (tests)
 */
export function createTable(config: TableConfig, nowMs: number, nextRound: NextRound | null = null): TableState {
  return {
    config,
    phase: 'betting',
    nowMs,
    players: {},
    seats: Array.from({ length: config.seats }, () => null),
    banker: null,
    round: null,
    lastRound: null,
    nextRound,
    houseBanksNext: false,
    bankEnded: null,
    readySinceMs: null,
    bettingWindowEndsAtMs: null,
    idleClocks: {},
  };
}
