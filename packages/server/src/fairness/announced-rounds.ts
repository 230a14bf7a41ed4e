/**
 * The rounds the tables announced and have not dealt yet (fairness.md §1: a round's commitment is published before
 * its first bet; docs/fairness.md "The proof": `GET /api/rounds/<roundId>/fairness` answers 409 with it from then on).
 * Each hosted table's room announces the round its table deals next (`TableState.nextRound`: committed at the deal of
 * the round before it, in the views between rounds) as it opens and after every change of the table, which costs a
 * comparison unless the round is new. A table announces one round at a time: its next one withdraws it, and by then it
 * was dealt (the ledger has it: a room hears of a change once the table's ledger transactions are done) or voided. A
 * room that closes withdraws its table's.
 *
 * On one process they are a map here. In a cluster (Redis) each is also a key of the deployment's presence,
 * `fairness:announced:<roundId>` under the deployment's prefix (docs/server.md "Scaling out"), holding the commitment, so
 * that any process answers for a round another announced: written once per round announced (never per view), deleted
 * when withdrawn, and expiring after `ANNOUNCED_TTL_S` unless written again, which happens every
 * `ANNOUNCED_REFRESH_MS` while it is announced (an empty table waits for its first bet as long as it likes). So a
 * process killed before the deal leaves its announcement for `ANNOUNCED_TTL_S` at most: its tables draw new seeds
 * wherever they are hosted next, and that round is never dealt.
 */
import type { NextRound } from '@paigow/engine';
import { briefError, LineThrottle, redisFaultOf, rootLogger, type Logger } from '../log/index.js';
import { within } from '../within.js';

/** How long an announcement's presence key lives unless written again, seconds. */
export const ANNOUNCED_TTL_S = 300;

/** How often the keys of the rounds still announced here are written again, ms: well inside `ANNOUNCED_TTL_S`. */
export const ANNOUNCED_REFRESH_MS = 120_000;

/** How long a lookup waits for the presence, ms: a Redis that does not answer fails the request (503), it does not hold it. */
const LOOKUP_WAIT_MS = 2_000;

/** What the announcements need of the deployment's presence (Colyseus' `Presence` on Redis has these). */
export interface SharedKeys {
  setex(key: string, value: string, seconds: number): unknown;
  get(key: string): unknown;
  del(key: string): unknown;
}

/**
 * The presence did not answer a lookup (Redis out of reach, or no answer within `LOOKUP_WAIT_MS`): the round may have
 * been announced by another process, so the route can say neither 409 nor 404 (it answers 503
 * `server/coordination-unavailable`). Anyone may ask for any round id, so the failure is a throttled `warn` line
 * (`announcement-lookup-failed`), not one line with a stack per request.
 */
export class AnnouncementsUnreachable extends Error {
  constructor(readonly reason: string) {
    super(`the announced rounds cannot be read: ${reason}`);
    this.name = 'AnnouncementsUnreachable';
  }
}

/** The presence key of `roundId`'s announcement (the presence adds the deployment's prefix). */
export function announcedKey(roundId: string): string {
  return `fairness:announced:${roundId}`;
}

/** See the module comment. */
export class AnnouncedRounds {
  /** The round each table announces here, by table id. */
  private readonly byTable = new Map<string, string>();
  /** The commitment of each round announced here, by round id. */
  private readonly commitments = new Map<string, string>();
  private readonly ttlS: number;
  private readonly refresher: NodeJS.Timeout | null;
  private readonly failures = new LineThrottle();
  private readonly lookupFailures = new LineThrottle();
  private closed = false;

