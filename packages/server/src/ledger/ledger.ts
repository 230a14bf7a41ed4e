/**
 * The play-money ledger and the money side of rounds (rules.md §5: "Money is play money.
 * Every change to a balance is a ledger entry; nothing is ever lost or counted twice").
 *
 * Design (after pgledger and TigerBeetle): accounts hold balances; money moves only by
 * immutable transfers, each with a unique idempotency key and two entries (one per side, with
 * the balance before and after). A balance changes only together with its entry, in the same
 * transaction; history is never updated (a correction is a reversing transfer). The sum of all
 * balances is always 0, because play money is issued from the issuance accounts, which go
 * negative by as much as has been issued. See `accounts.ts` for the accounts.
 *
 * Bets and escrow: a bet placed before the deal is only a number in the room; forgetting it
 * refunds it, and the ledger never hears of it. The stakes enter the ledger at the deal
 * (`openRound` moves them into escrow) and leave it at `settleRound` or `refundRound`. So
 * there is no separate place/release-hold API: a round is the unit of holding.
 *
 * Every write is one database transaction and idempotent: the round id (or the player id) is
 * the idempotency key, and a repeated call returns the stored outcome without posting again.
 * All amounts are integer cents (JS numbers, safe integers).
 */
import type { Result } from '@paigow/engine';
import { roundsRefunded } from '../metrics/index.js';
import { closedFairRoundPages, closedFairRounds, roundFairness, type RoundFairnessRecord } from './round-fairness.js';
import type { Database } from '../storage/database.js';
import { audit } from './audit.js';
import { figuresOf, releaseBank, releaseMovedBank, releaseOrphanReservations, reserveBank, spendableReader, type ReserveBankInput, type TableFigures } from './bank-reservations.js';
import { accountBalances, balance, sumOfBalances, type AccountBalance } from './balances.js';
import { history, type HistoryItem, type HistoryQuery } from './history.js';
import { openRound, type OpenRoundInput } from './open-round.js';
import { claimRound, recoverableRounds, releaseRounds, type LeaseCheck } from './ownership.js';
import { refundRound } from './refund-round.js';
import { ackEvents, pruneEvents, recordEvents, unackedEvents, type EventAck, type PlayerEvent, type PlayerEventInput } from './player-events.js';
import { roundSecretSaver } from './round-secret.js';
import { openRounds, type RoundRecord, type RoundWithSecret } from './rounds.js';
import { settleRound, type SettleRoundInput } from './settle-round.js';
import { topUp, type TopUp } from './top-up.js';

export interface Ledger {
  /**
   * The deal: records round `roundId` as `'open'` (with its private `secret` and its `public`
   * JSON) and moves every hold from its player's wallet into escrow, in one transaction.
   * Participants are the holders (role `'player'`) and `bankerPlayerId` (role `'banker'`). The
   * round's owner is `ownerInstanceId` (the dealing server instance; docs/server.md "Processes, leases
   * and recovery").
   *
   * Idempotent on `roundId`: if the round exists, nothing is posted and the round is returned
   * as it now is (whatever its status).
   *
   * @returns the round; or `ledger/insufficient-funds` if any wallet, less that player's bank reservations
   *   at other tables (`reserveBank`), lacks its stake (nothing changes then; the error's `shortPlayerIds`,
   *   read with `shortPlayersOf`, names those players), `ledger/unknown-account` for an unknown player, `bet/none` for no holds,
   *   `bet/invalid-amount` for an amount that is not a positive integer of cents,
   *   `action/invalid` for an empty id, a duplicate (player, kind) hold, or a `'bank'` hold
   *   from a non-banker / a `'main'`/`'fortune'` hold from the banker.
   *   `action/stale` when `hostedBy` is given and the table's hosting row names another instance (or none).
   * @throws TypeError if `secret` or `public` has no JSON form.
   */
  openRound(input: OpenRoundInput): Promise<Result<RoundRecord>>;

