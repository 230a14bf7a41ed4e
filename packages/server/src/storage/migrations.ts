/**
 * Schema migrations, in code (nothing is read from disk at run time), applied by Kysely's
 * `Migrator` in name order. A migration is history: never edit one that has shipped; add the
 * next one instead. That is why the value lists of the CHECK constraints are written out here
 * rather than taken from `schema.ts`.
 */
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database, DialectName } from './database.js';

/** Quoted SQL list `('a', 'b')` of text literals, for CHECK constraints. */
function textList(values: readonly string[]) {
  return sql.join(values.map((value) => sql.lit(value)));
}

function ledgerMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('players')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('nickname', 'text', (col) => col.notNull())
        .addColumn('session_hash', 'text', (col) => col.notNull().unique())
        .addColumn('comp_points', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('player_id', 'text', (col) => col.unique().references('players.id'))
        .addColumn('balance_cents', 'bigint', (col) => col.notNull().defaultTo(0))
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(0))
        .addCheckConstraint(
          'accounts_kind',
          sql`kind in (${textList(['wallet', 'house', 'commission', 'escrow', 'issuance'])})`,
        )
        .addCheckConstraint('accounts_wallet_has_player', sql`(kind = 'wallet') = (player_id is not null)`)
        .addCheckConstraint(
          'accounts_no_overdraft',
          sql`kind in (${textList(['house', 'issuance'])}) or balance_cents >= 0`,
        )
        .execute();

      // `seq` orders rounds for history; autoincrement is spelled differently per dialect.
      await db.schema
        .createTable('rounds')
        .addColumn('seq', dialect === 'postgres' ? 'serial' : 'integer', (col) =>
          dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement(),
        )
        .addColumn('id', 'text', (col) => col.notNull().unique())
        .addColumn('table_id', 'text', (col) => col.notNull())
        .addColumn('banker_player_id', 'text', (col) => col.references('players.id'))
        .addColumn('status', 'text', (col) => col.notNull())
        .addColumn('secret_json', 'text', (col) => col.notNull())
        .addColumn('public_json', 'text', (col) => col.notNull())
        .addColumn('result_json', 'text')
        .addColumn('refund_reason', 'text')
        .addColumn('opened_at', 'bigint', (col) => col.notNull())
        .addColumn('closed_at', 'bigint')
        .addCheckConstraint('rounds_status', sql`status in (${textList(['open', 'settled', 'refunded'])})`)
        .execute();
      await db.schema.createIndex('rounds_status_idx').on('rounds').column('status').execute();

      await db.schema
        .createTable('round_players')
        .addColumn('round_id', 'text', (col) => col.notNull().references('rounds.id'))
        .addColumn('player_id', 'text', (col) => col.notNull().references('players.id'))
        .addColumn('role', 'text', (col) => col.notNull())
        .addColumn('comp_points_delta', 'integer', (col) => col.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('round_players_pk', ['round_id', 'player_id'])
        .addCheckConstraint('round_players_role', sql`role in (${textList(['player', 'banker'])})`)
        .execute();
      await db.schema
        .createIndex('round_players_player_idx')
        .on('round_players')
        .columns(['player_id', 'round_id'])
        .execute();

      await db.schema
        .createTable('transfers')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
        .addColumn('from_account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('to_account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('round_id', 'text', (col) => col.references('rounds.id'))
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .addCheckConstraint('transfers_positive', sql`amount_cents > 0`)
        .addCheckConstraint('transfers_two_accounts', sql`from_account_id <> to_account_id`)
        .addCheckConstraint(
          'transfers_kind',
          sql`kind in (${textList([
            'grant',
            'top-up',
            'hold-main',
            'hold-fortune',
            'hold-bank',
            'refund',
            'stake-return',
            'stake-lost',
            'payout',
            'commission',
            'banker-fee',
          ])})`,
        )
        .execute();
      await db.schema.createIndex('transfers_round_idx').on('transfers').column('round_id').execute();
      await db.schema.createIndex('transfers_from_idx').on('transfers').column('from_account_id').execute();

      await db.schema
        .createTable('entries')
        .addColumn('account_id', 'text', (col) => col.notNull().references('accounts.id'))
        .addColumn('account_version', 'integer', (col) => col.notNull())
        .addColumn('transfer_id', 'text', (col) => col.notNull().references('transfers.id'))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('balance_before_cents', 'bigint', (col) => col.notNull())
        .addColumn('balance_after_cents', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('entries_pk', ['account_id', 'account_version'])
        .addCheckConstraint(
          'entries_arithmetic',
          sql`amount_cents <> 0 and balance_after_cents = balance_before_cents + amount_cents`,
        )
        .execute();
      await db.schema.createIndex('entries_transfer_idx').on('entries').column('transfer_id').execute();

      await db
        .insertInto('accounts')
        .values(
          ['house', 'commission', 'escrow', 'issuance'].map((id) => ({
            id,
            kind: id,
            player_id: null,
            balance_cents: 0,
            version: 0,
          })),
        )
        .execute();
    },
  };
}

