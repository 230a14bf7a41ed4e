/**
 * The database schema as TypeScript types (Kysely's `Database` generic) and the closed value
 * lists of its text columns. The tables themselves are created by `migrations.ts`.
 *
 * Conventions, the same on SQLite and PostgreSQL:
 * - money is integer cents (`bigint` on PostgreSQL, read back as a JS number: see `postgres.ts`);
 * - times are integer milliseconds since the Unix epoch (`bigint`), never database timestamps;
 * - JSON documents are stored as `text` and parsed by the code that reads them;
 * - ids are text (UUIDs from `node:crypto`, or the fixed ids of the system accounts).
 */
import type { Generated } from 'kysely';
import type { Hold, Posting } from '@paigow/engine';

/** What an account is for. Player wallets are `'wallet'`; the others are single system accounts. */
export const ACCOUNT_KINDS = ['wallet', 'house', 'commission', 'escrow', 'issuance'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The stake kinds taken into escrow at the deal (`openRound`; the engine's `Hold['kind']`). `'bank'` is a banker's cover. */
export const HOLD_KINDS = ['main', 'fortune', 'bank'] as const satisfies readonly Hold['kind'][];
export type HoldKind = (typeof HOLD_KINDS)[number];

/** The transfer kinds a settlement may post (`settleRound`; the engine's `Posting['kind']`). */
export const SETTLEMENT_KINDS = ['stake-return', 'stake-lost', 'payout', 'commission', 'banker-fee'] as const satisfies readonly Posting['kind'][];
export type SettlementKind = (typeof SETTLEMENT_KINDS)[number];

/**
 * Why money moved. `grant` funds a new guest and `top-up` refills a broke one (both from the
 * issuance account); `hold-*` take a stake into escrow at the deal; `refund` gives a hold back;
 * the settlement kinds move money when a round is settled.
 */
export const TRANSFER_KINDS = [
  'grant',
  'top-up',
  'hold-main',
  'hold-fortune',
  'hold-bank',
  'refund',
  ...SETTLEMENT_KINDS,
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** A round is `'open'` from the deal until it is either `'settled'` or `'refunded'`. */
export const ROUND_STATUSES = ['open', 'settled', 'refunded'] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

/** A participant's part in a round. */
export const ROUND_ROLES = ['player', 'banker'] as const;
export type RoundRole = (typeof ROUND_ROLES)[number];

export interface PlayersTable {
  id: string;
  nickname: string;
  /** SHA-256 of the session token, hex; the token itself is never stored. */
  session_hash: string;
  /** The session's last use (epoch ms), renewed at most once a minute; null: not since its creation (`created_at`). */
  session_seen_at_ms: number | null;
  /** When Sign out revoked the session (epoch ms), else null. */
  session_revoked_at_ms: number | null;
  comp_points: number;
  created_at: number;
  /** The language the player chose (`PLAYER_LANGUAGES`: en, ru, fr, de, es), else null. */
  language: string | null;
}

export interface AccountsTable {
  /** `'wallet:<playerId>'`, or the kind itself for the system accounts (`'house'`, ...). */
  id: string;
  kind: AccountKind;
  player_id: string | null;
  balance_cents: number;
  /** The number of entries posted to this account; the last entry has `account_version = version`. */
  version: number;
}

export interface TransfersTable {
  id: string;
  idempotency_key: string;
  from_account_id: string;
  to_account_id: string;
  /** Always > 0. */
  amount_cents: number;
  kind: TransferKind;
  round_id: string | null;
  created_at: number;
}

export interface EntriesTable {
  account_id: string;
  /** 1, 2, 3, ... per account: entries chain `balance_before_cents` to the previous `balance_after_cents`. */
  account_version: number;
  transfer_id: string;
  /** Signed: negative on the sending side, positive on the receiving side. */
  amount_cents: number;
  balance_before_cents: number;
  balance_after_cents: number;
}

export interface RoundsTable {
  id: string;
  /** Insertion order, for newest-first history. */
  seq: Generated<number>;
  table_id: string;
  banker_player_id: string | null;
  status: RoundStatus;
  secret_json: string;
  public_json: string;
  result_json: string | null;
  refund_reason: string | null;
  opened_at: number;
  closed_at: number | null;
  /**
   * The server instance that dealt the round and runs it (`server_instances.id`); `null` for rounds
   * dealt before instances were recorded (migration 0002). Recovery claims a round by setting it.
   */
  owner_instance_id: string | null;
  /** `hex(SHA-256(server_seed))`, published before the round's first bet (fairness.md; migration 0005); `null` for a round not dealt from seeds. */
  commitment: string | null;
  /** The hands' client seeds in deal order, `<seat>:<seed>` joined by `|` (fairness.md §2). */
  client_seeds: string | null;
  /** The round's server seed, 64 lower-case hex digits: secret until the round is settled or refunded. */
  server_seed: string | null;
}

/** A server process (docs/server.md "Processes, leases and recovery"). */
export interface ServerInstancesTable {
  /** A UUID chosen by the process at start. */
  id: string;
  started_at_ms: number;
  /** The last renewal of the lease (epoch ms); the lease is alive for `leaseMs` after it. */
  heartbeat_at_ms: number;
  /** When the process stopped cleanly (its lease ends at once), else `null`. */
  stopped_at_ms: number | null;
  /** The table ids it can host, a JSON array (migration 0009); `null`: none (an instance of an older version). */
  tables_json: string | null;
  /** Its Redis prefix (migration 0014); `null` without Redis, or an instance of an older version. */
  redis_prefix: string | null;
  /** The fingerprint of each of its tables' settings, a JSON object by table id (migration 0015); `null`: an instance of an older version. */
  table_settings_json: string | null;
}

/** The host of one table (docs/server.md "Table hosting"; migration 0009). */
export interface TableHostsTable {
  table_id: string;
  /** The hosting instance (`server_instances.id`); it hosts the table while it is alive. */
  instance_id: string;
  claimed_at_ms: number;
  /** Who sits where: a JSON array, one entry per seat, a player id or `null`. */
  seats_json: Generated<string>;
}

export interface RoundPlayersTable {
  round_id: string;
  player_id: string;
  role: RoundRole;
  comp_points_delta: number;
}

/** An event a player must learn of (docs/server.md "The player inbox"; migration 0008). */
export interface PlayerEventsTable {
  player_id: string;
  /** 1, 2, ... per player, in the order written (`player_event_seqs`). */
  seq: number;
  /** The table it happened at, or `null` (e.g. a round recovered for a table this process does not run). */
  table_id: string | null;
  /** A notice code (`NOTICE_CODES`). */
  code: string;
  /** Its params (`NoticeParams[code]`), JSON. */
  params_json: string;
  created_at_ms: number;
  /** When a client of the player acknowledged it, else `null`. */
  acked_at_ms: number | null;
}

/** Each player's last inbox sequence number (migration 0008). */
export interface PlayerEventSeqsTable {
  player_id: string;
  last_seq: number;
}

/** A banking player's committed cover at one table (docs/server.md "The banker's cover"; migration 0006). */
export interface BankReservationsTable {
  /** One bank per table. */
  table_id: string;
  player_id: string;
  /** Cents of the player's wallet held for this bank (> 0). */
  amount_cents: number;
  /** The process running the table (`server_instances.id`); `null` outside a running server (tests, tools). */
  owner_instance_id: string | null;
  reserved_at_ms: number;
}

/** The coach's grade of one player's setting in one round (issue 17; migration 0010). EVs are fractions of the main bet. */
export interface RoundGradesTable {
  round_id: string;
  player_id: string;
  table_id: string;
  /** The table's house way the setting was graded against (`HouseWayId`). */
  house_way: string;
  commission_bps: number;
  main_bet_cents: number;
  /** How the hand was set (`SetBy`). */
  set_by: string;
  played_ev: number;
  best_ev: number;
  house_way_ev: number;
  /** `best_ev − played_ev`, ≥ 0. */
  ev_lost: number;
  /** The `StoredReview` JSON (coach/grades.ts): the cards, the three settings with their win / push / loss, the house way's rule. */
  review_json: string;
  graded_at: number;
}

/** A day's server seed of the daily challenge (issue 17; migration 0010): secret until the day is over. */
export interface DailySeedsTable {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** 64 lower-case hex digits. */
  server_seed: string;
  /** `hex(SHA-256(server_seed))`, published with the day's hands. */
  commitment: string;
  created_at: number;
}

/** One graded setting of a player in a day's challenge (migration 0010). EVs as in `round_grades`. */
export interface DailyPlaysTable {
  day: string;
  player_id: string;
  /** 1‥50. */
  hand_index: number;
  played_ev: number;
  best_ev: number;
  house_way_ev: number;
  ev_lost: number;
  /** The `StoredReview` JSON (coach/grades.ts). */
  review_json: string;
  played_at: number;
}

/** Every table, keyed by name: the type parameter of `Kysely<Tables>`. */
/**
 * The deployment's one row (`id` 1; migration 0011; `storage/deployment.ts`): `identity`, from which the default Redis
 * prefix is derived, is the database as the first process to start on it described it (`legacyDeploymentIdentity`:
 * `postgres:<host>:<port>/<database>#<schema>` as its URL spelled them, or `sqlite:<absolute path>`).
 */
export interface DeploymentTable {
  id: number;
  identity: string;
  created_at_ms: number;
}

export interface Tables {
  players: PlayersTable;
  accounts: AccountsTable;
  transfers: TransfersTable;
  entries: EntriesTable;
  rounds: RoundsTable;
  round_players: RoundPlayersTable;
  server_instances: ServerInstancesTable;
  bank_reservations: BankReservationsTable;
  table_hosts: TableHostsTable;
  player_events: PlayerEventsTable;
  player_event_seqs: PlayerEventSeqsTable;
  round_grades: RoundGradesTable;
  daily_seeds: DailySeedsTable;
  daily_plays: DailyPlaysTable;
  deployment: DeploymentTable;
}