  /**
   * Settles an open round in one transaction: posts `postings` in order, adds the comp point
   * deltas to the players (rules.md §5), and marks the round `'settled'` with `result`.
   * The caller (table logic) computes the postings from the engine's settlement (rules.md §3):
   * e.g. a house-banked win of a 100.00 stake is `escrow → player 10000 'stake-return'`,
   * `house → player 10000 'payout'`, `player → commission 500 'commission'`; a loss is
   * `escrow → house 10000 'stake-lost'`. The postings must release exactly what the round
   * holds in escrow (no more, no less) and name only the round's participants.
   *
   * Idempotent: settling a settled round returns the first settlement and posts nothing.
   *
   * With `ownerInstanceId`, only the round's owner instance may settle it (docs/server.md "Processes,
   * leases and recovery").
   *
   * @returns the settled round (each participant's `netCents` is its wallet's change in the
   *   round); or `action/stale` if the round was refunded or (with `ownerInstanceId`) is owned by
   *   another instance, `action/invalid` for an unknown
   *   round, escrow not released exactly, a non-participant, a bad amount or kind, or a posting
   *   into escrow; `ledger/insufficient-funds` if a wallet (e.g. a banker's) cannot pay its
   *   postings, in order (nothing changes then; the round stays open and may be refunded).
   * @throws TypeError if `result` has no JSON form.
   */
  settleRound(input: SettleRoundInput): Promise<Result<RoundRecord>>;

  /**
   * Returns every hold of an open round to its wallet and marks the round `'refunded'` with
   * `reason`, in one transaction. Idempotent: refunding a refunded round returns it unchanged.
   * With `tell`, each participant's inbox gets `notice/round-recovered` (outcome `'refunded'`) in the same
   * transaction (docs/server.md "The player inbox").
   * @returns the refunded round; or `action/stale` if it was settled, `action/invalid` if unknown.
   */
  refundRound(roundId: string, reason: string, tell?: boolean): Promise<Result<RoundRecord>>;

  /** The rounds still `'open'`, oldest first, with their private `secret` (whoever runs them). */
  openRounds(): Promise<RoundWithSecret[]>;

  /**
   * The open rounds no live server instance runs, oldest first: without an owner, or whose owner is
   * stopped, unknown or has not renewed its lease for `check.leaseMs` (never `check.instanceId`'s own).
   * Recovery settles each (rules.md §5 "Interruptions") after claiming it (`claimRound`).
   */
  recoverableRounds(check: LeaseCheck): Promise<RoundRecord[]>;

  /**
   * Makes `check.instanceId` the owner of open round `roundId` if no live instance runs it, in one
   * statement (of several processes, exactly one claims it; the old owner can then no longer settle it).
   * @returns the round with its private `secret` as of the claim; `null` if it is not open or its owner is alive.
   */
  claimRound(roundId: string, check: LeaseCheck): Promise<RoundWithSecret | null>;

  /**
   * Hands open rounds `roundIds` that `instanceId` owns to recovery, in one statement: they get no owner, so the
   * next recovery sweep of any process settles them (`recoverableRounds`). For a table this live process stopped
   * running while its round was in play (docs/server.md "Table hosting"); a round settled, refunded or owned by
   * another instance meanwhile is left as it is.
   * @returns how many rounds were handed over
   */
  releaseRounds(roundIds: readonly string[], instanceId: string): Promise<number>;

  /**
   * Writes `events` to their players' inboxes (docs/server.md "The player inbox") in one transaction, for a
   * change that touched no money (a bet returned from the felt, a seat lost); settlements and refunds write
   * theirs in their own transaction (`SettleRoundInput.tell`, `refundRound`'s `tell`).
   * @returns the events with their numbers (`seq`, 1, 2, ... per player), in the given order
   * @throws the database's error (nothing written)
   */
  recordEvents(events: readonly PlayerEventInput[]): Promise<PlayerEvent[]>;

  /**
   * The events of `playerIds` that no client has acknowledged, by player id then `seq`, at most
   * `EVENTS_PER_READ` (100) per player, the oldest first; with `after`, only those numbered above
   * `after.get(playerId)`. Events of an unknown code are skipped.
   */
  unackedEvents(playerIds: readonly string[], after?: ReadonlyMap<string, number>): Promise<PlayerEvent[]>;

