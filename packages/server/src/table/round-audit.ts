/**
 * The audit trail and metrics of a table's rounds (docs/operations.md "Logs" and "Metrics"): one `info`
 * line per round dealt and per round settled (table id, round id, players, cents), and the counters of
 * metrics/ (`paigow_rounds_dealt_total`, `paigow_wagered_cents_total`, `paigow_rounds_settled_total`,
 * `paigow_house_won_cents_total`, `paigow_house_paid_cents_total`, `paigow_action_stale_total`, `paigow_deals_failed_total`). The table runner
 * calls these once the ledger has answered, with its logger (whose lines already carry the `tableId`).
 */
import type { AccountRef, Hold, Posting, RoundResult, RuleError } from '@paigow/engine';
import { withContext, type Logger, type ProblemLog } from '../log/index.js';
import { countHold, dealsFailed, roundsDealt, roundsSettled, staleRefusals, wageredCents } from '../metrics/index.js';
import { faultSummary } from '../storage/faults.js';

/** True for the house's own accounts (the house bank and its commission account). */
function isHouse(account: AccountRef): boolean {
  return account === 'house' || account === 'commission';
}

/**
 * The house's net result of a settlement's postings, cents: what they move into the house and
 * commission accounts less what they move out (negative when the house lost the round).
 */
export function houseNetCents(postings: readonly Posting[]): number {
  let net = 0;
  for (const posting of postings) {
    if (isHouse(posting.to) && !isHouse(posting.from)) net += posting.amountCents;
    if (isHouse(posting.from) && !isHouse(posting.to)) net -= posting.amountCents;
  }
  return net;
}

/** A round the ledger recorded at the deal (`ledger.openRound`): stakes of `holds` in escrow. */
export function roundDealt(logger: Logger, tableId: string, roundId: string, holds: readonly Hold[]): void {
  const wagered = holds.reduce((sum, hold) => (hold.kind === 'bank' ? sum : sum + hold.amountCents), 0);
  roundsDealt.inc({ table: tableId });
  wageredCents.inc({ table: tableId }, wagered);
  const players = [...new Set(holds.filter((hold) => hold.kind !== 'bank').map((hold) => hold.playerId))];
  withContext(logger, { roundId }).info({ event: 'round-dealt', players, wageredCents: wagered }, 'round dealt');
}

/**
 * A round the ledger settled (`ledger.settleRound`) with `postings`; `result` is the round's, whose players'
 * outcomes and nets go to the audit line (`players`: each player's id, outcome and net in cents; `bankerNetCents`
 * for a player banker).
 */
export function roundSettled(logger: Logger, tableId: string, roundId: string, postings: readonly Posting[], result: RoundResult): void {
  const houseNet = houseNetCents(postings);
  roundsSettled.inc({ table: tableId });
  countHold(tableId, houseNet);
  const players = result.players.map((seat) => ({ playerId: seat.playerId, outcome: seat.outcome, netCents: seat.netCents }));
  const banker = result.banker.kind === 'player' ? { bankerPlayerId: result.banker.playerId, bankerNetCents: result.bankerNetCents } : {};
  withContext(logger, { roundId }).info({ event: 'round-settled', houseNetCents: houseNet, postings: postings.length, players, ...banker }, 'round settled');
}

/**
 * The ledger refused a round's settlement: `action/stale` (another process recovered it) is counted in
 * `paigow_action_stale_total` and logged at `warn`; any other refusal at `error`.
 */
export function settlementRefused(logger: Logger, tableId: string, roundId: string, error: RuleError): void {
  const log = withContext(logger, { roundId });
  if (error.code === 'action/stale') {
    staleRefusals.inc({ table: tableId });
    log.warn({ event: 'settlement-refused', err: error }, 'the round was recovered by another process');
  } else {
    log.error({ event: 'settlement-refused', err: error }, 'could not settle the round');
  }
}

/** A deal the ledger refused (`error`): the round is void and nothing was taken. */
export function dealFailed(logger: Logger, tableId: string, roundId: string, error: RuleError): void {
  dealsFailed.inc({ table: tableId });
  withContext(logger, { roundId }).warn({ event: 'deal-failed', err: error }, 'the deal was refused; the round is void and the bets stay with the players');
}

/**
 * A deal the ledger gave no answer to (`cause`: the last error of its attempts, `table/deal-retry.ts`): one `deal-failed`
 * line through `log` (the table's problem reporter, which names the database's fault), counted as `dealFailed`'s; the
 * round is void, and refunded in the background in case it went through. The message says what the database did
 * (`faultSummary`: it refused the connection, lost it, did not answer in time, could not write to a full disk, …): it
 * said "did not answer in time" of a database that refused at once (an operator's finding, with `SQLITE_FULL`).
 */
export function dealNotRecorded(log: ProblemLog, tableId: string, roundId: string, cause: unknown): void {
  dealsFailed.inc({ table: tableId });
  const what = faultSummary(cause) ?? 'the server failed to record it';
  log(`the deal of ${roundId} failed: ${what}; the round is void, refunded in case it went through`, cause, { event: 'deal-failed', roundId });
}

/** A round the table refunded after its deal or settlement could not be recorded in time: the end of its audit trail. */
export function roundRefunded(logger: Logger, roundId: string, playerIds: readonly string[]): void {
  withContext(logger, { roundId }).info({ event: 'round-refunded', players: playerIds }, 'the round was refunded: the stakes went back');
}