  /**
   * @param shared the deployment's presence in a cluster (Redis); `null` on one process (this map answers alone)
   * @param logger where a write the presence refused goes: a `warn` line `announcement-failed`, at most one every
   *   `LOG_REPEAT_MS` (`repeated` counting those not written)
   * @param timing the keys' expiry, seconds, and how often they are written again, ms (tests shorten them)
   */
  constructor(
    private readonly shared: SharedKeys | null,
    private readonly logger: Logger = rootLogger(),
    timing: { readonly ttlS: number; readonly refreshMs: number } = { ttlS: ANNOUNCED_TTL_S, refreshMs: ANNOUNCED_REFRESH_MS },
  ) {
    this.ttlS = timing.ttlS;
    this.refresher = shared === null ? null : setInterval(() => this.refresh(), timing.refreshMs);
    this.refresher?.unref();
  }

  /**
   * `tableId` announces `round`, the round it deals next, withdrawing the round it announced before; `null`: it
   * announces none (its room closed, or it deals from a test's random source). The same round again changes nothing.
   */
  announce(tableId: string, round: NextRound | null): void {
    const previous = this.byTable.get(tableId);
    if (this.closed || previous === round?.roundId) return;
    if (previous !== undefined) {
      this.byTable.delete(tableId);
      this.commitments.delete(previous);
      void this.write((shared) => shared.del(announcedKey(previous)));
    }
    if (round === null) return;
    this.byTable.set(tableId, round.roundId);
    this.commitments.set(round.roundId, round.commitment);
    void this.write((shared) => shared.setex(announcedKey(round.roundId), round.commitment, this.ttlS));
  }

  /**
   * The commitment (64 hex digits) of `roundId` if a table of the deployment announced it and has not dealt it, nor
   * closed, since; else `null`. Asks the presence only for a round not announced here.
   * @throws AnnouncementsUnreachable when the presence fails or does not answer within `LOOKUP_WAIT_MS`
   */
  async commitmentOf(roundId: string): Promise<string | null> {
    const here = this.commitments.get(roundId);
    if (here !== undefined || this.shared === null) return here ?? null;
    let shared: unknown;
    try {
      shared = await within(Promise.resolve(this.shared.get(announcedKey(roundId))), LOOKUP_WAIT_MS);
    } catch (error) {
      const err = briefError(error);
      const fault = redisFaultOf(error);
      this.lookupFailures.offer((repeated) => {
        this.logger.warn(
          { event: 'announcement-lookup-failed', err, ...(fault === null ? {} : { fault }), ...(repeated > 0 ? { repeated } : {}) },
          `fairness: the presence did not answer a lookup of an announced round: ${err.message}`,
        );
      });
      throw new AnnouncementsUnreachable(err.message);
    }
    return typeof shared === 'string' ? shared : null;
  }

  /** Withdraws every announcement made here and stops the refresh (the server stops); later announcements are ignored. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.refresher !== null) clearInterval(this.refresher);
    const roundIds = [...this.commitments.keys()];
    this.byTable.clear();
    this.commitments.clear();
    await Promise.all(roundIds.map((roundId) => this.write((shared) => shared.del(announcedKey(roundId)))));
  }

  /** Writes the keys of the rounds still announced here again, with a fresh expiry. */
  private refresh(): void {
    for (const [roundId, commitment] of this.commitments) void this.write((shared) => shared.setex(announcedKey(roundId), commitment, this.ttlS));
  }

  /**
   * Sends one command to the presence now (none on one process); its failure is a throttled `warn` line (meanwhile the
   * other processes answer that round as unknown, 404, or, for a withdrawn one, as announced until its key expires).
   */
  private write(command: (shared: SharedKeys) => unknown): Promise<void> {
    const shared = this.shared;
    if (shared === null) return Promise.resolve();
    return new Promise((resolve) => resolve(command(shared))).then(
      () => undefined,
      (error: unknown) => {
        const fault = redisFaultOf(error);
        this.failures.offer((repeated) => {
          const err = briefError(error);
          this.logger.warn(
            { event: 'announcement-failed', err, ...(fault === null ? {} : { fault }), ...(repeated > 0 ? { repeated } : {}) },
            `fairness: the presence did not take an announced round's key: ${err.message}`,
          );
        });
      },
    );
  }
}