  /**
   * Marks the events `acks` name (a player's event by its number) acknowledged (a client showed them): they are no
   * longer sent. One statement for all. Unknown or already acknowledged numbers change nothing.
   * @returns how many this call marked
   */
  ackEvents(acks: readonly EventAck[]): Promise<number>;

  /**
   * Deletes the events acknowledged before `ackedBeforeMs` and those never acknowledged written before
   * `unackedBeforeMs` (epoch ms; docs/server.md "The player inbox": retention), a thousand at most a statement
   * (`PRUNE_BATCH_ROWS`). @returns how many
   */
  pruneEvents(ackedBeforeMs: number, unackedBeforeMs: number): Promise<number>;

  /**
   * Replaces the private `secret` of an open round (money is not touched), so that recovery after a
   * restart sees the settings submitted so far. Records saved at about the same time (within a turn of
   * the event loop) are written by one statement (`round-secret.ts`); this resolves once this one is.
   * @returns nothing; or `action/stale` if the round is not open (unknown, settled or refunded).
   * @throws TypeError if `secret` has no JSON form.
   */
  saveRoundSecret(roundId: string, secret: unknown): Promise<Result<void>>;

  /**
   * The rounds `playerId` took part in, newest first, with their public and result JSON and the
   * player's net change in cents (derived from its entries). Page with `{ limit, before }`:
   * `before` is the `roundId` of the last item of the previous page. Unknown player: `[]`.
   */
  history(playerId: string, query?: HistoryQuery): Promise<HistoryItem[]>;

  /** The balance of `playerId`'s wallet in cents; or `ledger/unknown-account`. */
  balance(playerId: string): Promise<Result<number>>;

  /**
   * Commits a banking player's cover when it approves (docs/server.md "The banker's cover"): holds the
   * largest amount ≤ `maxCents` of its wallet that no bank at another table holds, for its bank at
   * `tableId` (replacing the one held there before). No money moves; deals and banks at other tables
   * see the wallet less it.
   * @returns the cents held (≥ `minCents`); or `ledger/insufficient-funds` when less than `minCents` is
   *   free, `ledger/unknown-account`, `bet/invalid-amount` for a bad range
   */
  reserveBank(input: ReserveBankInput): Promise<Result<number>>;

  /** Drops `playerId`'s bank reservation at `tableId` (it left the bank). */
  releaseBank(tableId: string, playerId: string): Promise<void>;

  /**
   * Ends `playerId`'s bank at `tableId` because the table moves to another process: drops its reservation and
   * tells it (`notice/left-bank`, `table-moved`; `nowMs` the notice's time), in one transaction.
   */
  releaseMovedBank(tableId: string, playerId: string, nowMs: number): Promise<void>;

  /**
   * What `playerId` may stake at `tableId`, cents: its wallet less its bank reservations at other tables
   * (never below 0); or `ledger/unknown-account`. Checks asked at about the same time (within a turn of the
   * event loop) are read by one statement (`spendableReader`).
   */
  spendable(playerId: string, tableId: string): Promise<Result<number>>;

  /**
   * What each of `playerIds` may stake at `tableId` (as `spendable`) and its comp points, read in one
   * statement (issue 11 point 4c); unknown players are absent. Throws when the database does not answer.
   */
  figures(playerIds: readonly string[], tableId: string): Promise<TableFigures[]>;

  /** Drops the bank reservations of processes no longer alive (recovery), telling each banker (`notice/left-bank`, `server-stopped`); returns how many. */
  releaseOrphanReservations(check: LeaseCheck): Promise<number>;