/**
 * Several server processes on one database (docs/server.md "Processes, leases and recovery"): each
 * process registers an instance row and renews its lease (`heartbeat_at_ms`) every few seconds; a clean
 * stop sets `stopped_at_ms`. Each round records the instance that dealt it (`owner_instance_id`; `null`
 * for rounds dealt before this migration): only that process settles it while its lease is alive.
 * Additive: a new table and a nullable column.
 */
function instancesMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('server_instances')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('started_at_ms', 'bigint', (col) => col.notNull())
        .addColumn('heartbeat_at_ms', 'bigint', (col) => col.notNull())
        .addColumn('stopped_at_ms', 'bigint')
        .execute();
      await db.schema.alterTable('rounds').addColumn('owner_instance_id', 'text').execute();
    },
  };
}

/**
 * A recovered round's players are told what became of it (`notice/round-recovered`) by whichever
 * process they are connected to, not only by the one that recovered it (docs/server.md "Recovery"):
 * claiming a round for recovery sets `recovery_notice_pending` on its players' rows; the process that
 * delivers a notice clears it, so each player hears of each recovered round once. Additive: a column
 * with a default.
 */
function recoveryNoticesMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('round_players')
        .addColumn('recovery_notice_pending', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      // Looked up every few seconds for the players at a process's tables: only the few marked rows.
      await db.schema
        .createIndex('round_players_recovery_notice_idx')
        .on('round_players')
        .column('player_id')
        .where(sql.ref('recovery_notice_pending'), '=', 1)
        .execute();
    },
  };
}

/**
 * Sessions expire after inactivity and Sign out revokes them (docs/server.md "Sessions"):
 * `players.session_seen_at_ms` (the session's last use, epoch ms; null until first renewed: the creation
 * time counts) and `players.session_revoked_at_ms` (set by Sign out; a revoked token never works again).
 * Additive: two nullable columns.
 */
function sessionActivityMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('players').addColumn('session_seen_at_ms', 'bigint').execute();
      await db.schema.alterTable('players').addColumn('session_revoked_at_ms', 'bigint').execute();
    },
  };
}

/**
 * Provably fair rounds (fairness.md): each round dealt from seeds keeps its commitment, the hands' client
 * seeds and its server seed (64 lower-case hex digits), revealed by `GET /api/rounds/<id>/fairness` once the
 * round is settled or refunded. Additive: three nullable columns (`null` for rounds dealt before them).
 */
function roundFairnessMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('rounds').addColumn('commitment', 'text').execute();
      await db.schema.alterTable('rounds').addColumn('client_seeds', 'text').execute();
      await db.schema.alterTable('rounds').addColumn('server_seed', 'text').execute();
    },
  };
}

