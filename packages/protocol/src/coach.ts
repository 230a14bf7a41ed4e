/**
 * The coach's HTTP shapes (issue 17; docs/protocol.md "The coach"): a round's grade with its review, the
 * strategy tax and the costliest settings of the signed-in player. EVs are per unit of the main bet, as
 * fractions (0.012 = 1.2% of the bet), commission included (rules.md §3.1); cards in card text.
 */
import type { SettingGrade, SettingScore } from '@paigow/engine';

/**
 * A setting in a review: its cards in card text, and the engine's exact probabilities of a win, a push and a loss
 * and its EV (`SettingScore`; `legal` is false for a foul, never at a table: fouls are refused).
 */
export interface CoachSetting extends SettingScore {
  readonly high: readonly string[];
  readonly low: readonly string[];
}

/** A grade with what is behind it: the cards, the setting played, the best one and the house way's with its rule id. */
export interface CoachReview extends SettingGrade {
  readonly cards: readonly string[];
  readonly played: CoachSetting;
  readonly best: CoachSetting;
  readonly houseWay: CoachSetting & { readonly rule: string };
}

/** `GET /api/coach/rounds/<roundId>` → 200: the player's grade in that round, `null` while not (yet) graded (401 `auth/invalid-session`). */
export interface RoundGradeResponse {
  readonly review: (CoachReview & { readonly houseWayId: string; readonly mainBetCents: number }) | null;
}

/** `GET /api/coach/tax` → 200: the player's strategy tax over its graded settings (401 `auth/invalid-session`). */
export interface StrategyTaxResponse {
  readonly hands: number;
  /** The average main bet over the graded hands, cents. */
  readonly averageBetCents: number;
  /** Mean EV given up per hand, fraction of the bet. */
  readonly evLostPerHand: number;
  /** EV given up per 100 hands at the average bet, cents. */
  readonly per100Cents: number;
  /** Share of settings that were the best (0‥1). */
  readonly optimalShare: number;
  /** The same had the player pressed House Way every time. */
  readonly houseWay: { readonly evLostPerHand: number; readonly per100Cents: number; readonly optimalShare: number };
  /** Oldest first: EV given up per 100 hands (cents at the average bet) over blocks of graded hands; `until` is the last one's time (epoch ms). */
  readonly trend: readonly { readonly hands: number; readonly per100Cents: number; readonly until: number }[];
}

/** One of the costliest settings. */
export interface CostlyEntry extends CoachReview {
  readonly roundId: string;
  readonly tableId: string;
  readonly houseWayId: string;
  readonly mainBetCents: number;
  /** The EV given up in money at the bet placed, cents. */
  readonly evLostCents: number;
  /** How the hand was set: `'player'` or `'house-way'`. */
  readonly setBy: string;
  readonly gradedAt: number;
}

/** `GET /api/coach/costliest` → 200: the ten settings that gave up the most money, costliest first (401 `auth/invalid-session`). */
export interface CostliestResponse {
  readonly items: readonly CostlyEntry[];
}

/** `GET /api/daily` → 200: today's challenge for the player (401 `auth/invalid-session`). */
export interface DailyResponse {
  /** `YYYY-MM-DD`, UTC. */
  readonly day: string;
  /** `hex(SHA-256(serverSeed))` of the day's seed, which is revealed the next day. */
  readonly commitment: string;
  readonly total: number;
  /** The next hand to set (1-based `index`), or `null` when all are set. */
  readonly next: { readonly index: number; readonly cards: readonly string[] } | null;
  /** The hands set so far, with their grades. */
  readonly played: readonly (CoachReview & { readonly index: number })[];
  /** The day before's seed, now revealed (`null` when there was no challenge that day). */
  readonly previous: { readonly day: string; readonly commitment: string; readonly serverSeed: string } | null;
}

/** `POST /api/daily/play` `{index, low}` → 200 `{review}`: the graded setting (400 `action/invalid`, `setting/foul`, `setting/not-your-cards`; 409 `action/stale` for a hand not next). */
export interface DailyPlayRequest {
  readonly index: number;
  /** The two cards of the low hand, card text. */
  readonly low: readonly string[];
}

/** The answer to `POST /api/daily/play`. */
export interface DailyPlayResponse {
  readonly review: CoachReview & { readonly index: number };
}

/** `GET /api/daily/leaderboard?day=` → 200: the day's players, most hands first, then least EV given up. */
export interface DailyLeaderboardResponse {
  readonly day: string;
  readonly entries: readonly { readonly nickname: string; readonly hands: number; readonly evLost: number; readonly you: boolean }[];
}