  /**
   * Brings a broke player (balance below `brokeBelowCents`, default 1.00 = `BROKE_BELOW_CENTS`, nothing
   * held in an open round) back to 1,000.00 by a transfer from its issuance account (`issuanceAccountId`). A table passes its minimum bet
   * when that is higher, so a player who cannot cover it there may top up; a balance of 1,000.00 or more is
   * never broke (a tables file refuses a minimum bet above it).
   * @returns the new balance and the amount issued; or `ledger/not-broke`, `ledger/unknown-account`.
   */
  topUp(playerId: string, brokeBelowCents?: number): Promise<Result<TopUp>>;

  /** Every account (wallets and system accounts) with its balance in cents, by account id. */
  accountBalances(): Promise<AccountBalance[]>;

  /** The sum of all balances in cents: always 0 (an operator check). */
  sumOfBalances(): Promise<number>;

  /**
   * Checks the whole ledger: the sum of balances is 0; per account, entries chain
   * `balance_before → balance_after` from 0 with versions 1, 2, ... and end at the stored
   * balance; each transfer has its two entries; no wallet, escrow or commission is negative;
   * escrow equals the holds of the open rounds. Reads everything: for tests and operators.
   * @returns the problems found, empty when the ledger is sound.
   */
  audit(): Promise<string[]>;

  /**
   * The provably fair facts of round `roundId` (fairness.md): status, commitment, client seeds, server
   * seed and records, for `GET /api/rounds/<id>/fairness`, which reveals the seed only once the round is
   * closed. @returns `null` for an unknown round
   */
  roundFairness(roundId: string): Promise<RoundFairnessRecord | null>;

  /** The same for the closed rounds dealt from seeds, oldest first, at most `limit` (the fairness audit). */
  closedFairRounds(limit?: number): Promise<RoundFairnessRecord[]>;

  /** The same, newest first, in pages of a statement each (`closedFairRoundPages`): the audit over HTTP. */
  closedFairRoundPages(limit: number): AsyncIterable<RoundFairnessRecord[]>;
}

/** The ledger on `database` (migrated with `migrateToLatest`). */
export function createLedger(database: Database): Ledger {
  const saveRoundSecret = roundSecretSaver(database);
  const spendable = spendableReader(database);
  return {
    openRound: (input) => openRound(database, input),
    settleRound: (input) => settleRound(database, input),
    refundRound: async (roundId, reason, tell) => {
      const refunded = await refundRound(database, roundId, reason, tell);
      if (refunded.ok) roundsRefunded.inc({ table: refunded.value.tableId });
      return refunded;
    },
    openRounds: () => openRounds(database),
    recoverableRounds: (check) => recoverableRounds(database, check),
    recordEvents: (events) => recordEvents(database, events),
    unackedEvents: (playerIds, after) => unackedEvents(database.db, playerIds, after),
    ackEvents: (acks) => ackEvents(database.db, acks, Date.now()),
    pruneEvents: (ackedBeforeMs, unackedBeforeMs) => pruneEvents(database.db, ackedBeforeMs, unackedBeforeMs),
    claimRound: (roundId, check) => claimRound(database, roundId, check),
    releaseRounds: (roundIds, instanceId) => releaseRounds(database, roundIds, instanceId),
    saveRoundSecret,
    history: (playerId, query) => history(database, playerId, query),
    balance: (playerId) => balance(database, playerId),
    reserveBank: (input) => reserveBank(database, input),
    releaseBank: (tableId, playerId) => releaseBank(database, tableId, playerId),
    releaseMovedBank: (tableId, playerId, nowMs) => releaseMovedBank(database, tableId, playerId, nowMs),
    spendable,
    figures: (playerIds, tableId) => figuresOf(database, playerIds, tableId),
    releaseOrphanReservations: (check) => releaseOrphanReservations(database, check),
    topUp: (playerId, brokeBelowCents) => topUp(database, playerId, brokeBelowCents),
    accountBalances: () => accountBalances(database),
    sumOfBalances: () => sumOfBalances(database),
    audit: () => audit(database),
    roundFairness: (roundId) => roundFairness(database, roundId),
    closedFairRounds: (limit) => closedFairRounds(database, limit),
    closedFairRoundPages: (limit) => closedFairRoundPages(database, limit),
  };
}