/**
 * A banking player's cover is committed when it approves (docs/server.md "The banker's cover"): one row per
 * table where a player banks, holding `amount_cents` of its wallet for that bank. Every deal and bank of the
 * same player at another table sees its wallet less these amounts. `owner_instance_id` is the process running
 * the table; rows of a dead process are dropped by recovery. Additive: a new table.
 */
function bankReservationsMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('bank_reservations')
        .addColumn('table_id', 'text', (col) => col.primaryKey())
        .addColumn('player_id', 'text', (col) => col.notNull().references('players.id'))
        .addColumn('amount_cents', 'bigint', (col) => col.notNull())
        .addColumn('owner_instance_id', 'text')
        .addColumn('reserved_at_ms', 'bigint', (col) => col.notNull())
        .addCheckConstraint('bank_reservations_positive', sql`amount_cents > 0`)
        .execute();
      await db.schema.createIndex('bank_reservations_player_idx').on('bank_reservations').column('player_id').execute();
    },
  };
}

/**
 * The language a player plays in (issue 14; docs/server.md "Sessions"): one of the client's languages
 * (`PLAYER_LANGUAGES` in the engine's protocol: en, ru, fr, de, es), set by `PUT /api/me/language`; `null`
 * until the player chooses. Additive: a nullable column.
 */
function playerLanguageMigration(): Migration {
  return nullableTextColumn('players', 'language');
}

/** A migration that adds the nullable text column `column` to `table`: additive, a process of an earlier version ignores it. */
function nullableTextColumn(table: string, column: string): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable(table).addColumn(column, 'text').execute();
    },
  };
}

/**
 * The player inbox (docs/server.md "The player inbox"): `player_events` holds every event a player must
 * learn of (a notice: `code` and its `params_json`), numbered per player by `seq` (1, 2, ...), written in
 * the transaction of the change that causes it, and acknowledged by the client (`acked_at_ms`).
 * `player_event_seqs` holds each player's last `seq`: taking the next numbers is one upsert on that row,
 * which PostgreSQL's row lock serializes between concurrent writers (SQLite has one writer at a time).
 * Replaces the recovery-notice mark of migration 0003 (its column and index are dropped).
 */
function playerEventsMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('player_event_seqs')
        .addColumn('player_id', 'text', (col) => col.primaryKey().references('players.id'))
        .addColumn('last_seq', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('player_events')
        .addColumn('player_id', 'text', (col) => col.notNull().references('players.id'))
        .addColumn('seq', 'bigint', (col) => col.notNull())
        .addColumn('table_id', 'text')
        .addColumn('code', 'text', (col) => col.notNull())
        .addColumn('params_json', 'text', (col) => col.notNull())
        .addColumn('created_at_ms', 'bigint', (col) => col.notNull())
        .addColumn('acked_at_ms', 'bigint')
        .addPrimaryKeyConstraint('player_events_pk', ['player_id', 'seq'])
        .addCheckConstraint('player_events_seq_positive', sql`seq > 0`)
        .execute();
      // The pruning sweep: acknowledged events past their retention.
      await db.schema.createIndex('player_events_acked_idx').on('player_events').column('acked_at_ms').where(sql.ref('acked_at_ms'), 'is not', null).execute();
      await db.schema.dropIndex('round_players_recovery_notice_idx').execute();
      await db.schema.alterTable('round_players').dropColumn('recovery_notice_pending').execute();
    },
  };
}

/**
 * Which process hosts each table (docs/server.md "Table hosting", issue 13 points 2–4): one row per table,
 * taken by one upsert that succeeds only while the row's instance is not alive (`claimTable`), so a table has
 * at most one host at a time; `seats_json` holds who sits where, for the next host. `server_instances` gains
 * `tables_json`, the table ids the instance can host (a rolling deploy mixes lists). Additive.
 */
function tableHostsMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('table_hosts')
        .addColumn('table_id', 'text', (col) => col.primaryKey())
        .addColumn('instance_id', 'text', (col) => col.notNull())
        .addColumn('claimed_at_ms', 'bigint', (col) => col.notNull())
        .addColumn('seats_json', 'text', (col) => col.notNull().defaultTo('[]'))
        .execute();
      await db.schema.alterTable('server_instances').addColumn('tables_json', 'text').execute();
    },
  };
}

/**
 * The coach (issue 17; docs/server.md "The coach"): the grade of each setting a player made at a table, one row
 * per round and player, beside (not inside) the round's result. EVs are fractions of the main bet.
 */
function coachMigration(): Migration {
  // Also the daily challenge's seeds and plays (docs/server.md "The daily challenge").
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('round_grades')
        .addColumn('round_id', 'text', (col) => col.notNull().references('rounds.id'))
        .addColumn('player_id', 'text', (col) => col.notNull().references('players.id'))
        .addColumn('table_id', 'text', (col) => col.notNull())
        .addColumn('house_way', 'text', (col) => col.notNull())
        .addColumn('commission_bps', 'integer', (col) => col.notNull())
        .addColumn('main_bet_cents', 'bigint', (col) => col.notNull())
        .addColumn('set_by', 'text', (col) => col.notNull())
        .addColumn('played_ev', 'double precision', (col) => col.notNull())
        .addColumn('best_ev', 'double precision', (col) => col.notNull())
        .addColumn('house_way_ev', 'double precision', (col) => col.notNull())
        .addColumn('ev_lost', 'double precision', (col) => col.notNull())
        .addColumn('review_json', 'text', (col) => col.notNull())
        .addColumn('graded_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('round_grades_pk', ['round_id', 'player_id'])
        .execute();
      await db.schema.createIndex('round_grades_player_idx').on('round_grades').columns(['player_id', 'graded_at']).execute();
      // The daily challenge: each day's server seed (secret until the day is over) and each player's graded settings.
      await db.schema
        .createTable('daily_seeds')
        .addColumn('day', 'text', (col) => col.primaryKey())
        .addColumn('server_seed', 'text', (col) => col.notNull())
        .addColumn('commitment', 'text', (col) => col.notNull())
        .addColumn('created_at', 'bigint', (col) => col.notNull())
        .execute();
      await db.schema
        .createTable('daily_plays')
        .addColumn('day', 'text', (col) => col.notNull().references('daily_seeds.day'))
        .addColumn('player_id', 'text', (col) => col.notNull().references('players.id'))
        .addColumn('hand_index', 'integer', (col) => col.notNull())
        .addColumn('played_ev', 'double precision', (col) => col.notNull())
        .addColumn('best_ev', 'double precision', (col) => col.notNull())
        .addColumn('house_way_ev', 'double precision', (col) => col.notNull())
        .addColumn('ev_lost', 'double precision', (col) => col.notNull())
        .addColumn('review_json', 'text', (col) => col.notNull())
        .addColumn('played_at', 'bigint', (col) => col.notNull())
        .addPrimaryKeyConstraint('daily_plays_pk', ['day', 'player_id', 'hand_index'])
        .execute();
    },
  };
}

/**
 * What makes the processes on this database one deployment (docs/operations.md "A cluster"): one row (`id` 1)
 * whose `identity` the default Redis prefix is derived from (`rooms/redis-presence.ts` `defaultRedisPrefix`), so
 * that every process on the database shares one prefix whatever URL reaches it (`localhost` or `127.0.0.1`). The row
 * is written by the first process to start after this migration (`storage/deployment.ts`), not here: a migration
 * does not know the URL it runs through. Additive: a new table.
 */
function deploymentMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('deployment')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('identity', 'text', (col) => col.notNull())
        .addColumn('created_at_ms', 'bigint', (col) => col.notNull())
        .addCheckConstraint('deployment_one_row', sql`id = 1`)
        .execute();
    },
  };
}

