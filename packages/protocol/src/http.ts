/**
 * The HTTP API of the game server (docs/protocol.md "HTTP"). JSON bodies; money in integer
 * cents; times in epoch ms. Authenticated endpoints take `Authorization: Bearer <token>` with the
 * session token from `POST /api/guest`. Every failure answers `{ error: { code, message } }`
 * with a 4xx status.
 */

import type { HouseWayId, RuleError, SettingGrade, SpotLimits, TablePhase } from '@paigow/engine';
import type { RoundResultView } from './view.js';

/** The languages a player can play in (the seeds' ru, fr, de, es and English; issue 14), English first. */
export const PLAYER_LANGUAGES = ['en', 'ru', 'fr', 'de', 'es'] as const;
/** One of `PLAYER_LANGUAGES`. */
export type PlayerLanguage = (typeof PLAYER_LANGUAGES)[number];

/** Whether `value` is one of `PLAYER_LANGUAGES`. */
export function isPlayerLanguage(value: unknown): value is PlayerLanguage {
  return typeof value === 'string' && (PLAYER_LANGUAGES as readonly string[]).includes(value);
}

/** A signed-in player as the lobby shows it. */
export interface PlayerSummary {
  readonly id: string;
  readonly nickname: string;
  readonly balanceCents: number;
  /** Comp points (rules.md §5); may be negative after banking (a debt: see `YouView.compPoints`). */
  readonly compPoints: number;
  /** The language the player chose (`PUT /api/me/language`); `null` until it chooses. */
  readonly language: PlayerLanguage | null;
}

/** `PUT /api/me/language` body → 200 `MeResponse` (400 `action/invalid` for another value; 401 `auth/invalid-session`). */
export interface LanguageRequest {
  readonly language: PlayerLanguage;
}

/**
 * `POST /api/guest` → 201: a new guest with 1,000.00 of play money and its session token
 * (keep it, e.g. in localStorage: it resumes the session after a reload). 400 `auth/invalid-nickname`, or
 * `auth/reserved-nickname` for a name the table uses for the house, the dealer, the banker or its staff.
 */
export interface SessionResponse {
  readonly token: string;
  readonly player: PlayerSummary;
}

/**
 * A seat the player holds at a table, as the answering process sees it (a table another process hosts is not in it:
 * docs/server.md "Matchmaking").
 */
export interface HeldSeat {
  readonly tableId: string;
  readonly seat: number;
  /**
   * Whether a client of the player is connected at the table now (a tab or a window playing there); `false` while the
   * seat is held after its last connection was lost (the table's `timers.reconnectMs`, rules.md §5 "Interruptions").
   */
  readonly connected: boolean;
}

/**
 * `GET /api/me` → 200 (401 `auth/invalid-session`): the session's player and the seats it holds (the lobby tells a
 * seat played in another tab from one kept after a lost connection).
 */
export interface MeResponse {
  readonly player: PlayerSummary;
  readonly seats: readonly HeldSeat[];
}

/** One table in the lobby. */
export interface LobbyTable {
  readonly tableId: string;
  readonly name: string;
  readonly limits: { readonly main: SpotLimits; readonly fortune: SpotLimits | null };
  /** Whether a player may take the bank. */
  readonly playerBanking: boolean;
  /** The comp points a player needs to take the bank at this table (rules.md §5); `null` where no player may bank. */
  readonly bankMinCompPoints: number | null;
  /** Whether the envy bonus is on at this table (rules.md §4); its terms are in the table's `TableConfigView`. */
  readonly envyBonus: boolean;
  /** The table's house way (issue 16): `'seeds'` (house-way.md) or `'foxwoods'` (house-way-foxwoods.md). */
  readonly houseWay: HouseWayId;
  /** `'house'` or the banking player's nickname. */
  readonly banker: 'house' | { readonly nickname: string };
  readonly seats: number;
  readonly seatsTaken: number;
  readonly phase: TablePhase;
}

/** `GET /api/tables` → 200 (no auth). */
export interface TablesResponse {
  readonly tables: readonly LobbyTable[];
}

/** `POST /api/top-up` → 200 (409 `ledger/not-broke`, 401 `auth/invalid-session`). */
export interface TopUpResponse {
  readonly balanceCents: number;
  readonly issuedCents: number;
}

/** One round of the player's history (rules.md §5: a reconnecting player sees the rounds it missed). */
export interface HistoryEntry {
  readonly roundId: string;
  readonly tableId: string;
  readonly role: 'player' | 'banker';
  readonly status: 'open' | 'settled' | 'refunded';
  /** The player's wallet change in the round, cents (0 after a refund). */
  readonly netCents: number;
  readonly compPointsDelta: number;
  /** The revealed round (with `you` marking this player), or `null` unless settled. */
  readonly result: RoundResultView | null;
  readonly refundReason: string | null;
  readonly openedAt: number;
  readonly closedAt: number | null;
  /**
   * The coach's grade of the setting the player made (issue 17): the exact EVs of it, of the best setting and of
   * the house way's, and the EV it gave up, per unit of the main bet; `null` (or absent) when not graded (not yet,
   * the banker's seat, a setting the table made at a timeout).
   */
  readonly grade?: SettingGrade | null;
}

/** `GET /api/history?limit=20&before=<roundId>` → 200, newest first (401 `auth/invalid-session`). */
export interface HistoryResponse {
  readonly items: readonly HistoryEntry[];
}

/** The body of every HTTP failure. */
export interface HttpErrorBody {
  readonly error: RuleError;
}