/**
 * Indexes for the reads of tables that grow with play, so that none reads every row (each was a full scan: on SQLite
 * a stall of the event loop that grows with the table). The inbox prune's events never acknowledged, by age (the
 * hourly `pruneEvents`); the accounts by kind (the escrow gauge at every scrape, `paigow audit`: every wallet was
 * read to sum a table's escrow). Additive.
 */
function growingReadsMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('player_events_unacked_idx').on('player_events').column('created_at_ms').where(sql.ref('acked_at_ms'), 'is', null).execute();
      await db.schema.createIndex('accounts_kind_idx').on('accounts').column('kind').execute();
    },
  };
}

/**
 * Each instance's Redis prefix (`server_instances.redis_prefix`, `null` without Redis or from an earlier version): a
 * process whose prefix differs from a live peer's is refused at its start (docs/operations.md "A cluster"). Additive.
 */
function redisPrefixMigration(): Migration {
  return nullableTextColumn('server_instances', 'redis_prefix');
}

/**
 * Each instance's fingerprints of its tables' settings (`server_instances.table_settings_json`, a JSON object by table
 * id, then by setting; `null` from an earlier version): a process whose tables file gives a table other settings than
 * a live peer's says which (docs/operations.md "A cluster"). Additive.
 */
function tableSettingsMigration(): Migration {
  return nullableTextColumn('server_instances', 'table_settings_json');
}

/**
 * The sixteen issuance accounts (`issuanceAccountId`, `'issuance:0'` … `'issuance:f'`, balance 0) that guest grants and
 * top-ups come from instead of the one `'issuance'` row every sign-up and top-up locked. Additive: a process of an
 * earlier version goes on issuing from `'issuance'`, and the ledger's sum stays 0 whichever it uses.
 */
function issuanceAccountsMigration(): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db
        .insertInto('accounts')
        .values(Array.from({ length: 16 }, (_, shard) => ({ id: `issuance:${shard.toString(16)}`, kind: 'issuance', player_id: null, balance_cents: 0, version: 0 })))
        .execute();
    },
  };
}

/** Every migration by name, in the order they apply (exported for the migration tests). */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_ledger': ledgerMigration(dialect),
    '0002_server_instances': instancesMigration(),
    '0003_recovery_notices': recoveryNoticesMigration(),
    '0004_session_activity': sessionActivityMigration(),
    '0005_round_fairness': roundFairnessMigration(),
    '0006_bank_reservations': bankReservationsMigration(),
    '0007_player_language': playerLanguageMigration(),
    '0008_player_events': playerEventsMigration(),
    '0009_table_hosts': tableHostsMigration(),
    '0010_coach': coachMigration(),
    '0011_deployment': deploymentMigration(),
    '0012_growing_reads': growingReadsMigration(),
    '0013_issuance_accounts': issuanceAccountsMigration(),
    '0014_redis_prefix': redisPrefixMigration(),
    '0015_table_settings': tableSettingsMigration(),
  };
}

function migrationProvider(dialect: DialectName): MigrationProvider {
  return {
    async getMigrations() {
      return migrationsFor(dialect);
    },
  };
}

/**
 * Brings the database schema up to date (creating the PostgreSQL schema of `database.schema`
 * if needed). Safe to call on every start and from several processes at once: Kysely's
 * `Migrator` takes a lock and skips migrations already applied.
 *
 * On PostgreSQL the migrator looks for its tables in the pool's own schema only (`postgres-introspector.ts`), so
 * another schema of the database created or dropped meanwhile (another deployment's, a parallel test's) cannot fail it.
 *
 * @returns the names of the migrations applied by this call (empty when already up to date).
 * @throws the migration's error (an invariant break: the server cannot run on a bad schema).
 */
export async function migrateToLatest(database: Database): Promise<string[]> {
  const migrator = new Migrator({
    db: database.db,
    provider: migrationProvider(database.dialect),
    ...(database.schema === null ? {} : { migrationTableSchema: database.schema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
